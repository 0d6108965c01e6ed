// The library's own pieces in the build notebook's shape: its pure functions as they are, and
// request/connect/callTool/close over a ClientContext (what the build notebook's reveals show). Exercise 5 hands a learner a context built on
// these, so their outstanding-id table is the only new code in play.
import { MAX_TIMEOUT_MS } from "../client/options.js";
import { endProcessGroup } from "../client/process-group.js";
import type { ExitStatus } from "../client/stdio-client.js";
import { JSON_RPC_ERRORS, MAX_SKIPPED_MESSAGES, PROTOCOL_VERSION } from "../protocol/constants.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { RefusedError } from "../errors/refused-error.js";
import { UsageError } from "../errors/usage-error.js";
import { encodeFrame } from "../protocol/encode-frame.js";
import { FrameReader } from "../protocol/frame-reader.js";
import { checkInitialize, checkTools, type McpTool } from "../protocol/handshake.js";
import { topTools } from "../tools/top-tools.js";
import { answerFor, notificationMessage, requestMessage, type JsonObject } from "../protocol/messages.js";
import { parseFrame } from "../protocol/parse-frame.js";
import { resultText } from "../protocol/result-text.js";
import { AssembledClient, type ClientContext } from "./assembled-client.js";
import type { PieceSet } from "./piece-names.js";
import type { StdioClientOptions } from "../client/options.js";

async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {
  const id = context.nextId();
  const deadline = AbortSignal.timeout(context.timeoutMs);
  context.send(requestMessage(id, method, params));
  for (let skipped = 0; skipped <= MAX_SKIPPED_MESSAGES; skipped += 1) {
    const message = parseFrame(await context.nextFrame(deadline));
    if ("method" in message && "id" in message) {
      context.send(
        message["method"] === "ping"
          ? { jsonrpc: "2.0", id: message["id"], result: {} }
          : {
              jsonrpc: "2.0",
              id: message["id"],
              error: { code: JSON_RPC_ERRORS.methodNotFound, message: "method not found" },
            },
      );
      continue;
    }
    const answer = answerFor(id, message);
    if (answer !== null) return answer;
  }
  throw new ProtocolError("too-many-messages", {
    what: `more than ${MAX_SKIPPED_MESSAGES} messages before the answer to ${method}`,
    expected: `the response to request ${id}`,
  });
}

async function connect(context: ClientContext): Promise<McpTool[]> {
  // A deadline that can never end bounds nothing, and the chapter bounds it at 60 s: refused before a byte is sent.
  if (!(context.timeoutMs > 0 && context.timeoutMs <= MAX_TIMEOUT_MS))
    throw new UsageError("timeout", {
      what: "timeout out of range",
      expected: `a number of ms in (0, ${MAX_TIMEOUT_MS}]`,
      received: String(context.timeoutMs),
    });
  checkInitialize(
    await request(context, "initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "mcp-workbook-build", version: "0.1.0" },
    }),
  );
  context.send(notificationMessage("notifications/initialized"));
  return checkTools(await request(context, "tools/list", {}));
}

async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {
  if (!context.allowed.has(name))
    throw new RefusedError("not-allowed", { what: `${JSON.stringify(name)} is not allowed by this application` });
  if (!context.catalog.has(name))
    throw new RefusedError("not-advertised", { what: `${JSON.stringify(name)} was not advertised by this server` });
  return resultText(await request(context, "tools/call", { name, arguments: args }));
}

async function close(context: ClientContext): Promise<ExitStatus> {
  context.endInput();
  if (context.pid === undefined) return context.exited;
  await Promise.race([context.exited, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  await endProcessGroup(context.pid, 500);
  return context.exited;
}

/** Every piece, the library's way. */
export function referencePieces(): PieceSet {
  return {
    requestMessage,
    notificationMessage,
    answerFor,
    encodeFrame,
    FrameReader,
    parseFrame,
    checkInitialize,
    checkTools,
    resultText,
    request,
    connect,
    callTool,
    close,
    topTools,
  };
}

/** A ready client over the library's pieces (handshake and discovery done): its `context` is what exercise 5 gets. */
export async function readyContextClient(
  command: readonly string[],
  options: StdioClientOptions = {},
): Promise<AssembledClient> {
  const client = new AssembledClient(referencePieces, command, options);
  await client.initialize(); // the reference connect: handshake and discovery
  return client;
}
