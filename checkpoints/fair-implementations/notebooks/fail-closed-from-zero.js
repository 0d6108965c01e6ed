// A solved build notebook that differs from the solutions only where the chapter leaves the choice open.
// Free choices:
// - after a call runs out of time, the session refuses every later request (fail-closed)
// - which typed error refuses a request once the session is closed
// - ids start at 0
// - a request from the server does not count among the sixteen skipped messages
"use strict";
// Each entry replaces the solutions' cell that starts with its key (the import cell gains ClosedError).
exports.cells = {
  "import {": (source) => source.replace("DeadlineError,", "DeadlineError, ClosedError,"),
  "async function request(":
    () => `// Sessions whose call ran out of time: the stream may still hold the late reply, so they take no more requests.
const timedOutSessions = new WeakSet<ClientContext>();

async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {
  if (timedOutSessions.has(context)) {
    throw new ClosedError("unusable", { what: \`a call ran out of time earlier, so \${method} is not sent\` });
  }
  const id = context.nextId() - 1; // ids from 0
  const deadline = AbortSignal.timeout(context.timeoutMs);
  context.send(requestMessage(id, method, params));
  try {
    let skipped = 0;
    for (;;) {
      const message = parseFrame(await context.nextFrame(deadline));
      if ("method" in message && "id" in message) {
        context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });
        continue; // answered: not counted as a skipped message
      }
      const answer = answerFor(id, message);
      if (answer !== null) return answer;
      skipped += 1;
      if (skipped > 16) {
        throw new ProtocolError("too-many-messages", { what: \`\${skipped} messages came before the answer to \${method}\` });
      }
    }
  } catch (error) {
    if (error instanceof DeadlineError) timedOutSessions.add(context);
    throw error;
  }
}`,
};
