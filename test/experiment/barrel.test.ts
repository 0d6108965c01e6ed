// The experiment and notebook namespaces name every export (no `export *`: an export is a
// decision), and between them they still offer every value the root offered from their folders.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as experiment from "../../lib/src/experiment/index.js";
import * as root from "../../lib/src/index.js";
import * as notebook from "../../lib/src/notebook/index.js";

const LIB_SRC = path.resolve(__dirname, "../../lib/src");
/** The exercises' analyses: x1's files in experiment/, offered by the exercises' namespace instead. */
const EXERCISE_FILES = ["decline.ts", "recovery.ts", "hostile-offer.ts", "model-size.ts", "tool-budget.ts"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : entry.endsWith(".ts") && entry !== "index.ts" ? [full] : [];
  });
}

/** Every runtime value the given files export, by identity. */
async function valuesOf(files: readonly string[]): Promise<Set<unknown>> {
  const values = new Set<unknown>();
  for (const file of files) for (const value of Object.values(await import(file) as Record<string, unknown>)) values.add(value);
  return values;
}

/** Root export names whose value one of `files` defines. */
async function rootNamesFrom(files: readonly string[]): Promise<string[]> {
  const values = await valuesOf(files);
  return Object.entries(root).filter(([, value]) => values.has(value)).map(([name]) => name).sort();
}

describe("the experiment namespace (lib/src/experiment/index.ts)", () => {
  it("names each export", () => {
    expect(readFileSync(path.join(LIB_SRC, "experiment", "index.ts"), "utf8")).not.toMatch(/export \*/);
  });

  it("offers every value the root offers from experiment/, the exercises' analyses aside", async () => {
    const files = filesUnder(path.join(LIB_SRC, "experiment")).filter((file) => !EXERCISE_FILES.includes(path.basename(file)));
    const names = await rootNamesFrom(files);
    expect(names.length).toBeGreaterThan(60);
    const missing = names.filter((name) => (experiment as Record<string, unknown>)[name] !== (root as Record<string, unknown>)[name]);
    expect(missing, `the root offers these from experiment/, the namespace does not: ${missing.join(", ")}`).toEqual([]);
  });

  it("leaves the exercises' analyses to the exercises", async () => {
    const exerciseValues = await valuesOf(filesUnder(path.join(LIB_SRC, "exercises")));
    const offered = Object.entries(experiment).filter(([, value]) => exerciseValues.has(value)).map(([name]) => name);
    expect(offered).toEqual([]);
  });
});

describe("the notebook namespace (lib/src/notebook/index.ts)", () => {
  it("names each export and offers every value the root offers from notebook/", async () => {
    expect(readFileSync(path.join(LIB_SRC, "notebook", "index.ts"), "utf8")).not.toMatch(/export \*/);
    const names = await rootNamesFrom(filesUnder(path.join(LIB_SRC, "notebook")));
    expect(names).toEqual(["attempt", "attemptAsync", "closeKept", "escapeHtml", "htmlTable", "keepOne", "trickleTimeline", "trickleVerdict"]);
    for (const name of [...names, "readCallLog", "CallRecordSchema"]) {
      expect((notebook as Record<string, unknown>)[name], name).toBe((root as Record<string, unknown>)[name]);
    }
  });
});
