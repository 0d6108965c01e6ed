/**
 * How the tools/call reply reaches the client in each mode. In "normal" it is simply sent; in
 * the other modes it is late, mislabelled, too big, endless, preceded by something a client
 * must skip or refuse, or never sent at all. Each case here is one lesson.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { Diagnose } from "./diagnostics.js";
import { isObject, notificationMessage, type JsonObject, type RequestId } from "./jsonrpc.js";
import { misbehavesAt, spreadGapMs, type ModeAt, type ModeName } from "./modes.js";
import type { Output, WriteChunk } from "./output.js";

export interface CallReplyContext {
  readonly mode: ModeName;
  readonly output: Output;
  readonly diagnose: Diagnose;
  readonly endlessBytes: number;
  /** Sends a reply the ordinary way (with the notify/stderr-log extras and stale's memory). */
  reply(message: JsonObject): void;
  /** The last reply sent before this one, if any. */
  previousReply(): JsonObject | undefined;
  /** Sends the client a request (ping, or one it cannot serve); resolves once any answer to it has arrived. */
  askClient(method: string, params?: JsonObject): Promise<void>;
  /** --ask-ids: the ids the server's requests carry, in order. */
  readonly askIds: readonly RequestId[] | undefined;
  /** reverse mode's hold on replies waiting to be sent out of order. */
  readonly reverse: ReverseHold;
}

export const OVERSIZED_PADDING_BYTES = 1024 * 1024;
export const CHATTY_NOTIFICATIONS = 20;
export const TRICKLE_INTERVAL_MS = spreadGapMs("trickle");
export const DRIP_NOTIFICATIONS = 12;
export const DRIP_INTERVAL_MS = spreadGapMs("drip");
export const REVERSE_WAIT_MS = 2000;
export const STDOUT_LOG_LINE = "calling tool now";
/** sampling mode's request: a capability (the client's) that no client of the chapter declares. */
export const SAMPLING_METHOD = "sampling/createMessage";
const SAMPLING_PARAMS: JsonObject = {
  messages: [{ role: "user", content: { type: "text", text: "Should Lucy order more vanilla?" } }],
  maxTokens: 50,
};

/**
 * What sampling mode asks, in turn, one for each id --ask-ids names: requests of capabilities a
 * client of the chapter never declares (MCP 2025-06-18's sampling, elicitation, roots), then a
 * method no spec has. The client serves none, so each gets the same refusal.
 */
export const UNSERVED_ASKS: readonly { readonly method: string; readonly params?: JsonObject }[] = [
  { method: SAMPLING_METHOD, params: SAMPLING_PARAMS },
  {
    method: "elicitation/create",
    params: { message: "Which flavour next?", requestedSchema: { type: "object", properties: {} } },
  },
  { method: "roots/list" },
  { method: "lucy/stock-take", params: { flavour: "vanilla" } },
];

/** The request sampling mode asks with its `index`th id (0-based). */
export const unservedAsk = (index: number): (typeof UNSERVED_ASKS)[number] =>
  UNSERVED_ASKS[index % UNSERVED_ASKS.length]!;

/** How one mode delivers the tools/call reply. */
type Delivery = (context: CallReplyContext, id: RequestId, reply: JsonObject) => void;

/** The reply as it is, the ordinary way: modes whose fault lies elsewhere (the handshake, the catalog, stderr, shutdown). */
const asIs: Delivery = (context, _id, reply) => context.reply(reply);

/**
 * The delivery of every mode whose row says it misbehaves in its reply, named one by one: such a
 * row does not compile without its entry here. Every other mode's row names where its fault lies
 * instead, and its reply goes out as it is.
 */
const DELIVERIES: Record<ModeAt<"reply">, Delivery> = {
  "wrong-id": (context, id, reply) => context.reply({ ...reply, id: typeof id === "number" ? id + 1 : `${id}+1` }),
  stale: (context, _id, reply) => {
    const previous = context.previousReply();
    if (previous === undefined) context.diagnose("stale: no earlier reply to repeat");
    else context.output.send(previous);
    context.reply(reply);
  },
  oversized: (context, _id, reply) => context.reply(padded(reply, OVERSIZED_PADDING_BYTES)),
  "stdout-log": (context, _id, reply) => {
    context.output.text(`${STDOUT_LOG_LINE}\n`);
    context.reply(reply);
  },
  hang: (context, id) => context.diagnose(`hang: tools/call ${JSON.stringify(id)} will never be answered`),
  trickle: (context, _id, reply) =>
    context.output.long((write, signal) => trickle(write, signal, Buffer.from(JSON.stringify(reply), "utf8"))),
  // Each read gets a whole frame soon; only a deadline shared by all reads ends the wait first.
  drip: (context, _id, reply) => context.output.long((write, signal) => drip(write, signal, reply)),
  chatty: (context, _id, reply) => {
    for (let index = 1; index <= CHATTY_NOTIFICATIONS; index += 1) {
      context.output.send(
        notificationMessage("notifications/message", {
          level: "info",
          logger: "lucy-teaching-server",
          data: `chatty note ${index} of ${CHATTY_NOTIFICATIONS} before the answer`,
        }),
      );
    }
    context.reply(reply);
  },
  ping: (context, _id, reply) => void askEach(context, () => ({ method: "ping" })).then(() => context.reply(reply)),
  // A capability the client never declared: it answers "method not found", and the call goes on.
  sampling: (context, _id, reply) => void askEach(context, unservedAsk).then(() => context.reply(reply)),
  endless: (context, id) =>
    context.output.long((write, signal) => writeEndlessLine(write, signal, id, context.endlessBytes)),
  reverse: (context, _id, reply) => context.reverse.add(() => context.reply(reply)),
};

