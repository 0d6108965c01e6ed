// The experiment and notebook namespaces name every export (no `export *`: an export is a
// decision; test/surface pins the names), and each offers only what its folder is for.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as experiment from "../../lib/src/experiment/index.js";
import * as notebook from "../../lib/src/notebook/index.js";

const LIB_SRC = path.resolve(__dirname, "../../lib/src");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory()
      ? filesUnder(full)
      : entry.endsWith(".ts") && entry !== "index.ts"
        ? [full]
        : [];
  });
}

/** Every runtime value the given files export, by identity. */
async function valuesOf(files: readonly string[]): Promise<Set<unknown>> {
  const values = new Set<unknown>();
  for (const file of files)
    for (const value of Object.values((await import(file)) as Record<string, unknown>)) values.add(value);
  return values;
}

describe("the experiment namespace (lib/src/experiment/index.ts)", () => {
  it("names each export", () => {
    expect(readFileSync(path.join(LIB_SRC, "experiment", "index.ts"), "utf8")).not.toMatch(/export \*/);
  });

  it("leaves the exercises' analyses to the exercises", async () => {
    const exerciseValues = await valuesOf(filesUnder(path.join(LIB_SRC, "exercises")));
    const offered = Object.entries(experiment)
      .filter(([, value]) => exerciseValues.has(value))
      .map(([name]) => name);
    expect(offered).toEqual([]);
  });
});

describe("the notebook namespace (lib/src/notebook/index.ts)", () => {
  it("names each export and offers only display helpers and the call-log reader, no analysis or runs", async () => {
    expect(readFileSync(path.join(LIB_SRC, "notebook", "index.ts"), "utf8")).not.toMatch(/export \*/);
    const own = await valuesOf([
      ...filesUnder(path.join(LIB_SRC, "notebook")),
      ...filesUnder(path.join(LIB_SRC, "call-log")),
    ]);
    const foreign = Object.entries(notebook)
      .filter(([, value]) => !own.has(value))
      .map(([name]) => name);
    expect(foreign, "offered by notebook/ but defined elsewhere").toEqual([]);
    expect(Object.keys(notebook)).toEqual(
      expect.arrayContaining(["attempt", "htmlTable", "keepOne", "readCallLog", "trickleTimeline"]),
    );
  });
});
