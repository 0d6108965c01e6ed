// End to end: `mcp-workbook checkpoint` runs the checkpoint notebook in a real tslab kernel
// (scripts/run_notebook.py), against the library, the learner stubs, and with hidden cells.
// Needs `npm run build` first (the kernel loads lib/dist and learner/dist), as every notebook test does.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCheckpointCommand } from "../../lib/src/cli/checkpoint.js";
import { parseXml } from "./xml-parse.js";

const reportRoot = mkdtempSync(join(tmpdir(), "checkpoint-cli-"));
afterAll(() => rmSync(reportRoot, { recursive: true, force: true }));

async function checkpoint(name: string, ...argv: string[]) {
  const reportDir = join(reportRoot, name);
  let stdout = "";
  let stderr = "";
  const exitCode = await runCheckpointCommand([...argv, "--report-dir", reportDir], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  const read = (file: string): string => readFileSync(join(reportDir, file), "utf8");
  return { exitCode, lines: stdout.trimEnd().split("\n"), stderr, results: () => JSON.parse(read("results.json")), junit: () => read("junit.xml") };
}

describe("mcp-workbook checkpoint, through the real kernel", () => {
  it("against the library: six ok lines, exit 0, reports that parse", async () => {
    const run = await checkpoint("lib");
    expect(run.stderr).toMatch(/^checkpoint: 6 of 6 ok \(kernel start [\d.]+ s, cells [\d.]+ s, total [\d.]+ s\)/u);
    expect(run.lines).toHaveLength(6);
    expect(run.lines.every((line) => line.startsWith("ok "))).toBe(true);
    expect(run.lines[5]).toContain("no paid run in evidence/");
    expect(run.exitCode).toBe(0);
    const results = run.results();
    expect(results).toMatchObject({ score: 6, max_score: 6 });
    expect(results.tests.map((test: { status: string }) => test.status)).toEqual(Array(6).fill("passed"));
    expect(results.execution_time).toBeGreaterThan(0);
    const junit = parseXml(run.junit());
    expect(junit.ok && junit.root.children[0]!.attributes).toMatchObject({ tests: "6", failures: "0" });
  }, 240_000);

  it("against the learner stubs: six FAIL lines naming the stubs, exit 1", async () => {
    const run = await checkpoint("learner", "--impl", "learner");
    expect(run.lines).toHaveLength(6);
    for (const line of run.lines) expect(line).toMatch(/^FAIL .*not implemented: \S+ — see notebooks\/ch14-part-b/u);
    expect(run.exitCode).toBe(1);
    expect(run.results()).toMatchObject({ score: 0, max_score: 6 });
    const junit = parseXml(run.junit());
    expect(junit.ok && junit.root.children[0]!.attributes).toMatchObject({ tests: "6", failures: "6" });
  }, 240_000);

  it("with a hidden-checks folder: their lines join the report, in name order", async () => {
    const run = await checkpoint("hidden", "--hidden", "test/checkpoint/fixtures/hidden");
    expect(run.lines.slice(6)).toEqual(['ok id 0: "0" does not answer request 0', "ok protocol version is 2025-06-18", "FAIL deliberately failing hidden line (fixture)"]);
    expect(run.exitCode).toBe(1);
    expect(run.results().tests.slice(6).map((test: { name: string; status: string }) => [test.name, test.status])).toEqual([
      ["hidden 01-zero-id.ts", "passed"], ["hidden 02-two-lines.ts #1", "passed"], ["hidden 02-two-lines.ts #2", "failed"],
    ]);
  }, 240_000);

  it("--exercises adds the optional exercise section: one ok line per exercise", async () => {
    const run = await checkpoint("exercises", "--exercises");
    expect(run.exitCode).toBe(0);
    expect(run.lines).toHaveLength(12);
    expect(run.lines.slice(6).map((line) => line.replace(/^(ok exercise \d).*$/u, "$1"))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `ok exercise ${n}`));
    expect(run.results().tests).toHaveLength(12);
  }, 240_000);

  it("a hidden cell that throws makes the notebook not clean, and the report says which cell", async () => {
    const run = await checkpoint("hidden-throws", "--hidden", "test/checkpoint/fixtures/hidden-throws");
    expect(run.lines.slice(0, 6).every((line) => line.startsWith("ok "))).toBe(true);
    expect(run.lines.slice(6)).toEqual([
      expect.stringMatching(/^FAIL hidden 01-throws\.ts: printed no ok or FAIL line \(cell \d+ error: Error: hidden fixture failed on purpose\)$/u),
      expect.stringMatching(/^FAIL notebook: cell \d+ \(error\) \/\/ A hidden cell that crashes/u),
    ]);
    expect(run.exitCode).toBe(1);
  }, 240_000);

  it("refuses an implementation that cannot be loaded, before starting a kernel", async () => {
    const run = await checkpoint("missing", "--impl", "no/such/folder");
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^mcp-workbook checkpoint: --impl \S+no\/such\/folder cannot be loaded/u);
  });
});
