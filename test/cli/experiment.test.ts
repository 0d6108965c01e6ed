import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseExperimentArgs, runExperimentCommand } from "../../lib/src/cli/experiment.js";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";

afterEach(() => vi.restoreAllMocks());

function capture() {
  const err: string[] = [];
  const out: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  return { err, out };
}

describe("parseExperimentArgs", () => {
  it("fills the chapter's design by default, and bm25-top1 for the lexical provider", () => {
    const args = parseExperimentArgs(["--provider", "lexical", "--out", "r.json"]);
    expect(args).toMatchObject({
      model: "bm25-top1",
      seed: 14,
      design: {
        sizes: [8, 16, 32, 64],
        kinds: ["unrelated", "confusable"],
        protocols: ["native", "choice"],
        searches: [],
      },
    });
    expect(
      parseExperimentArgs(["--provider=lexical", "--out=r.json", "--search", "bm25,embed", "--top", "3"]).design
        .searches,
    ).toEqual([
      { method: "bm25", top: 3 },
      { method: "embed", top: 3 },
    ]);
  });

  it.each([
    [[], /unknown --provider; expected ollama, anthropic or lexical; received nothing/],
    [["--provider", "openai", "--out", "x"], /received "openai"/],
    [["--provider", "lexical"], /--out FILE is required/],
    [["--provider", "ollama", "--out", "x"], /--model is required for --provider ollama/],
    [
      ["--provider", "lexical", "--out", "x", "--sizes", "8,12"],
      /--sizes: unknown value; expected one of 8, 16, 32, 64; received "12"/,
    ],
    [["--provider", "lexical", "--out", "x", "--max-usd", "1"], /--max-usd applies only to --provider anthropic/],
    [
      ["--provider", "anthropic", "--model", "m", "--out", "x", "--max-usd", "-1"],
      /invalid --max-usd; expected a positive number; received "-1"/,
    ],
    [["--provider", "lexical", "--out", "x", "--top", "5"], /--top is used only with --search/],
    [["--provider", "lexical", "--out", "x", "--bogus"], /unknown argument "--bogus"/],
    [["--provider", "lexical", "--out"], /--out expects a value, got none/],
    [["--provider", "lexical", "--out", "x", "--seed="], /--seed expects a value, got none/],
    [["--provider", "lexical", "--out", "x", "--out", "y"], /--out given twice/],
    [["--provider", "lexical", "--out", "x", "stray"], /unknown argument "stray"/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseExperimentArgs(argv)).toThrow(message);
    expect(() => parseExperimentArgs(argv)).toThrow(
      expect.objectContaining({ name: "UsageError", code: "usage", reason: "arguments" }),
    );
  });
});

describe("runExperimentCommand", () => {
  it("exits 2 with the usage on a usage error", async () => {
    const { err } = capture();
    expect(await runExperimentCommand(["--provider", "lexical"])).toBe(2);
    expect(err.join("")).toMatch(/--out FILE is required[\s\S]*usage: mcp-workbook experiment/);
  });

  it("writes a receipt that validates from the lexical baseline", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "cli-")), "r.json");
    const { out: printed } = capture();
    expect(
      await runExperimentCommand([
        "--provider",
        "lexical",
        "--out",
        out,
        "--sizes",
        "8",
        "--kinds",
        "unrelated",
        "--protocols",
        "native",
      ]),
    ).toBe(0);
    expect(loadReceipt(out).rows).toHaveLength(24);
    expect(printed.join("")).toMatch(/24 rows \(24 asked, 0 resumed\).*retrieval baseline, not a language model/);
  });

  it("exits 1 with the reason when the provider is unreachable", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "cli-")), "r.json");
    const { err } = capture();
    expect(
      await runExperimentCommand([
        "--provider",
        "ollama",
        "--model",
        "m",
        "--out",
        out,
        "--base-url",
        "http://127.0.0.1:9",
        "--sizes",
        "8",
      ]),
    ).toBe(1);
    expect(err.join("")).toMatch(/POST http:\/\/127\.0\.0\.1:9\/api\/chat failed/);
  });
});

describe("experiment --help", () => {
  it("prints the usage on stdout and exits 0", async () => {
    const { out, err } = capture();
    expect(await runExperimentCommand(["--help"])).toBe(0);
    expect(out.join("")).toMatch(/^usage: mcp-workbook experiment --provider/);
    expect(err).toEqual([]);
  });
});
