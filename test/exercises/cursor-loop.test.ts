import { describe, expect, it } from "vitest";
import { checkCursorLoop, type AskPage, type ListBounds } from "../../lib/src/exercises/ex4-cursor-loop/check.js";
import { referenceCursorLoop } from "../../lib/src/exercises/ex4-cursor-loop/reference.js";
import { ProtocolError } from "../../lib/src/errors/index.js";
import type { McpTool } from "../../lib/src/protocol/handshake.js";

// Plausible wrong answers to exercise 4; each must fail, and say why in the learner's terms.
async function pageBoundOnly(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await askPage(cursor);
    tools.push(...(result["tools"] as McpTool[]));
    if (tools.length > bounds.maxTools) throw new ProtocolError("catalog", { what: "too many tools" });
    cursor = result["nextCursor"] as string | undefined;
    if (cursor === undefined) return tools;
    if (page === bounds.maxPages) throw new ProtocolError("catalog", { what: "too many pages" });
  }
}

async function firstPageOnly(askPage: AskPage): Promise<McpTool[]> {
  return (await askPage(undefined))["tools"] as McpTool[];
}

async function noToolBound(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  return referenceCursorLoop(askPage, { ...bounds, maxTools: Number.MAX_SAFE_INTEGER });
}

async function reversedPages(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  return (await referenceCursorLoop(askPage, bounds)).reverse();
}

describe("exercise 4: checkCursorLoop", () => {
  it("passes the reference loop, live servers included", async () => {
    const result = await checkCursorLoop(referenceCursorLoop);
    expect(result.output).toMatch(/^ok /u);
  }, 30_000);

  it("fails a loop with a page bound but no memory of cursors, naming the repeated cursor", async () => {
    const result = await checkCursorLoop(pageBoundOnly);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("repeated-cursor");
    expect(result.output).toContain('"again"');
    expect(result.output).toMatch(/asked 5 pages and then said .*too many pages/u);
    expect(result.output).not.toMatch(/maxPages|option/u);
  }, 30_000);

  it.each([
    [
      "reads only the first page",
      firstPageOnly,
      /expected \[tool_1, .*tool_7\], in order; got \[tool_1, tool_2, tool_3\]/u,
    ],
    ["has no bound on tools", noToolBound, /too-many-tools/u],
    ["returns the pages reversed", reversedPages, /in order; got \[tool_7/u],
    ["is not a function", "listAllTools", /expected a function/u],
  ] as const)(
    "fails a loop that %s",
    async (_what, answer, says) => {
      const result = await checkCursorLoop(answer);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(says);
    },
    30_000,
  );
});
