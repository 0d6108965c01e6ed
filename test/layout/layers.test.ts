// The library's layers (lib/src/layers.json), lowest first: a folder imports only folders of a
// lower layer, so the folder graph has no circle through any chain, and only server-build reads
// the teaching server's build. The lint rule (eslint.config.mjs) says so in the editor; this test
// says so from the imports themselves, and checks that the rule fails an upward import from every
// folder.
import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import {
  findCycles,
  folderGraph,
  HOMES,
  LAYERS,
  importGraph,
  LIB_SRC,
  relativeImports,
  sourceFiles,
  staysInLib,
} from "./import-graph.js";

const REPO = path.resolve(LIB_SRC, "../..");
const LAYER_OF = new Map(LAYERS.flatMap((layer, index) => layer.map((folder) => [folder, index] as const)));
/** The folders to place: each top folder of lib/src, or each folder inside a home (import-graph.ts). */
const FOLDERS = readdirSync(LIB_SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() || entry.name === "index.ts")
  .flatMap((entry) =>
    HOMES.has(entry.name)
      ? readdirSync(path.join(LIB_SRC, entry.name), { withFileTypes: true }).map((inner) =>
          inner.isDirectory() ? `${entry.name}/${inner.name}` : `${entry.name}/${inner.name} (a file in a home)`,
        )
      : [entry.name],
  )
  .sort();
const GRAPH = folderGraph(importGraph(sourceFiles()));

/** A file `folder`'s code can import: the folder's barrel, else its first file; the root barrel itself. */
function fileIn(folder: string): string {
  if (folder === "index.ts") return path.join(LIB_SRC, "index.ts");
  const files = sourceFiles(path.join(LIB_SRC, folder));
  return files.find((file) => path.basename(file) === "index.ts") ?? files[0]!;
}

/** The specifier a new file in `folder` would write to import `file`. */
function specifier(folder: string, file: string): string {
  const from = folder === "index.ts" ? LIB_SRC : path.join(LIB_SRC, folder);
  const relative = path.relative(from, file).replace(/\.ts$/, ".js");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** Where a probe written in `folder` claims to live (the root barrel is the folder's one file). */
function probePath(folder: string): string {
  return folder === "index.ts" ? path.join(LIB_SRC, "index.ts") : path.join(LIB_SRC, folder, "layer-probe.ts");
}

describe("lib/src's layers", () => {
  it("place every folder of lib/src once, and name no folder that is gone", () => {
    const placed = LAYERS.flat();
    expect(new Set(placed).size, "a folder placed twice").toBe(placed.length);
    expect([...placed].sort()).toEqual(FOLDERS);
  });

  it("leave no folder circle, through any chain", () => {
    const adjacency = new Map([...GRAPH].map(([from, edges]) => [from, [...edges.keys()].sort()]));
    const cycles = findCycles(adjacency).map((cycle) => cycle.join(" -> "));
    expect(cycles, `folder circles in lib/src:\n${cycles.join("\n")}`).toEqual([]);
  });

  it("hold: every folder imports only lower layers", () => {
    const upward = [...GRAPH].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => LAYER_OF.get(to)! >= LAYER_OF.get(from)!)
        .map(([to, count]) => `${from} (layer ${LAYER_OF.get(from)}) -> ${to} (layer ${LAYER_OF.get(to)}): ${count}`),
    );
    expect(upward, `imports that are not downward:\n${upward.join("\n")}`).toEqual([]);
    // A graph read wrong would pass: the edges the layers were cut for are there, pointing down.
    expect(GRAPH.get("exercises")?.get("grading/trials")).toBeGreaterThan(0);
    expect(GRAPH.get("grading/checkpoint")?.get("exercises")).toBeGreaterThan(0);
  });

  it("let only server-build read the teaching server's build", () => {
    const leaving = sourceFiles().flatMap((file) =>
      relativeImports(file)
        .filter((name) => !staysInLib(file, name))
        .map((name) => `${path.relative(LIB_SRC, file)}: ${name}`),
    );
    expect(leaving.length).toBeGreaterThan(0);
    expect(leaving.filter((line) => !line.startsWith(`server-build${path.sep}`))).toEqual([]);
  });
});

describe("the layer rule (eslint.config.mjs, import-x/no-restricted-paths)", () => {
  // The repository's config, its layer rule alone, without the type-aware parse the other rules need.
  const eslint = new ESLint({
    cwd: REPO,
    ruleFilter: ({ ruleId }) => ruleId === "import-x/no-restricted-paths",
    overrideConfig: { files: ["lib/src/**/*.ts"], languageOptions: { parserOptions: { project: null } } },
  });
  const lint = async (folder: string, target: string): Promise<string[]> => {
    const code = `import * as probe from "${specifier(folder, fileIn(target))}";\nexport const seen = probe;\n`;
    const [result] = await eslint.lintText(code, { filePath: probePath(folder) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  it("fails an upward import from every folder (at the top, a same-layer one), with the layers' message", async () => {
    const missed: string[] = [];
    for (const [index, layer] of LAYERS.entries())
      for (const folder of layer) {
        const above = LAYERS[index + 1]?.[0] ?? layer.find((other) => other !== folder)!;
        const said = await lint(folder, above);
        const expected = `lib/src/layers.json: a folder imports only lower layers (${folder} is in layer ${index}).`;
        if (!said.some((line) => line.startsWith("import-x/no-restricted-paths") && line.includes(expected)))
          missed.push(`${folder} -> ${above}: ${said.join("; ") || "no message"}`);
      }
    expect(missed).toEqual([]);
  }, 30_000);

  it("passes a downward import, and fails an import of the server's build outside server-build", async () => {
    expect(await lint("exercises", "grading/trials")).toEqual([]);
    expect(await lint("pieces", "assembly")).toEqual([]);
    const [result] = await eslint.lintText('export { MODES } from "../../../server/dist/modes.js";\n', {
      filePath: probePath("demo"),
    });
    const said = result!.messages.map((message) => message.message).join("\n");
    // Unbuilt, the server's module does not resolve and the rule cannot see it: the import test above covers it.
    if (readdirSync(path.join(REPO, "server")).includes("dist")) expect(said).toContain("only server-build reads");
  });
});
