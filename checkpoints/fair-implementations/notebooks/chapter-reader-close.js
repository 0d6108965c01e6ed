// A solved build notebook that differs from the solutions only where the chapter leaves the choice open.
// Free choices:
// - the chapter's frame reader: one buffer, and a read that holds an overlong line loses the frames before it
// - after refusing a line, the reader refuses again on the bytes that follow
// - answerFor refuses a request from the server (the read loop answers it first)
// - a grace before signalling longer than the chapter's 1 s
// - no pause between SIGTERM and SIGKILL
// - close() reports a signal as a negative number, as the chapter's does
"use strict";
// Each entry replaces the solutions' cell that starts with its key.
exports.cells = {
  "class FrameReader": () => `class FrameReader {
  readonly limit: number;
  private buffer = Buffer.alloc(0);

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
  }

  feed(chunk: Uint8Array): Buffer[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const lines: Buffer[] = [];
    for (let at = this.buffer.indexOf(0x0a); at !== -1; at = this.buffer.indexOf(0x0a)) {
      const line = this.buffer.subarray(0, at);
      this.buffer = this.buffer.subarray(at + 1);
      if (line.length + 1 > this.limit) throw new ProtocolError("frame-limit", { what: \`frame exceeds the \${this.limit}-byte limit\` });
      lines.push(Buffer.from(line));
    }
    if (this.buffer.length >= this.limit) throw new ProtocolError("frame-limit", { what: \`frame exceeds the \${this.limit}-byte limit\` });
    return lines;
  }
}`,
  "function answerFor(": () => `function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  if ("method" in message && !("id" in message)) return null; // a notification: skipped
  const id = message.id;
  if (typeof id !== "number" || id !== requestId) {
    throw new ProtocolError("wrong-id", { what: \`response id \${JSON.stringify(id)} does not answer request \${requestId}\` });
  }
  if ("method" in message) throw new ProtocolError("bad-response", { what: "a request of the server's, not our reply" });
  if ("error" in message) {
    const error = message.error as { code?: unknown; message?: unknown } | null;
    if ("result" in message || typeof error !== "object" || error === null || !Number.isInteger(error.code) || typeof error.message !== "string") {
      throw new ProtocolError("bad-response", { what: \`response \${requestId} carries a malformed error\` });
    }
    throw new ServerError(error as { code: number; message: string }, { what: \`server error \${error.code}: \${error.message}\` });
  }
  const result = message.result;
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    throw new ProtocolError("bad-response", { what: \`response \${requestId} carries no result object\` });
  }
  return result as JsonObject;
}`,
  "async function close(": () => `async function close(context: ClientContext): Promise<ExitStatus> {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  context.endInput();
  const pid = context.pid;
  if (pid === undefined) return context.exited;
  await Promise.race([context.exited, pause(2000)]);
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    try {
      process.kill(-pid, signal);
    } catch {
      break; // the group is gone
    }
  }
  const status = await context.exited;
  const signals: Record<string, number> = { SIGTERM: 15, SIGKILL: 9 };
  return typeof status === "string" && status in signals ? -signals[status]! : status;
}`,
};
