// What the client rules share: the learner's file they point at, a whole correct session's call,
// and the messages a session sends once its handshake holds.
import { seededText } from "../../trials/seeded.js";
import { valueOf } from "./expect.js";
import type { ClientSession } from "./client-session.js";
import { failRule, type RuleContext } from "./types.js";
import { showWire } from "./wire.js";

export const CLIENT = "learner/src/client.ts";

/** A whole correct session's call: word_count answers the seeded text's count. */
export async function countWords(context: RuleContext, client: ClientSession, label: string): Promise<void> {
  const { text, count } = seededText(context.seed, label);
  const { answer } = await client.call("callTool", ["word_count", { text }]);
  const got = valueOf(answer, `callTool("word_count", {text: "${text}"})`, `"${count}"`);
  if (got !== String(count))
    failRule(`callTool("word_count", {text: "${text}"})`, `"${count}" (the server's answer)`, showWire(got));
}

/** What a session sends once its handshake holds. */
export const SESSION_METHODS = ["notifications/initialized", "tools/list", "tools/call"];
