// The chapter's findings that Part A quotes in prose (the "What the chapter found that no cell here
// can rerun" cell) are held to evidence/published/: each number the prose states is the one the
// published figure records, and the section it names is the figure's own.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

interface Figure {
  id: string;
  where: string;
  value?: number;
  k?: number;
  n?: number;
}
const figures = (
  JSON.parse(readFileSync(join(REPO_ROOT, "evidence", "published", "ch14-figures.json"), "utf8")) as {
    figures: Figure[];
  }
).figures;
const figure = (id: string): Figure => figures.find((each) => each.id === id)!;
const section = (id: string) => /'(.*)'$/u.exec(figure(id).where)![1]!;

const partA = JSON.parse(readFileSync(join(REPO_ROOT, "notebooks", "ch14-part-a.ipynb"), "utf8")) as {
  cells: Array<{ id: string; source: string[] }>;
};
const prose = partA.cells.find((cell) => cell.id === "part-a-findings")!.source.join("");
const NUMBER_WORDS = ["zero", "one", "two", "three", "four"];

describe("Part A's quoted findings", () => {
  it("qwen3:0.6b: BM25's five did worse than all sixty-four", () => {
    const bm25 = figure("qwen3-0.6b-bm25-top5");
    const all = figure("qwen3-0.6b-all-64");
    expect(bm25.k!).toBeLessThan(all.k!);
    expect(prose).toContain(`qwen3:0.6b routed ${bm25.k} of ${bm25.n} with BM25's five, against ${all.k} of ${all.n}`);
    expect(prose).toContain(`("${section("qwen3-0.6b-bm25-top5")}")`);
  });

  it("Sonnet: right every time the right tool was offered", () => {
    const bm25 = figure("sonnet-bm25-top5-when-offered");
    const embed = figure("sonnet-embed-top5-when-offered");
    expect([bm25.k, embed.k]).toEqual([bm25.n, embed.n]);
    expect(prose).toContain(`BM25: ${bm25.k}/${bm25.n}; embeddings: ${embed.k}/${embed.n}`);
  });

  it("none of the local answers named a tool not offered", () => {
    const notOffered = figure("not-offered-names-local");
    expect(notOffered.k).toBe(0);
    expect(prose).toContain(`None of the ${notOffered.n} native answers`);
    expect(prose).toContain(`("${section("not-offered-names-local")}")`);
  });

  it("Claude's time to answer, and Sonnet checking the stock first", () => {
    expect(prose).toContain(
      `about ${NUMBER_WORDS[figure("haiku-time-to-answer-s").value!]} second on Haiku 4.5 and ${NUMBER_WORDS[figure("sonnet-time-to-answer-s").value!]} on Sonnet 5.5`,
    );
    expect(prose).toContain(`("${section("haiku-time-to-answer-s")}")`);
    expect(prose).toContain(
      `${NUMBER_WORDS[figure("sonnet-confusable-stock-first").value!]} times it checked the stock level first`,
    );
  });
});
