// Exercise 3: a two-step request whose second step needs send_message_to_lucy. The first search is
// measured here, not assumed; then each loop option is run against the same deterministic model.
import { describe, expect, it } from "vitest";
import { inProcessExecutor } from "../../lib/src/agent/executors.js";
import { runLoop } from "../../lib/src/agent/loop.js";
import type { LoopOptions } from "../../lib/src/agent/options.js";
import { shopHandlers } from "../../lib/src/agent/shop-handlers.js";
import { completedCalls } from "../../lib/src/agent/transcript.js";
import {
  MESSAGE_SEARCH_QUERY,
  TWO_STEP_REQUEST,
  TWO_STEP_REQUEST_TERSE,
  twoStepCatalog,
  twoStepModel,
} from "../../lib/src/agent/two-step.js";
import { bm25Scorer } from "../../lib/src/tools/bm25.js";
import { topTools } from "../../lib/src/tools/top-tools.js";

const catalog = twoStepCatalog();
const DELIVERY_RESULT = "recorded delivery D-17 of 12 tubs of vanilla from Dairy North";
const BOTH_STEPS = ["record_delivery", "send_message_to_lucy"];
const ONLY_FIRST = ["record_delivery"];

/** Where send_message_to_lucy ranks (1-based) when BM25 ranks the whole catalog for `query`. */
function rankOfMessage(query: string): number {
  return (
    topTools(query, catalog, bm25Scorer(), catalog.length).findIndex((tool) => tool.name === "send_message_to_lucy") + 1
  );
}
const firstSearch = (query: string) => topTools(query, catalog, bm25Scorer(), 5).map((tool) => tool.name);

async function run(request: string, fix: Partial<LoopOptions> = {}) {
  const executor = inProcessExecutor(shopHandlers());
  const transcript = await runLoop(request, {
    tools: catalog,
    allowed: catalog.map((tool) => tool.name),
    model: twoStepModel(),
    executor,
    ...fix,
  });
  return { transcript, executor, done: completedCalls(transcript) };
}

describe("the first search, BM25 top 5 over the 64-tool confusable catalog", () => {
  it("is the catalog the exercise names: 64 tools, send_message_to_lucy among them", () => {
    expect(catalog).toHaveLength(64);
    expect(catalog.map((tool) => tool.name)).toContain("send_message_to_lucy");
  });

  it("returns send_message_to_lucy, second, for our wording of the chapter's request", () => {
    expect(firstSearch(TWO_STEP_REQUEST)).toEqual([
      "record_delivery",
      "send_message_to_lucy",
      "sales_today",
      "word_count",
      "google_sheets_read_range",
    ]);
    expect(rankOfMessage(TWO_STEP_REQUEST)).toBe(2);
  });

  it('misses it for the terse wording ("phone the boss"): it ranks 6th', () => {
    expect(firstSearch(TWO_STEP_REQUEST_TERSE)).not.toContain("send_message_to_lucy");
    expect(rankOfMessage(TWO_STEP_REQUEST_TERSE)).toBe(6);
  });

  it("misses it when searching on the delivery's result, which never mentions Lucy (rank 9)", () => {
    expect(firstSearch(DELIVERY_RESULT)).not.toContain("send_message_to_lucy");
    expect(rankOfMessage(DELIVERY_RESULT)).toBe(9);
  });

  it("finds it first for the query the model writes with search_tools", () => {
    expect(firstSearch(MESSAGE_SEARCH_QUERY)[0]).toBe("send_message_to_lucy");
  });
});

