// Every name the package exports has a consumer: a notebook, the learner's package, the checkpoint
// notebook or a near-copy, a script, the CLI, a test, the documented API (the README and docs/), or the module
// the library writes for the grader's host (it requires the package by name, as a notebook does).
// A name none of them mentions is surface nobody uses, and leaves the barrels (issue 23 took 561 to 365).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const CONSUMERS = ["notebooks", "learner", "checkpoints", "scripts", "server/src", "docs", "test", "lib/src/cli"];
const SKIPPED = new Set(["node_modules", "dist", "reports"]);
// The pinned list and this test name every exported name: they are no consumer.
const NOT_CONSUMERS = new Set([join(__dirname, "public-surface.txt"), __filename]);

function textsUnder(folder: string): string[] {
  const texts: string[] = [];
  for (const entry of readdirSync(folder)) {
    const full = join(folder, entry);
    if (SKIPPED.has(entry) || NOT_CONSUMERS.has(full)) continue;
    if (statSync(full).isDirectory()) texts.push(...textsUnder(full));
    else if (/\.(ts|js|mjs|cjs|ipynb|md|py|sh|json)$/.test(entry)) texts.push(readFileSync(full, "utf8"));
  }
  return texts;
}

/** The pinned surface (public-surface.test.ts holds it to the barrels): "area name" per exported name. */
function pinnedNames(): string[] {
  let area = "";
  const names: string[] = [];
  for (const line of readFileSync(join(__dirname, "public-surface.txt"), "utf8").split("\n")) {
    if (line.startsWith("mcp-workbook")) area = line.split(" ")[0]!;
    else if (line.startsWith("  ")) names.push(`${area} ${line.trim().replace(/^type /, "")}`);
  }
  return names;
}

describe("the public surface", () => {
  it("exports only names something outside the library uses", () => {
    // Code the library writes for the grader's host requires the package by its name, as a notebook does.
    const written = textsUnder(join(REPO, "lib", "src")).filter((text) => text.includes('require("mcp-workbook'));
    expect(written.length).toBeGreaterThan(0);
    const corpus = [
      readFileSync(join(REPO, "README.md"), "utf8"),
      ...written,
      ...CONSUMERS.flatMap((f) => textsUnder(join(REPO, f))),
    ];
    const names = pinnedNames();
    expect(names.length).toBeGreaterThan(300);
    const unused = names.filter((entry) => {
      const word = new RegExp(`\\b${entry.split(" ")[1]!.replace(/\$/g, "\\$")}\\b`);
      return !corpus.some((text) => word.test(text));
    });
    expect(
      unused,
      `exported, used by no notebook, CLI, test or README: drop from the barrel or use\n${unused.join("\n")}`,
    ).toEqual([]);
  });
});
