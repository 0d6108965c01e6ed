// The suite's closing report: the ten slowest files, longest first, then the plain closing line CI
// reads, which must stay the last line printed.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestModule, Vitest } from "vitest/node";
import config from "../../vitest.config.mjs";
import SlowestFilesReporter from "../support/slowest-files-reporter.js";

/** A finished file as the reporter sees it: its path and the times vitest measured. */
function finished(file: string, seconds: number): TestModule {
  const ms = seconds * 1000;
  return {
    moduleId: `/repo/${file}`,
    diagnostic: () => ({
      environmentSetupDuration: 1,
      prepareDuration: 2,
      setupDuration: 3,
      collectDuration: 4,
      duration: ms - 10,
    }),
  } as unknown as TestModule;
}

function printed(modules: TestModule[]): string {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const reporter = new SlowestFilesReporter();
  reporter.onInit({ config: { root: "/repo" } } as unknown as Vitest);
  reporter.onTestRunEnd(modules);
  const text = write.mock.calls.map((call) => String(call[0])).join("");
  write.mockRestore();
  return text;
}

afterEach(() => vi.restoreAllMocks());

describe("the ten slowest test files", () => {
  it("lists ten of twelve files, longest first, each with its whole time in its worker", () => {
    const seconds = [3, 77, 0.5, 12, 9, 45, 1, 2, 30, 8, 60, 4];
    const text = printed(seconds.map((s, index) => finished(`test/f${index}.test.ts`, s)));
    const rows = text.trim().split("\n").slice(1);
    expect(text).toMatch(/^\nthe 10 slowest test files:\n/u);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toBe("   77.0 s  test/f1.test.ts");
    const listed = rows.map((row) => Number(row.trim().split(" ")[0]));
    expect(listed).toEqual([...seconds].sort((a, b) => b - a).slice(0, 10));
  });

  it("lists fewer when fewer ran, and nothing when none did", () => {
    expect(printed([finished("test/a.test.ts", 1)])).toContain(
      "the 1 slowest test files:\n    1.0 s  test/a.test.ts\n",
    );
    expect(printed([])).toBe("");
  });

  it("comes before the closing line, which stays last", () => {
    // A reporter is its path, or [path, options].
    const reporters = ((config.test?.reporters ?? []) as Array<string | [string, unknown]>).map((entry) =>
      typeof entry === "string" ? entry : entry[0],
    );
    const slowest = reporters.findIndex((name) => name.endsWith("slowest-files-reporter.ts"));
    expect(slowest).toBeGreaterThan(-1);
    expect(reporters.at(-1)).toMatch(/closing-line-reporter\.ts$/u);
  });
});
