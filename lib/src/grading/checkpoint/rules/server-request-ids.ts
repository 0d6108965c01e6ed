// The ids a server's requests carry in a grading. JSON-RPC 2.0 lets an id be any string or number
// (MCP forbids only null), and each response carries its request's id unchanged, type and all. So
// every grading asks with the falsy edges (0 and ""), "0" beside 0, a negative, a fraction, the last
// safe integer, and a number and a string drawn from the grading's seed: a client that tells a
// request by the truth of its id, or rewrites the id, misses one of them.
import { seededInt } from "../../trials/seeded.js";
import { readRecord, type RecordEntry } from "./server-records.js";
import { failRule } from "./types.js";

export type ServerRequestId = string | number;

/**
 * The client deadline of a session whose server asks with every id: roomier than the usual 5 s, as
 * answering is not a deadline trial and a starved server must not decide it, yet under the grader's
 * 10 s bound on a call (client-session.ts), so the client's own DeadlineError comes first.
 */
export const ROOMY_TIMEOUT_MS = 8_000;

/** The ids, in the order the server asks with them (at most server/src/args.ts's MAX_ASK_IDS). */
export function serverRequestIds(seed: number): ServerRequestId[] {
  const drawn = seededInt(seed, "server-request-id", 1, 2 ** 31);
  return [
    0,
    "",
    "0",
    -seededInt(seed, "server-request-negative", 1, 1000),
    0.5,
    Number.MAX_SAFE_INTEGER,
    drawn,
    `ask ${drawn} ☕`,
  ];
}

/** How an id reads in a verdict: its JSON, so 0 and "0" differ. */
export const shownId = (id: unknown): string => JSON.stringify(id) ?? "no id";

const sameId = (entry: RecordEntry, id: ServerRequestId): boolean => typeof entry.id === typeof id && entry.id === id;

/**
 * The ids of `ids` the server asked with and no response in its record carries yet, type and value
 * compared. The server asks only once a call has reached it: a client whose call never left (a
 * forgery that answers by itself, a refusal) was asked nothing, and has left nothing unanswered.
 */
export function unansweredIds(recordFile: string, ids: readonly ServerRequestId[]): ServerRequestId[] {
  const record = readRecord(recordFile);
  const called = record.some(
    (entry) => entry.event === "message" && entry.kind === "request" && entry.method === "tools/call",
  );
  if (!called) return [];
  const responses = record.filter((entry) => entry.event === "message" && entry.kind === "response");
  return ids.filter((id) => !responses.some((entry) => sameId(entry, id)));
}

/**
 * The one response the server's record holds to each of `ids`, matched by type and value; fails
 * naming the first id answered never or twice.
 */
export function responsesTo(recordFile: string, ids: readonly ServerRequestId[], asked: string): RecordEntry[] {
  const responses = readRecord(recordFile).filter((entry) => entry.event === "message" && entry.kind === "response");
  return ids.map((id) => {
    const answers = responses.filter((entry) => sameId(entry, id));
    if (answers.length === 0)
      failRule(
        `the server's record after it asked ${asked} with id ${shownId(id)}`,
        `a response carrying that same id (a ${typeof id}, as sent)`,
        `none: responses carried ids ${responses.map((entry) => shownId(entry.id)).join(", ") || "(none)"}`,
      );
    if (answers.length > 1)
      failRule("the server's record", `one response to request ${shownId(id)}`, `${answers.length} responses`);
    return answers[0]!;
  });
}
