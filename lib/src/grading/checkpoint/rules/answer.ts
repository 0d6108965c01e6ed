// The probe's ops: how a plain-data request becomes a call into an implementation, and its result
// or error becomes plain data again. The grading host runs this in a child process; feedback in a
// learner's notebook runs it in place. The verdict is never made here.
import { isDeepStrictEqual } from "node:util";
import { bm25Scorer } from "../../../tools/bm25.js";
import type { CursorTrial } from "../../../exercises/ex4-cursor-loop/check.js";
import type { InFlightTrial } from "../../../exercises/ex5-in-flight/check.js";
import type { ProbeScript } from "../../../exercises/ex7-dual-era/probe-trial.js";
import { exerciseTrials } from "./exercise-trials.js";
import type { ClientMethod, FrameForm, ProbeAnswer, ProbeError, ProbeRequest } from "./types.js";
import { fromWire, inForm, toWire } from "./wire.js";
import { seededScorer } from "./seeded-scorer.js";

/** The client calls a probe makes; any object with these methods will do. */
interface ClientLike {
  readonly pid?: number | undefined;
  [method: string]: unknown;
}

/** The implementation as the probe sees it: names looked up when each request arrives. */
export type Pieces = Readonly<Record<string, unknown>>;

/** One probe's state: the clients it started, by handle. */
export class ProbeState {
  readonly clients = new Map<number, ClientLike>();
  private next = 1;
  add(client: ClientLike): number {
    const handle = this.next;
    this.next += 1;
    this.clients.set(handle, client);
    return handle;
  }
}

export function probeError(error: unknown): ProbeError {
  if (typeof error === "object" && error !== null) {
    const record = error as {
      name?: unknown;
      message?: unknown;
      reason?: unknown;
      code?: unknown;
      constructor?: { name?: unknown };
    };
    const name =
      typeof record.name === "string" && record.name !== ""
        ? record.name
        : typeof record.constructor?.name === "string"
          ? record.constructor.name
          : "Object";
    return {
      name,
      message: typeof record.message === "string" ? record.message.slice(0, 2000) : String(error).slice(0, 2000),
      ...(typeof record.reason === "string" ? { reason: record.reason } : {}),
      ...(typeof record.code === "string" ? { code: record.code } : {}),
    };
  }
  return { name: typeof error, message: String(error).slice(0, 2000) };
}

function missing(name: string): ProbeAnswer {
  return { ok: false, error: { name: "MissingExport", message: `the implementation does not export ${name}` } };
}

/**
 * Runs one request against `pieces` (looked up now, so a notebook's rebound function is the one used),
 * and says which of the values it handed them were changed by the call: each is decoded a second
 * time before the call and compared deeply with the one handed over once the call is done, both
 * as they travel (so a function or a symbol, made afresh by each decoding, compares by its name).
 */
export async function answerProbe(pieces: Pieces, state: ProbeState, request: ProbeRequest): Promise<ProbeAnswer> {
  const handed = handedInputs(request);
  const untouched = handed.map(({ value }) => value());
  const answer = await answerWith(pieces, state, request, handed);
  const changed = handed.flatMap(({ what, given }, index) =>
    given !== undefined && !isDeepStrictEqual(toWire(untouched[index]), toWire(given)) ? [what] : [],
  );
  const shared = handed.flatMap(({ what, given, returned }) =>
    returned !== undefined && writesThrough(returned, given) ? [what] : [],
  );
  return {
    ...answer,
    ...(changed.length === 0 ? {} : { inputsChanged: changed }),
    ...(shared.length === 0 ? {} : { inputsShared: shared }),
  };
}

/**
 * Whether a push onto `returned`, as a caller may make on the list it got, reaches `given`: the same
 * array, or anything that writes through to it (a proxy). The push is taken back at once.
 */
function writesThrough(returned: unknown, given: unknown): boolean {
  if (!Array.isArray(returned) || !Array.isArray(given)) return false;
  if (returned === given) return true; // even when frozen, so no push can show it
  const mark = Symbol("pushed by the caller");
  const before = given.length;
  try {
    returned.push(mark);
  } catch {
    return false; // a frozen list: nothing the caller does to it reaches anything
  }
  const reached = given.length !== before || given.includes(mark);
  const at = returned.lastIndexOf(mark);
  if (at >= 0) returned.splice(at, 1);
  return reached;
}

