// Correct pieces written otherwise than the library. Each makes a choice the chapter leaves open,
// so every pure property must pass it: a property that fails one judges the library's habits, not
// the chapter's rule. Both were found by writing correct pieces nobody here had written.
import { DEFAULT_FRAME_LIMIT } from "../../../lib/src/protocol/constants.js";
import { FrameReader } from "../../../lib/src/protocol/frame-reader.js";
import { ProtocolError } from "../../../lib/src/errors/protocol-error.js";
import {
  checkInitialize,
  checkTools,
  type InitializeResult,
  type McpTool,
} from "../../../lib/src/protocol/handshake.js";
import type { JsonObject } from "../../../lib/src/protocol/messages.js";

const NEWLINE = 0x0a;

/**
 * After refusing an overlong line it reads on, but first skips what is left of that line up to its
 * newline: the tail of a refused line never comes out as a frame of its own.
 */
export class SkippingFrameReader {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private skipping = false;

  constructor(private readonly limit: number = DEFAULT_FRAME_LIMIT) {}

  feed(chunk: Uint8Array): Buffer[] {
    let data = Buffer.from(chunk);
    if (this.skipping) {
      const end = data.indexOf(NEWLINE);
      if (end === -1) return [];
      this.skipping = false;
      data = data.subarray(end + 1);
    }
    const frames: Buffer[] = [];
    for (let start = 0; ;) {
      const newline = data.indexOf(NEWLINE, start);
      const stop = newline === -1 ? data.length : newline;
      if (this.heldBytes + (stop - start) + 1 > this.limit) {
        this.held = [];
        this.heldBytes = 0;
        this.skipping = newline === -1;
        throw new ProtocolError("frame-limit", { what: "a line longer than the limit", limit: `${this.limit} bytes` });
      }
      if (newline === -1) {
        if (stop > start) this.held.push(Buffer.from(data.subarray(start)));
        this.heldBytes += stop - start;
        return frames;
      }
      frames.push(Buffer.concat([...this.held, data.subarray(start, newline)]));
      this.held = [];
      this.heldBytes = 0;
      start = newline + 1;
    }
  }
}

/** The checked handshake as a copy of the fields a client reads; one the server left out is copied as undefined. */
export function copyingCheckInitialize(result: JsonObject, version?: string): InitializeResult {
  const checked = checkInitialize(result, version);
  return {
    protocolVersion: checked.protocolVersion,
    capabilities: checked.capabilities,
    serverInfo: checked.serverInfo,
    instructions: checked.instructions,
  } as InitializeResult;
}

/** The checked catalog as copies of each tool, every member kept; a title or description left out is copied as undefined. */
export function copyingCheckTools(result: JsonObject, limit?: number): McpTool[] {
  return checkTools(result, limit).map(
    ({ title, description, ...rest }) => ({ ...rest, title, description }) as McpTool,
  );
}

/** Checks each frame's UTF-8 as it hands it on: a line that is not UTF-8 is refused here, not in parseFrame. */
export class DecodingFrameReader extends FrameReader {
  private readonly strict = new TextDecoder("utf-8", { fatal: true });

  override feed(chunk: Uint8Array): Buffer[] {
    const frames = super.feed(chunk);
    for (const frame of frames) {
      try {
        this.strict.decode(frame);
      } catch {
        throw new ProtocolError("malformed-frame", { what: "a line that is not UTF-8" });
      }
    }
    return frames;
  }
}
