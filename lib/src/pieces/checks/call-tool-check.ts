// The check of callTool, against the teaching server: word_count answered, and a tool not allowed
// or never advertised refused before a byte is sent, as the server's log shows.
import { join } from "node:path";
import { loggedCalls } from "../../grading/checkpoint/server-log.js";
import { expect, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const callToolCheck: Body = async (pieces, scratch) => {
  const log = join(scratch.dir, "calls.jsonl");
  const client = scratch.client("normal", { allowed: ["word_count", "ghost_tool"], log });
  await client.initialize();
  await client.listTools();
  const text = await client.callTool("word_count", { text: "vanilla stock needs review" });
  expect(
    text === "4",
    '"4" for four words',
    () => shown(text),
    "request tools/call with { name, arguments } and return your resultText of the result",
  );
  await mustRefuse(
    () => client.callTool("place_purchase", { flavor: "vanilla", tubs: 100 }),
    "RefusedError",
    "not-allowed",
    "place_purchase (advertised, not allowed)",
    "the application decides first: not in context.allowed, refuse before a byte is sent",
  );
  await mustRefuse(
    () => client.callTool("ghost_tool", {}),
    "RefusedError",
    "not-advertised",
    "ghost_tool (allowed, never advertised)",
    "a tool must also be in context.catalog: the tools your connect returned (what your checkTools accepted)",
  );
  await scratch.end(client);
  const calls = loggedCalls(log);
  expect(
    calls.join(",") === "word_count",
    "the server's log holds word_count only",
    () => shown(calls),
    "a refusal must come before anything is sent",
  );
  return "word_count answers 4; place_purchase and ghost_tool refused before a byte was sent";
};