/**
 * The pieces whose every value is their own (chapter lines 196-202: each request its own message,
 * its own params): what one call returns shares nothing with what another returns. Not encodeFrame
 * (bytes, judged by its own rules), resultText (a string), nor an exercise (a second run is no
 * free look).
 */
const OWN_VALUE_PIECES: ReadonlySet<string> = new Set([
  "requestMessage",
  "notificationMessage",
  "answerFor",
  "parseFrame",
  "checkInitialize",
  "checkTools",
]);

/** What the probe adds to each object of a returned value (and pushes onto each array), then takes back. */
const MARK = "$set by the caller";

/**
 * Whether the value one call returned is not its own, found by calling again with the same
 * arguments decoded afresh (so a value holding what it was handed is still its own): the second
 * call changed what the first returned, or a mark set on every object and array of the first's
 * value, at any depth, as a caller may change what it got, shows in the second's. Says where, or
 * undefined. Every mark is taken back; a frozen part takes none, and so shares nothing a caller
 * can change. A second call that throws tells nothing here (the rule judges the first).
 */
async function sharedWithAnotherCall(
  call: (...args: unknown[]) => unknown,
  args: readonly unknown[],
  first: unknown,
  firstWire: unknown,
): Promise<string | undefined> {
  if (!isMarkable(first)) return undefined;
  let again: unknown;
  try {
    again = await call(...args.map(fromWire));
  } catch {
    return undefined;
  }
  if (!isDeepStrictEqual(toWire(first), firstWire)) return "the second call changed what the first returned";
  const undo = markEvery(first);
  try {
    const reached = markedPath(again);
    return reached === undefined
      ? undefined
      : `a change to what one call returned showed in what the next returned, at ${reached}`;
  } finally {
    for (const step of undo.reverse()) step();
  }
}

const isMarkable = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !ArrayBuffer.isView(value);

/** Marks each object and array reachable from `value`; gives the steps that take the marks back. */
function markEvery(value: object): Array<() => void> {
  const undo: Array<() => void> = [];
  const seen = new Set<object>();
  const visit = (node: unknown, depth: number): void => {
    if (!isMarkable(node) || seen.has(node) || depth > 64) return;
    seen.add(node);
    const children = Array.isArray(node) ? [...(node as unknown[])] : Object.values(node);
    if (Array.isArray(node)) {
      try {
        node.push(MARK);
        undo.push(() => {
          const at = node.lastIndexOf(MARK);
          if (at >= 0) node.splice(at, 1);
        });
      } catch {
        // frozen: nothing a caller does to it reaches anything
      }
    } else if (!Object.hasOwn(node, MARK) && Reflect.set(node, MARK, true)) {
      undo.push(() => Reflect.deleteProperty(node, MARK));
    }
    for (const child of children) visit(child, depth + 1);
  };
  visit(value, 0);
  return undo;
}

