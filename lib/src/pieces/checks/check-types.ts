// What a piece's check is and what it is given: the learner's pieces so far, and a scratch folder
// with clients over those pieces, each ended after the check whatever happened (piece-checks.ts).
import type { AssembledClient } from "../../assembly/assembled-client.js";
import type { PieceSet } from "../../assembly/piece-names.js";

/** A piece's check: what it saw when the piece passed; a CheckFailure (expect) when it did not. */
export type Body = (pieces: PieceSet, scratch: Scratch) => Promise<string> | string;

export interface Scratch {
  readonly dir: string;
  /** A client over the learner's pieces; its group is ended after the check whatever happened. */
  client(
    mode: string,
    options?: { timeoutMs?: number; allowed?: string[]; log?: string; record?: string },
  ): AssembledClient;
  /** Ends a client's server group without the learner's close(), for checks that do not grade it. */
  end(client: AssembledClient): Promise<void>;
}