/**
 * Asks the client once per id --ask-ids names (once when it names none), the `index`th ask's
 * request from `ask`, all at once, and resolves when every one is answered: one round trip, however
 * loaded the machine.
 */
async function askEach(
  context: CallReplyContext,
  ask: (index: number) => { readonly method: string; readonly params?: JsonObject },
): Promise<void> {
  const asks = Math.max(1, context.askIds?.length ?? 0);
  await Promise.all(
    Array.from({ length: asks }, (_, index) => {
      const { method, params } = ask(index);
      return context.askClient(method, params);
    }),
  );
}

/** Delivers `reply`, the correct answer to the tools/call request `id`, as the mode dictates. */
export function deliverCallReply(context: CallReplyContext, id: RequestId, reply: JsonObject): void {
  (misbehavesAt(context.mode, "reply") ? DELIVERIES[context.mode] : asIs)(context, id, reply);
}

/** The same reply with about `bytes` more of text: a good answer, in a frame too big to take. */
function padded(reply: JsonObject, bytes: number): JsonObject {
  const padding = "vanilla ".repeat(Math.ceil(bytes / 8));
  const result = reply["result"];
  if (isObject(result) && Array.isArray(result["content"])) {
    return { ...reply, result: { ...result, content: [...result["content"], { type: "text", text: padding }] } };
  }
  const error = isObject(reply["error"]) ? reply["error"] : {};
  return { ...reply, error: { ...error, data: padding } };
}

const ENDLESS_CHUNK = Buffer.from("vanilla stock needs review ".repeat(2428), "utf8"); // ~64 KiB, no newline

/** The start of a reply whose text never closes, written until `limit` bytes or a shutdown. */
async function writeEndlessLine(write: WriteChunk, signal: AbortSignal, id: RequestId, limit: number): Promise<void> {
  const opening = Buffer.from(
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`,
    "utf8",
  );
  let remaining = limit;
  for (let chunk = opening; remaining > 0 && !signal.aborted; chunk = ENDLESS_CHUNK) {
    const piece = chunk.subarray(0, Math.min(chunk.length, remaining));
    await write(piece);
    remaining -= piece.length;
  }
}

/**
 * The reply one byte at a time, every TRICKLE_INTERVAL_MS, without its closing brace; then
 * spaces (legal JSON whitespace) forever. Every read gets a byte soon, the line never ends.
 */
async function trickle(write: WriteChunk, signal: AbortSignal, line: Buffer): Promise<void> {
  const start = line.subarray(0, -1);
  for (let index = 0; !signal.aborted; index += 1) {
    await write(index < start.length ? start.subarray(index, index + 1) : " ");
    await delay(TRICKLE_INTERVAL_MS, undefined, { signal });
  }
}

/** DRIP_NOTIFICATIONS notifications, DRIP_INTERVAL_MS apart, then the reply itself. */
async function drip(write: WriteChunk, signal: AbortSignal, reply: JsonObject): Promise<void> {
  for (let index = 1; index <= DRIP_NOTIFICATIONS && !signal.aborted; index += 1) {
    const note = notificationMessage("notifications/progress", {
      progressToken: "drip",
      progress: index,
      total: DRIP_NOTIFICATIONS,
    });
    await write(Buffer.from(`${JSON.stringify(note)}\n`, "utf8"));
    await delay(DRIP_INTERVAL_MS, undefined, { signal }).catch(() => undefined);
  }
  if (!signal.aborted) await write(Buffer.from(`${JSON.stringify(reply)}\n`, "utf8"));
}

/**
 * reverse mode: holds tools/call replies until two are waiting, then sends the second first.
 * A lone reply is sent after REVERSE_WAIT_MS; on shutdown whatever is held is sent in order.
 */
export class ReverseHold {
  private held: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;

  add(send: () => void): void {
    this.held.push(send);
    if (this.held.length >= 2) {
      const [first, second] = this.take();
      second?.();
      first?.();
      return;
    }
    this.timer = setTimeout(() => this.flush(), REVERSE_WAIT_MS);
  }

  flush(): void {
    for (const send of this.take()) send();
  }

  /** Drops what is held, and its timer: the server has ended. */
  cancel(): void {
    this.take();
  }

  private take(): Array<() => void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.held;
    this.held = [];
    return held;
  }
}
