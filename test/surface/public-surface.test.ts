// The package's public surface is a decision: the root `mcp-workbook` and each namespace
// `mcp-workbook/<area>` export exactly the names pinned in public-surface.txt. An export added or
// removed fails here until the pinned list is updated on purpose (`npx vitest run test/surface -u`).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
// A subpath import as a consumer writes it: `npx tsc -p .` checks its types through lib/experiment/package.json.
import { summarize, type Row, type Tables } from "mcp-workbook/experiment";
import { summarize as summarizeInSource } from "../../lib/src/experiment/receipts/summarize.js";

const LIB = resolve(__dirname, "../../lib");
/** The namespaces, each a folder lib/<area>/ whose package.json points into dist/<area>/. */
const NAMESPACES = [
  "agent",
  "charts",
  "checkpoint",
  "class-view",
  "demo",
  "exercises",
  "experiment",
  "notebook",
  "pieces",
] as const;

/** Every name a barrel exports, sorted; types marked, since removing one breaks a consumer too. */
function exportedNames(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is not in the program`);
  const module = checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${file} exports nothing`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
    })
    .sort((a, b) => byName(a).localeCompare(byName(b), "en") || a.localeCompare(b, "en"));
}

/** The sort key: the name itself, whether a type or a value, case folded (one order on every machine). */
function byName(entry: string): string {
  return entry.replace(/^type /u, "").toLowerCase();
}

/** Where a namespace's code lives when not in lib/src/<area>: a subpath keeps its name when its code moves into a verb's home. */
const SOURCE_FOLDER: Readonly<Record<string, string>> = { checkpoint: "grading/checkpoint" };
const sourceFolder = (area: string): string => SOURCE_FOLDER[area] ?? area;

function barrel(area: string | undefined): string {
  return join(LIB, "src", ...(area === undefined ? [] : sourceFolder(area).split("/")), "index.ts");
}

/** A hang guard, not a timing check: type-checking every barrel is CPU work a loaded machine stretches past 30 s. */
const TYPE_CHECK_GUARD_MS = 120_000;

describe("the public surface", () => {
  it(
    "is the pinned list of names, root and namespaces",
    async () => {
      const files = [barrel(undefined), ...NAMESPACES.map(barrel)];
      const program = ts.createProgram(files, {
        module: ts.ModuleKind.Node16,
        moduleResolution: ts.ModuleResolutionKind.Node16,
        target: ts.ScriptTarget.ES2022,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      });
      const sections = [
        ["mcp-workbook", barrel(undefined)],
        ...NAMESPACES.map((area) => [`mcp-workbook/${area}`, barrel(area)]),
      ] as const;
      const text = sections
        .map(([name, file]) => {
          const names = exportedNames(program, file);
          return [`${name} (${names.length} names)`, ...names.map((each) => `  ${each}`)].join("\n");
        })
        .join("\n\n");
      const root = exportedNames(program, barrel(undefined));
      console.log(
        `public surface: the root exports ${root.length} names (${root.filter((each) => !each.startsWith("type ")).length} values); ${NAMESPACES.length} namespaces`,
      );
      await expect(`${text}\n`).toMatchFileSnapshot("./public-surface.txt");
    },
    TYPE_CHECK_GUARD_MS,
  );

  it("names each export: no barrel re-exports a whole module", () => {
    for (const file of [barrel(undefined), ...NAMESPACES.map(barrel)]) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/^export \*/mu);
    }
  });

  it.each(NAMESPACES)(
    "mcp-workbook/%s is a folder whose package.json points at the built barrel, shipped in files",
    (area) => {
      const manifest = JSON.parse(readFileSync(join(LIB, area, "package.json"), "utf8")) as {
        main?: string;
        types?: string;
      };
      // main and types, not an exports map: tslab resolves Node10-style and ignores exports.
      expect(manifest).toEqual({
        main: `../dist/${sourceFolder(area)}/index.js`,
        types: `../dist/${sourceFolder(area)}/index.d.ts`,
      });
      expect(existsSync(join(LIB, area, manifest.main!)), "run npm run build").toBe(true);
      const files = (JSON.parse(readFileSync(join(LIB, "package.json"), "utf8")) as { files: string[] }).files;
      expect(files).toContain(area);
    },
  );

  it("has no other namespace folder in lib/ than the ones listed here", () => {
    const folders = readdirSync(LIB, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && existsSync(join(LIB, entry.name, "package.json")),
    );
    expect(folders.map((entry) => entry.name).sort()).toEqual([...NAMESPACES]);
  });

  it("a subpath import from a test resolves to the built namespace, typed", () => {
    const tables: Tables = summarize([] as readonly Row[]);
    expect(tables).toEqual(summarizeInSource([]));
    // @ts-expect-error: summarize takes receipt rows; were the subpath's types missing, this line would not be an error.
    expect(() => summarize(42)).toThrow();
  });
});
