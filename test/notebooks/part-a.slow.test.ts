// The Part A notebook, run top to bottom in a fresh tslab kernel once per test run: the executed
// copy (test/support/executed-notebooks.ts) is shared with the HTML rendering and the browser test.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { comparedWithChapter } from "../../lib/src/experiment/analysis/coding-agent.js";
import { executedNotebook, executedNotebooksDataDir } from "../support/executed-notebooks.js";
import { jupyterPython } from "../../lib/src/grading/checkpoint/notebook-runner-output.js";

const REPO = resolve(__dirname, "../..");
const HTML_DIR = join(REPO, "test-artifacts", "notebooks", "html");
const VEGA_LITE_MIME = "application/vnd.vegalite.v5+json";
const PUBLISHED = "published: chapter 14 (quoted)";
const BASELINE = "retrieval baseline, not a language model";

interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
}
interface Cell {
  cell_type: string;
  execution_count?: number | null;
  source: string | string[];
  outputs?: Output[];
}

const text = (value: unknown): string =>
  Array.isArray(value) ? value.join("") : typeof value === "string" ? value : "";

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolveRun({ code, stdout, stderr }));
  });
}

describe("notebooks/ch14-part-a", () => {
  let cells: Cell[] = [];
  let printed = "";
  let executed = "";

  beforeAll(async () => {
    await rm(HTML_DIR, { recursive: true, force: true });
    await mkdir(HTML_DIR, { recursive: true });
    executed = await executedNotebook("notebooks/ch14-part-a.ipynb"); // rejects, with the runner's report, if a cell failed
    cells = (JSON.parse(await readFile(executed, "utf8")) as { cells: Cell[] }).cells.filter(
      (cell) => cell.cell_type === "code",
    );
    printed = cells
      .flatMap((cell) =>
        (cell.outputs ?? []).map((o) => text(o.text) + text(o.data?.["text/plain"]) + text(o.data?.["text/html"])),
      )
      .join("\n");
  }, 300_000);

  it("runs every code cell, with nothing written to stderr", () => {
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.filter((cell) => typeof cell.execution_count !== "number")).toEqual([]);
    const stderr = cells.flatMap((cell) =>
      (cell.outputs ?? []).filter((o) => o.name === "stderr").map((o) => text(o.text)),
    );
    expect(stderr).toEqual([]);
  });

  it("is one signed copy for the whole run: a Jupyter with the run's data folder trusts it, another does not", async () => {
    expect(await executedNotebook("notebooks/ch14-part-a.ipynb")).toBe(executed);
    const check = (dataDir: string) =>
      run(jupyterPython(), [
        "-c",
        "import sys, nbformat; from nbformat.sign import NotebookNotary; " +
          "print(NotebookNotary(data_dir=sys.argv[2]).check_signature(nbformat.read(sys.argv[1], 4)))",
        executed,
        dataDir,
      ]);
    expect((await check(executedNotebooksDataDir())).stdout.trim()).toBe("True");
    const another = join(HTML_DIR, "another-jupyter-data");
    await mkdir(another, { recursive: true });
    expect((await check(another)).stdout.trim()).toBe("False");
  });

  it("recomputes the receipt's tables in the open, and refuses an edited copy", () => {
    expect(printed).toContain("summarize(rows) deep-equals the stored tables: true");
    expect(printed).toMatch(/tables match: \d+ conditions and \d+ token fits recomputed from 432 rows/);
    expect(printed).toContain("an edited table: refused: ReceiptTablesMismatchError");
    expect(printed).toMatch(
      /the edited row: refused: DataError: the edited row: row \d+ \(bm25-top1, .*\) records an outcome its answer does not give/,
    );
  });

  it("sets the catalog's size beside the chapter's, and the chapter's dollar figures beside our dry run", () => {
    expect(printed).toMatch(/ours, unrelated, native.*chapter, qwen2\.5, native/s);
    expect(printed).toContain('"$2.51 USD" (chapter 14, Part A: Part A: what an offered tool costs)');
    expect(printed).toMatch(/our dry run of the chapter's Claude design: 960 rows, nothing contacted/);
    expect(printed).toMatch(/worst case \$\d+\.\d\d: the default spending cap/);
  });

  it("quotes the confusable comparison and the constrained choice's own results, each with its place", () => {
    expect(printed).toContain(
      'qwen2.5:1.5b native, 16 tools: "native 23 against 24" (chapter 14, Part A: More tools, worse choices)',
    );
    expect(printed).toContain('"24 of 24 up to thirty-two tools" (chapter 14, Part A: A constrained choice)');
    expect(printed).toContain('"493 ms" (chapter 14, Part A: A constrained choice)');
    expect(printed).toMatch(/\d+ constrained answers, 0 without a tool, 0 with arguments filled in/);
  });

  it("counts one tool's tokens in both forms, names the tokenizer and quotes the chapter's 39 and 11", () => {
    expect(printed).toMatch(/stock_level adds \d+ tokens as a native tool/);
    expect(printed).toMatch(/stock_level adds \d+ tokens as a listed name and description/);
    expect(printed).toContain("tokenizer: Qwen2Tokenizer");
    expect(printed).toContain('"(2700 - 511)/56 ≈ 39 tokens"');
    expect(printed).toContain('"about 11"');
  });

  it("displays the four charts as SVG with the vega-lite JSON beside it, each labeled with its source", () => {
    const charts = cells.flatMap((cell) =>
      (cell.outputs ?? []).filter((o) => o.output_type === "display_data" && o.data?.["image/svg+xml"] !== undefined),
    );
    for (const chart of charts) expect(chart.data).toHaveProperty([VEGA_LITE_MIME]);
    const titles = charts.map((chart) => text(chart.data!["text/plain"]));
    for (const title of [
      "Prompt tokens for one request",
      "Right tool chosen, unrelated distractors",
      "Answers with no tool call",
      "all 64 tools or a search's top five",
    ]) {
      expect(
        titles.filter((t) => t.includes(title) && t.includes(PUBLISHED)),
        title,
      ).toHaveLength(1);
    }
    const fromBaseline = titles.filter((t) => t.includes(BASELINE));
    // A baseline chart never shares a chapter chart's title.
    for (const t of fromBaseline) expect(t).toContain("Retrieval baseline (BM25, not a language model): ");
    expect(fromBaseline).toHaveLength(3);
    const svg = text(charts[0]!.data!["image/svg+xml"]);
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain("Tools offered");
    expect(svg).toContain(PUBLISHED);
  });

  it("shows what 24 requests can and cannot tell apart", () => {
    expect(printed).toMatch(
      /23\/24 = 0\.96, interval 0\.80 to 0\.99 {2}vs {2}14\/24 = 0\.58, interval 0\.39 to 0\.76 {2}-> {2}no overlap/,
    );
    expect(printed).toMatch(/24\/24 = 1\.00, .*21\/24 = 0\.88, .*intervals overlap/);
    expect(printed).toContain("p could not fall below 0.25");
  });

  it("runs the live search and prints recall@5 with what it caps", () => {
    expect(printed).toMatch(/[1-5]\. supplier_delivery_status +BM25 \d/);
    expect(printed).toMatch(/recall@5 = \d+\/24 = 0\.\d{3} \(BM25 over the 64-tool confusable catalog/);
    expect(printed).toContain('"0.875 for BM25"');
  });

  it("lists the retrieval baseline's declined calls instead of charting a lone bar", () => {
    expect(printed).toMatch(/\d+ of 216 native answers made no tool call/);
  });

  it("compares our pipe with the chapter's in sentences computed from both numbers, and quotes the findings it cannot rerun", () => {
    const pipe = JSON.parse(readFileSync(join(REPO, "evidence", "receipts", "protocol-cost.json"), "utf8")) as {
      startAndHandshakeMs: number;
      medianCallMs: number;
      p95CallMs: number;
    };
    const figures = JSON.parse(readFileSync(join(REPO, "evidence", "published", "ch14-figures.json"), "utf8")) as {
      figures: Array<{ id: string; value?: number; stated?: string }>;
    };
    const chapter = (id: string) => figures.figures.find((figure) => figure.id === id)!;
    for (const [what, ours, id, digits] of [
      ["start and handshake", pipe.startAndHandshakeMs, "protocol-start-handshake-ms", 1],
      ["median call", pipe.medianCallMs, "protocol-call-median-ms", 3],
      ["p95 call", pipe.p95CallMs, "protocol-call-p95-ms", 3],
    ] as const)
      expect(printed).toContain(comparedWithChapter(what, ours, chapter(id).value!, digits));
    for (const id of [
      "qwen3-0.6b-bm25-top5",
      "qwen3-0.6b-all-64",
      "not-offered-names-local",
      "sonnet-confusable-stock-first",
    ])
      expect(printed).toContain(`${id}: "${chapter(id).stated!}"`);
  });

  it("reruns a slice of the experiment offline and matches the receipt", () => {
    expect(printed).toContain("48 rows asked; 48 match the receipt in offered tools, outcome and prompt tokens");
  });

  it("renders the executed copy to HTML with every chart's whole SVG inside (npm run notebooks:html --executed)", async () => {
    const result = await run(process.execPath, [
      join(REPO, "scripts", "render-html.mjs"),
      "--executed",
      "--out-dir",
      HTML_DIR,
      executed,
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const html = await readFile(join(HTML_DIR, basename(executed).replace(/\.ipynb$/u, ".html")), "utf8");
    // Each chart is an <img> whose data: URI holds the whole SVG, elements and all (nbconvert 6.5's own
    // SVG block would strip the elements and keep only the text, leaving the chart blank). nbconvert 7
    // writes the same tag closed as `/>`.
    const svgs = [...html.matchAll(/<img alt="[^"]*" src="data:image\/svg\+xml;charset=utf-8,([^"]+)"\s*\/?>/g)].map(
      (m) => decodeURIComponent(m[1]!),
    );
    expect(svgs).toHaveLength(7);
    const tokens = svgs.find((svg) => svg.includes("Prompt tokens for one request"));
    expect(tokens).toMatch(/^<svg [^>]*class="marks"/);
    expect(tokens).toMatch(/<text[^>]*>Tools offered<\/text>/);
    expect(tokens!.match(/<path /g)?.length).toBeGreaterThan(10);
    expect(tokens).toContain(PUBLISHED);
    expect(html).not.toMatch(/<svg class="marks"/); // no stripped SVG left behind
  }, 120_000);
});
