// Complete tier only: starts every command line of the package with bad options, a process each.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readFlags, wholeNumber } from "../../lib/src/flags/flags.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

const SPEC = {
  mode: { type: "string" },
  seed: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function refusal(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error("no UsageError");
}

describe("readFlags: node:util parseArgs, checked strictly, in words a learner can act on", () => {
  it("reads --flag value, --flag=value, a switch, a short alias and positionals when the command takes them", () => {
    expect(readFlags(["--mode", "hang", "--seed=4", "--json", "-h"], SPEC)).toEqual({
      values: { mode: "hang", seed: "4", json: true, help: true },
      positionals: [],
    });
    expect(readFlags(["a", "--json", "--", "--not-a-flag"], SPEC, { positionals: true })).toEqual({
      values: { json: true },
      positionals: ["a", "--not-a-flag"],
    });
    // A value that starts with a dash is the value (parseArgs's strict mode would call it ambiguous).
    expect(readFlags(["--seed", "-1"], SPEC).values.seed).toBe("-1");
  });

  it.each([
    [["--bogus"], /^unknown argument "--bogus"; expected one of --mode, --seed, --json, --help$/],
    [["--bogus=1"], /^unknown argument "--bogus"/],
    [["-x"], /^unknown argument "-x"/],
    [["--mode"], /^--mode expects a value, got none; expected --mode VALUE$/],
    [["--mode="], /^--mode expects a value, got none/],
    [["--json=yes"], /^--json takes no value; expected --json; received "--json=yes"$/],
    [["--mode", "a", "--mode=b"], /^--mode given twice; expected each option once$/],
    [["stray"], /^unknown argument "stray"; expected only the options --mode, --seed, --json, --help$/],
  ])("refuses %j with a UsageError (reason arguments)", (argv, message) => {
    const error = refusal(() => readFlags(argv, SPEC));
    expect(error).toMatchObject({ code: "usage", reason: "arguments" });
    expect(error.message).toMatch(message);
  });

  it("wholeNumber takes digits only, within its bounds", () => {
    expect(wholeNumber("--n", "42", 0, 100)).toBe(42);
    for (const text of ["-1", "1e3", "1.5", " 7", "", "101"])
      expect(refusal(() => wholeNumber("--n", text, 0, 100)).message).toMatch(
        /^invalid --n; expected a whole number from 0 to 100; received/,
      );
    expect(refusal(() => wholeNumber("--n", "0", 1)).message).toBe(
      'invalid --n; expected a whole number of at least 1; received "0"',
    );
  });
});

const DIST = path.join(__dirname, "../../lib/dist");

describe("every command line: a bad option exits 2 with the usage, before any work starts", () => {
  const report = mkdtempSync(path.join(tmpdir(), "flags-report-"));
  afterAll(() => rmSync(report, { recursive: true, force: true }));
  it.each([
    ["fuzz", ["fuzz/fuzz.js"], "--frames"],
    ["chaos", ["chaos/chaos.js"], "--cycles"],
    ["soak", ["soak/soak.js"], "--cycles"],
    ["soak:grading", ["soak/grading-under-load.js"], "--rounds"],
    ["soak:clock", ["soak/clock-under-load.js"], "--runs"],
    ["bench:bm25", ["bench/bm25-bench.js"], undefined],
    ["bench:class", ["bench/class-bench.js"], "--learners"],
    ["bench:grading", ["bench/grading-bench.js"], "--runs"],
    ["notebooks:assign", ["assign/assign-cli.js"], undefined],
    ["mcp-workbook demo", ["cli/main.js", "demo"], "--timeout-ms"],
    ["mcp-workbook call", ["cli/main.js", "call", "word_count", "{}"], "--timeout-ms"],
    ["mcp-workbook checkpoint", ["cli/main.js", "checkpoint", "--report-dir", report], "--seed"],
  ])("%s", (name, [file, ...before], valued) => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(DIST, file!), ...before, ...args], { encoding: "utf8", timeout: 20_000 });
    const unknown = run("--bogus");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      new RegExp(`^${name}: unknown argument "--bogus"; expected one of [^\\n]*\\nusage: `),
    );
    expect(unknown.stdout).toBe("");
    if (valued !== undefined) {
      const missing = run(valued);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toMatch(new RegExp(`^${name}: ${valued} expects a value, got none`));
      if (valued !== "--timeout-ms") {
        const bad = run(valued, "ten");
        expect(bad.status).toBe(2);
        expect(bad.stderr).toMatch(new RegExp(`^${name}: invalid ${valued}; expected a whole number`));
      }
    }
  });

  it.each([
    ["fuzz/fuzz.js"],
    ["chaos/chaos.js"],
    ["soak/grading-under-load.js"],
    ["soak/clock-under-load.js"],
    ["bench/bm25-bench.js"],
    ["bench/class-bench.js"],
    ["bench/grading-bench.js"],
    ["assign/assign-cli.js"],
  ])("%s --help prints the usage and exits 0", (file) => {
    const help = spawnSync(process.execPath, [path.join(DIST, file), "--help"], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: /);
  });
});
