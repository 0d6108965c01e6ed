// The course's own notebooks, each top to bottom in a fresh tslab kernel: the start page prints
// every stop with its estimated minutes, and "In a coding agent" measures with our tools what the
// chapter quotes (names only against full definitions, the token bounds in bytes, our client
// against a 1 MiB reply with and without room for it). The instructor's class view draws a gradebook.
import { describe, expect, it } from "vitest";
import { COURSE_PATH } from "../../lib/src/notebook/course-path.js";
import { runNotebook } from "../support/notebook.js";

describe.concurrent("the course's notebooks", () => {
  it("start-here lists every stop in order, with minutes labeled as an estimate", async () => {
    const run = await runNotebook("notebooks/start-here.ipynb");
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    const printed = run.cells[0]!.outputs.join("").trimEnd().split("\n");
    COURSE_PATH.forEach((stop, index) => expect(printed[index]).toContain(stop.file));
    expect(printed.at(-1)).toMatch(/^about [\d.]+ hours in all \(estimate: /u);
  }, 180_000);

  it("ch14-coding-agent measures names against definitions, the bounds in bytes, and the frame limit live", async () => {
    const run = await runNotebook("notebooks/ch14-coding-agent.ipynb");
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    const printed = run.cells.map((cell) => cell.outputs.join(""));
    expect(printed[0]).toMatch(/^unrelated, 64 tools: names only \d+ tokens, full definitions \d+ tokens/u);
    expect(printed[1]).toMatch(/10000 tokens ≈ \d+ bytes: under our frame limit/u);
    expect(printed[1]).toMatch(/25000 tokens ≈ \d+ bytes: over our frame limit/u);
    expect(printed[2]).toMatch(/^frameLimit 65536 bytes: refused \[frame-limit\]/mu);
    expect(printed[2]).toMatch(/^frameLimit 2097152 bytes: accepted: "\d+ characters of text"/mu);
    expect(JSON.parse(printed[3]!)).toMatchObject({
      mcpServers: {
        "lucy-teaching": { args: [expect.stringMatching(/server\/dist\/main\.js$/u), "--mode", "normal"] },
      },
    });
  }, 180_000);

  it("class-view draws the made-up gradebook's three charts, saying it is made up", async () => {
    const run = await runNotebook("notebooks/class-view.ipynb");
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    const [cell] = run.cells;
    expect(cell!.outputs.join("")).toMatch(/^12 learners in examples\/made-up-grades\.csv, 11 graded/u);
    expect(cell!.svgs).toHaveLength(3);
    for (const svg of cell!.svgs) expect(svg).toContain("made-up example: invented learners, not a real class");
  }, 180_000);
});