/** Where in `value` a mark shows ("params", "result.tools[0]", "the value itself"), or undefined. */
function markedPath(value: unknown): string | undefined {
  const seen = new Set<object>();
  const visit = (node: unknown, path: string, depth: number): string | undefined => {
    if (!isMarkable(node) || seen.has(node) || depth > 64) return undefined;
    seen.add(node);
    const here = path === "" ? "the value itself" : path;
    if (Array.isArray(node)) {
      if (node.includes(MARK)) return here;
      for (const [index, child] of node.entries()) {
        const found = visit(child, `${path}[${index}]`, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (Object.hasOwn(node, MARK)) return here;
    for (const [key, child] of Object.entries(node)) {
      const found = visit(child, path === "" ? key : `${path}.${key}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(value, "", 0);
}

/** A value the probe hands the graded code: what it is, how to decode it afresh, and the copy handed over. */
interface Handed {
  readonly what: string;
  readonly value: () => unknown;
  given?: unknown;
  /** What the piece handed back for it, where the chapter has the piece build a new collection from it. */
  returned?: unknown;
}

/** The objects and arrays a request hands the graded code (strings and numbers cannot be changed). */
function handedInputs(request: ProbeRequest): Handed[] {
  const wire = (what: string, value: unknown): Handed => ({ what, value: () => fromWire(value) });
  switch (request.op) {
    case "call":
      return request.args.map((arg, index) => wire(`argument ${index + 1} of ${request.fn}`, arg));
    case "topTools.bm25":
    case "topTools.seeded":
      return request.queries.map((query, index) => wire(`the tools of topTools call ${index + 1}`, query.tools));
    case "client.new":
      return [wire("the client's options", request.options)];
    case "client.call":
      return request.args.map((arg, index) => wire(`argument ${index + 1} of client.${request.method}()`, arg));
    default:
      return [];
  }
}

/** The value handed over for `handed[index]`, decoded afresh and kept to be compared after the call. */
function hand(handed: readonly Handed[], index: number): unknown {
  const entry = handed[index]!;
  entry.given = entry.value();
  return entry.given;
}

async function answerWith(
  pieces: Pieces,
  state: ProbeState,
  request: ProbeRequest,
  handed: readonly Handed[],
): Promise<ProbeAnswer> {
  try {
    switch (request.op) {
      case "exports": {
        const kinds: Record<string, string> = {};
        for (const key of Object.keys(pieces)) kinds[key] = typeof pieces[key];
        return { ok: true, value: kinds };
      }
      case "constant":
        return { ok: true, value: toWire(pieces[request.name]) };
      case "call": {
        const fn = pieces[request.fn];
        if (typeof fn !== "function") return missing(request.fn);
        const call = fn as (...a: unknown[]) => unknown;
        const returned = await call(...request.args.map((_, index) => hand(handed, index)));
        const value = toWire(returned);
        const shared = OWN_VALUE_PIECES.has(request.fn)
          ? await sharedWithAnotherCall(call, request.args, returned, value)
          : undefined;
        return { ok: true, value, ...(shared === undefined ? {} : { resultShared: shared }) };
      }
      case "exercise.cursorTrial": {
        const fn = pieces[request.fn];
        if (typeof fn !== "function") return missing(request.fn);
        return {
          ok: true,
          value: toWire(await exerciseTrials().runCursorTrial(fn, fromWire(request.trial) as CursorTrial)),
        };
      }
      case "exercise.inFlightTrial": {
        const fn = pieces[request.fn];
        if (typeof fn !== "function") return missing(request.fn);
        return {
          ok: true,
          value: toWire(await exerciseTrials().runInFlightTrial(fn, fromWire(request.trial) as InFlightTrial)),
        };
      }
      case "exercise.dualEraTrial": {
        const fn = pieces[request.fn];
        if (typeof fn !== "function") return missing(request.fn);
        return {
          ok: true,
          value: toWire(await exerciseTrials().runDualEraTrial(fn, fromWire(request.trial) as ProbeScript)),
        };
      }
      case "frameReader.feed":
        return feedReader(pieces, request);
      case "parseFrame.forms": {
        const parseFrame = pieces["parseFrame"];
        if (typeof parseFrame !== "function") return missing("parseFrame");
        const frame = Buffer.from(request.frame, "base64");
        const outcomes = [];
        for (const form of request.forms) outcomes.push(await parsedIn(parseFrame, frame, form));
        return { ok: true, value: outcomes };
      }
      case "topTools.bm25":
      case "topTools.seeded": {
        const topTools = pieces["topTools"];
        if (typeof topTools !== "function") return missing("topTools");
        const scorer = request.op === "topTools.bm25" ? bm25Scorer() : seededScorer(request.seed, request.scores);
        const offered = request.queries.map((query, index) => {
          const returned = (topTools as (r: string, t: unknown[], s: unknown, m: number) => Array<{ name: string }>)(
            query.request,
            hand(handed, index) as unknown[],
            scorer,
            query.m,
          );
          // A new list of the chosen tools (chapter lines 153-154): the caller may change it freely.
          handed[index]!.returned = returned;
          return returned.map((tool) => tool.name);
        });
        return { ok: true, value: offered };
      }
      case "client.new": {
        const Client = pieces["StdioClient"];
        if (typeof Client !== "function") return missing("StdioClient");
        const client = new (Client as new (command: string[], options: unknown) => ClientLike)(
          [...request.command],
          hand(handed, 0),
        );
        return { ok: true, value: { handle: state.add(client), pid: toWire(client.pid) } };
      }
      case "client.call":
        return await callClient(
          state,
          request.handle,
          request.method,
          request.args.map((_, index) => hand(handed, index)),
        );
      case "clock.sleep":
        // The global looked up now: in a host with the virtual clock, the pause is on its timeline.
        await new Promise((resolve) => setTimeout(resolve, request.ms));
        return { ok: true, value: null };
    }
  } catch (error) {
    return { ok: false, error: probeError(error) };
  }
}

async function callClient(
  state: ProbeState,
  handle: number,
  method: ClientMethod,
  args: readonly unknown[],
): Promise<ProbeAnswer> {
  const client = state.clients.get(handle);
  if (client === undefined) return { ok: false, error: { name: "ProbeError", message: `no client ${handle}` } };
  const fn = client[method];
  if (typeof fn !== "function")
    return { ok: false, error: { name: "MissingExport", message: `the client has no ${method}()` } };
  try {
    return { ok: true, value: toWire(await (fn as (...a: unknown[]) => unknown).apply(client, [...args])) };
  } catch (error) {
    return { ok: false, error: probeError(error) };
  }
}

/** parseFrame's outcome on `frame` handed in `form`; the string form is the text its bytes decode to, a leading mark kept. */
async function parsedIn(parseFrame: unknown, frame: Buffer, form: FrameForm): Promise<ProbeAnswer> {
  const input =
    form === "string" ? new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(frame) : inForm(frame, form);
  try {
    return { ok: true, value: toWire(await (parseFrame as (f: unknown) => unknown)(input)) };
  } catch (error) {
    return { ok: false, error: probeError(error) };
  }
}

function feedReader(pieces: Pieces, request: Extract<ProbeRequest, { op: "frameReader.feed" }>): ProbeAnswer {
  const Reader = pieces["FrameReader"];
  if (typeof Reader !== "function") return missing("FrameReader");
  // Every reader made before any read: the first, then the others, each with its own limit.
  const readers = [request.limit, ...(request.others ?? [])].map(
    (limit) =>
      (limit === undefined
        ? new (Reader as new () => unknown)()
        : new (Reader as new (limit: number) => unknown)(limit)) as { feed?: unknown },
  );
  const reader = readers[0]!;
  if (typeof reader.feed !== "function")
    return { ok: false, error: { name: "MissingExport", message: "FrameReader has no feed()" } };
  const perChunk: string[][] = [];
  const chunks = request.chunks.map((chunk) => Buffer.from(chunk, "base64"));
  const times = request.times ?? 1;
  for (let round = 0; round < times; round += 1) {
    for (const [index, chunk] of chunks.entries()) {
      try {
        const target = readers[request.to?.[index] ?? 0]!;
        const frames = (target.feed as (c: Uint8Array) => unknown).call(
          target,
          inForm(chunk, request.forms?.[index] ?? "buffer"),
        );
        if (!Array.isArray(frames))
          return {
            ok: false,
            error: { name: "TypeError", message: `feed() returned ${typeof frames}, not an array of frames` },
          };
        perChunk.push(frames.map((frame: unknown) => Buffer.from(frame as Uint8Array).toString("base64")));
      } catch (error) {
        const after = request.after === undefined ? {} : { after: feedAfter(reader, request.after) };
        return { ok: false, error: probeError(error), detail: { perChunk, atChunk: perChunk.length, ...after } };
      }
    }
  }
  return { ok: true, value: { perChunk } };
}

/** What a reader does with one more chunk after it refused: its frames (base64), or what it threw. */
function feedAfter(reader: { feed?: unknown }, chunk: string): { frames: string[] } | { error: ProbeError } {
  try {
    const frames = (reader.feed as (c: Buffer) => unknown).call(reader, Buffer.from(chunk, "base64"));
    if (!Array.isArray(frames)) return { error: { name: "TypeError", message: `feed() returned ${typeof frames}` } };
    return { frames: frames.map((frame: unknown) => Buffer.from(frame as Uint8Array).toString("base64")) };
  } catch (error) {
    return { error: probeError(error) };
  }
}
