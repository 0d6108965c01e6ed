// The experiment command's flags for exercises 1 and 2: several models, choice-none, the no-tool requests.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXPERIMENT_USAGE, parseExperimentArgs, runExperimentCommand } from "../../lib/src/cli/experiment.js";
import { declineTable } from "../../lib/src/exercises/ex2-decline/analysis.js";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";

afterEach(() => vi.restoreAllMocks());

describe("parseExperimentArgs for the exercises", () => {
  it("splits --model into models and keeps the one-model default", () => {
    expect(
      parseExperimentArgs(["--provider", "ollama", "--model", "qwen2.5:7b, qwen2.5:14b", "--out", "r.json"]),
    ).toMatchObject({
      model: "qwen2.5:7b, qwen2.5:14b",
      models: ["qwen2.5:7b", "qwen2.5:14b"],
      noToolRequests: false,
    });
    expect(parseExperimentArgs(["--provider", "lexical", "--out", "r.json"]).models).toEqual(["bm25-top1"]);
  });

  it("runs choice-none by --decline or by name, and joins the no-tool requests by --no-tool-requests", () => {
    expect(parseExperimentArgs(["--provider", "lexical", "--out", "r", "--decline"]).design.protocols).toEqual([
      "native",
      "choice",
      "choice-none",
    ]);
    expect(
      parseExperimentArgs(["--provider", "lexical", "--out", "r", "--protocols", "choice-none"]).design.protocols,
    ).toEqual(["choice-none"]);
    expect(
      parseExperimentArgs([
        "--provider",
        "lexical",
        "--out",
        "r",
        "--protocols",
        "native",
        "--decline",
        "--no-tool-requests",
      ]),
    ).toMatchObject({
      design: { protocols: ["native", "choice-none"] },
      noToolRequests: true,
    });
  });

  it.each([
    [["--provider", "ollama", "--model", "a,b,a", "--out", "x"], /--model lists "a" twice/],
    [
      ["--provider", "ollama", "--model", ",", "--out", "x"],
      /--model lists nothing; expected at least one of model names; received ","/,
    ],
    [
      ["--provider", "lexical", "--model", "x,y", "--out", "x"],
      /--provider lexical answers the same whatever the model is called; expected one --model; received 2/,
    ],
    [
      ["--provider", "lexical", "--out", "x", "--protocols", "native,choice-none", "--decline"],
      /--decline adds choice-none, which --protocols already lists/,
    ],
    [["--provider", "lexical", "--out", "x", "--protocols", "native,native"], /--protocols lists "native" twice/],
    [
      ["--provider", "lexical", "--out", "x", "--protocols", "choice-all"],
      /--protocols: unknown value; expected one of native, choice, choice-none; received "choice-all"/,
    ],
    [["--provider", "lexical", "--out", "x", "--decline=yes"], /--decline takes no value/],
    [["--provider", "lexical", "--out", "x", "--no-tool-requests=1"], /--no-tool-requests takes no value/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseExperimentArgs(argv)).toThrow(message);
    expect(() => parseExperimentArgs(argv)).toThrow(expect.objectContaining({ code: "usage", reason: "arguments" }));
  });

  it("documents every new flag in the usage text", () => {
    for (const flag of ["--model M[,M2,...]", "choice-none", "--decline", "--no-tool-requests"])
      expect(EXPERIMENT_USAGE).toContain(flag);
  });
});

describe("runExperimentCommand for the exercises", () => {
  it("exits 2 with the usage on a bad combination", async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    expect(
      await runExperimentCommand(["--provider", "lexical", "--out", "x", "--protocols", "choice-none", "--decline"]),
    ).toBe(2);
    expect(err.join("")).toMatch(/--decline adds choice-none[\s\S]*usage: mcp-workbook experiment/);
  });

  it("writes a receipt with the six no-tool requests under choice-none from the baseline", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "cli-ex-")), "r.json");
    const printed: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (printed.push(String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const code = await runExperimentCommand([
      "--provider",
      "lexical",
      "--out",
      out,
      "--sizes",
      "8",
      "--kinds",
      "unrelated",
      "--protocols",
      "choice",
      "--decline",
      "--no-tool-requests",
    ]);
    expect(code).toBe(0);
    const receipt = loadReceipt(out);
    expect(receipt.rows).toHaveLength(2 * 30);
    const [choice, none] = declineTable(receipt);
    expect(choice).toMatchObject({ protocol: "choice", noToolAsked: 6, falseCalls: 6 });
    expect(none).toMatchObject({ protocol: "choice-none", noToolAsked: 6 });
    expect(none!.falseCalls).toBeLessThan(6);
    expect(printed.join("")).toMatch(
      /60 rows \(60 asked, 0 resumed\), \d+ routed right, \d+ false calls on requests that need no tool/,
    );
  });
});
