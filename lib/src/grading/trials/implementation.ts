// What the checkpoint grades: an object holding the Part B names (the module `require(path)` gives
// for a learner's copy), checked at run time because a learner's module may lack some of them.
import { StdioClient, type StdioClientOptions } from "../../client/index.js";
import {
  PROTOCOL_VERSION,
  requestMessage,
  notificationMessage,
  answerFor,
  encodeFrame,
  FrameReader,
  parseFrame,
  checkInitialize,
  checkTools,
  resultText,
} from "../../protocol/index.js";
import { topTools } from "../../tools/top-tools.js";

/** The client calls the checks make; the reference StdioClient has them all. */
export interface ClientUnderTest {
  /** The server's process id, which leads its process group: how the checks end a group the client left behind. */
  readonly pid: number | undefined;
  initialize(): Promise<unknown>;
  listTools(): Promise<ReadonlyArray<{ readonly name: string }>>;
  allowedTools(): ReadonlyArray<{ readonly name: string }>;
  callTool(name: string, args?: Record<string, unknown>): Promise<string>;
  close(): Promise<unknown>;
}

/** The names an implementation under test must export, with the reference's signatures. */
export interface Implementation {
  readonly PROTOCOL_VERSION: string;
  readonly requestMessage: typeof requestMessage;
  readonly notificationMessage: typeof notificationMessage;
  readonly answerFor: typeof answerFor;
  readonly encodeFrame: typeof encodeFrame;
  readonly FrameReader: new (limit?: number) => { feed(chunk: Uint8Array): Buffer[] };
  readonly parseFrame: typeof parseFrame;
  readonly checkInitialize: typeof checkInitialize;
  readonly checkTools: typeof checkTools;
  readonly resultText: typeof resultText;
  readonly StdioClient: new (command: readonly string[], options?: StdioClientOptions) => ClientUnderTest;
  /** The search that picks which tools a model hears about (the checkpoint reruns Part A's BM25 rows with it). */
  readonly topTools: typeof topTools;
}

/** This library: what the checkpoint grades when no other implementation is given. */
export const REFERENCE_IMPLEMENTATION: Implementation = {
  PROTOCOL_VERSION,
  requestMessage,
  notificationMessage,
  answerFor,
  encodeFrame,
  FrameReader,
  parseFrame,
  checkInitialize,
  checkTools,
  resultText,
  StdioClient,
  topTools,
};

/** Every name an implementation must export. */
export const IMPLEMENTATION_NAMES = Object.keys(REFERENCE_IMPLEMENTATION) as ReadonlyArray<keyof Implementation>;

/** The names among `names` that `impl` does not export as the right kind of value. */
export function missingExports(impl: unknown, names: ReadonlyArray<keyof Implementation>): string[] {
  if (typeof impl !== "object" || impl === null) return [...names];
  const record = impl as Record<string, unknown>;
  return names.filter((name) => {
    const expected = typeof REFERENCE_IMPLEMENTATION[name];
    return typeof record[name] !== expected;
  });
}