describe("our wording: the first search has the tool, the second loses it", () => {
  it("the plain loop (search on the latest message) records the delivery, then cannot message Lucy", async () => {
    const { transcript, executor, done } = await run(TWO_STEP_REQUEST);
    expect(transcript.turns[0]?.offered).toContain("send_message_to_lucy");
    expect(transcript.turns[1]?.queries).toEqual([DELIVERY_RESULT]);
    expect(transcript.turns[1]?.offered).not.toContain("send_message_to_lucy");
    expect(done).toEqual(ONLY_FIRST);
    expect(executor.calls.map((call) => call.name)).toEqual(ONLY_FIRST);
    expect(transcript.stopped).toBe("answered");
    expect(transcript.finalText).toMatch(/could not message Lucy/);
  });

  it('keep: "used" does not help: only record_delivery was used', async () => {
    const { transcript, done } = await run(TWO_STEP_REQUEST, { keep: "used" });
    expect(transcript.turns[1]?.offered).toContain("record_delivery");
    expect(done).toEqual(ONLY_FIRST);
  });

  it.each([
    ['searchOn: "request" (search the request every turn)', { searchOn: "request" }],
    ['searchOn: "both" (the union of request and latest)', { searchOn: "both" }],
    ['keep: "offered" (tools offered once stay offered)', { keep: "offered" }],
  ] as const)("fix %s recovers: both steps run", async (_label, fix) => {
    const { transcript, executor, done } = await run(TWO_STEP_REQUEST, fix);
    expect(transcript.turns[1]?.offered).toContain("send_message_to_lucy");
    expect(done).toEqual(BOTH_STEPS);
    expect(executor.calls.map((call) => call.name)).toEqual(BOTH_STEPS);
    expect(transcript.finalText).toBe("Recorded the delivery and told Lucy.");
  });

  it("searchOn both offers at most 2m tools, keep offered grows by at most m a turn", async () => {
    const both = await run(TWO_STEP_REQUEST, { searchOn: "both" });
    const kept = await run(TWO_STEP_REQUEST, { keep: "offered" });
    for (const turn of both.transcript.turns) expect(turn.offered.length).toBeLessThanOrEqual(10);
    kept.transcript.turns.forEach((turn, index) => expect(turn.offered.length).toBeLessThanOrEqual(5 * (index + 1)));
  });
});

describe("the terse wording: no search on the request or the results has the tool", () => {
  it.each([
    ["plain (latest)", {}],
    ['searchOn: "request"', { searchOn: "request" }],
    ['searchOn: "both"', { searchOn: "both" }],
    ['keep: "offered"', { keep: "offered" }],
    ['keep: "used"', { keep: "used" }],
  ] as const)("%s does not recover: the model can only call what it is offered", async (_label, fix) => {
    const { transcript, executor, done } = await run(TWO_STEP_REQUEST_TERSE, fix);
    expect(transcript.turns.flatMap((turn) => turn.offered)).not.toContain("send_message_to_lucy");
    expect(done).toEqual(ONLY_FIRST);
    expect(executor.calls).toHaveLength(1);
  });

  it("searchTool recovers: the model searches with its own words, the loop answers, the tool comes next turn", async () => {
    const { transcript, executor, done } = await run(TWO_STEP_REQUEST_TERSE, { searchTool: true });
    expect(transcript.turns.map((turn) => (turn.answer.kind === "call" ? turn.answer.name : "text"))).toEqual([
      "record_delivery",
      "search_tools",
      "send_message_to_lucy",
      "text",
    ]);
    expect(transcript.turns[1]?.outcome?.text).toMatch(/^found: send_message_to_lucy, /);
    expect(transcript.turns[2]?.offered).toContain("send_message_to_lucy");
    expect(done).toEqual(["record_delivery", "search_tools", "send_message_to_lucy"]);
    // search_tools is answered by the loop; the executor only ever ran the shop's tools
    expect(executor.calls.map((call) => call.name)).toEqual(BOTH_STEPS);
  });

  it("offering 8 tools a turn instead of 5 also recovers, at the cost of 3 more tools in every prompt", async () => {
    const { done } = await run(TWO_STEP_REQUEST_TERSE, { searchOn: "request", m: 8 });
    expect(done).toEqual(BOTH_STEPS);
  });
});

it("is deterministic: the same options give the same transcript", async () => {
  const first = await run(TWO_STEP_REQUEST, { keep: "offered" });
  const second = await run(TWO_STEP_REQUEST, { keep: "offered" });
  expect(second.transcript).toEqual(first.transcript);
});
