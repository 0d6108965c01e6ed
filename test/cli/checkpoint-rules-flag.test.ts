// `mcp-workbook checkpoint --rules a,b`: the named Part B rules with the rules they depend on, in the
// checkpoint's order, and a usage error (exit 2, a fresh report saying it did not run) for an unknown id.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { chosenRules, runCheckpointCommand } from "../../lib/src/cli/checkpoint.js";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

const IDS = RULES.map((rule) => rule.id);
const byId = new Map(RULES.map((rule) => [rule.id, rule]));

describe("chosenRules", () => {
  it("holds every named rule and each rule it depends on, nothing else, in RULES order", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1 }), (named) => {
        const chosen = chosenRules(named.join(",")).map((rule) => rule.id);
        expect(chosen).toEqual(IDS.filter((id) => chosen.includes(id)));
        for (const id of named) expect(chosen).toContain(id);
        for (const id of chosen) for (const dependency of byId.get(id)!.dependsOn) expect(chosen).toContain(dependency);
        // Nothing unasked: every extra rule is a dependency of a chosen one.
        for (const id of chosen)
          if (!named.includes(id)) expect(chosen.some((other) => byId.get(other)!.dependsOn.includes(id))).toBe(true);
      }),
    );
  });

  it("adds a rule's dependency on its own (the checkpoint has at least one rule that depends on another)", () => {
    const dependent = RULES.find((rule) => rule.dependsOn.length > 0)!;
    expect(chosenRules(dependent.id).map((rule) => rule.id)).toEqual(
      IDS.filter((id) => id === dependent.id || dependent.dependsOn.includes(id)),
    );
  });

  it("refuses an id that names no rule, saying which and what the ids are", () => {
    for (const list of ["no-such-rule", `${IDS[0]},framing`, `${IDS[0]},`, ""]) {
      let refusal: unknown;
      try {
        chosenRules(list);
      } catch (error) {
        refusal = error;
      }
      expect(refusal, list).toBeInstanceOf(UsageError);
      expect((refusal as UsageError).reason).toBe("arguments");
      expect((refusal as Error).message).toMatch(/^--rules names no rule "[^"]*"; expected comma-separated ids from /u);
      expect((refusal as Error).message).toContain(IDS.join(", "));
    }
  });
});

describe("checkpoint --rules with an unknown id", () => {
  const reportDir = mkdtempSync(join(tmpdir(), "rules-flag-"));
  afterAll(() => rmSync(reportDir, { recursive: true, force: true }));

  it("exits 2 before grading, with the usage and a report that says the checkpoint did not run", async () => {
    let stderr = "";
    let stdout = "";
    const status = await runCheckpointCommand(["--rules", "framing", "--report-dir", reportDir], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^mcp-workbook checkpoint: --rules names no rule "framing"; .*\nusage: .*--rules ID,/su);
    const results = JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8")) as { tests: { name: string }[] };
    expect(results.tests.map((test) => test.name)).toEqual(["checkpoint ran"]);
  });
});
