import { FrameReader } from "../protocol/frame-reader.js";
import { answerFor } from "../protocol/messages.js";
import { parseFrame } from "../protocol/parse-frame.js";
import { WorkbookError } from "../errors/workbook-error.js";

/** What one line came to: "answer", "not a response", or the refusal as "code:reason". */
export type LineOutcome = string;

/** An error outside the declared set (anything not a WorkbookError), with the bytes that caused it. */
export interface Escape {
  readonly error: unknown;
  /** The smallest replayable input: the offending line and its newline, or the whole input. */
  readonly bytes: Buffer;
}

export function outcomeOf(error: WorkbookError): LineOutcome {
  return `${error.code}:${error.reason}`;
}

/**
 * Bytes from a server, cut into `cuts` chunks, through the same path the client takes: FrameReader,
 * then parseFrame and answerFor on each line. Every line is judged on its own (the client would stop
 * at the first refusal; judging all of them reaches more code). Declared refusals are outcomes;
 * anything else is an escape.
 */
export function runThroughPipeline(
  bytes: Buffer,
  limit: number,
  requestId: number,
  cuts: readonly number[],
  tally: (outcome: LineOutcome) => void,
): Escape | undefined {
  const reader = new FrameReader(limit);
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    let lines: Buffer[];
    try {
      lines = reader.feed(bytes.subarray(from, to));
    } catch (error) {
      if (error instanceof WorkbookError) {
        tally(outcomeOf(error));
        return undefined; // a refused stream has lost its place: nothing after it is read
      }
      return { error, bytes };
    }
    from = to;
    for (const line of lines) {
      try {
        tally(answerFor(requestId, parseFrame(line)) === null ? "not a response" : "answer");
      } catch (error) {
        if (!(error instanceof WorkbookError)) return { error, bytes: Buffer.concat([line, Buffer.from("\n")]) };
        tally(outcomeOf(error));
      }
    }
  }
  return undefined;
}
