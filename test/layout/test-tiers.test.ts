// Every test file is in exactly one tier, by a rule (test/support/tiers.ts): a file that starts a
// tslab kernel, Jupyter, a browser or a git clone is *.slow.test.ts, as is one that says why it is
// too long for the quick tier ("// Complete tier only: ..."); every other test file *.test.ts.
// Checked three ways: the rule on made-up sources (each wrong layout must be found), the rule on the
// repository's own test tree, and vitest's own file lists for `npm test` and `npm run test:quick`.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { machineryIn, resolveRelative, tierProblems } from "../support/tier-rule.js";
import { tierOf } from "../support/tiers.js";

const REPO = resolve(__dirname, "../..");

const tree = (files: Record<string, string>) => new Map(Object.entries(files));
const TEST = 'import { it } from "vitest";\n';

describe("the tier rule", () => {
  it("names each file's tier by its name alone", () => {
    expect(tierOf("test/a/x.slow.test.ts")).toBe("slow");
    expect(tierOf("test/a/x.test.ts")).toBe("quick");
    expect(tierOf("test/a/helper.ts")).toBeUndefined();
    expect(tierOf("test/a/x.spec.ts")).toBeUndefined();
  });

  it("finds each kind of machinery in code, and none in comments", () => {
    for (const source of [
      'import { runNotebook } from "../support/notebook.js";',
      'import { executedNotebook } from "../support/executed-notebooks.js";',
      'import { startJupyterServer } from "./jupyter-server.js";',
      'import { chromium } from "playwright-core";',
      'spawnSync("git", ["clone", "--quiet", REPO, dir]);',
      "execSync(`git clone ${REPO} ${dir}`);",
      'spawn(python, ["scripts/run_notebook.py", path]);',
      'spawn(python, [join(REPO, "scripts/kernel_ends.py"), how]);',
      'const CHROMIUM = "/usr/bin/chromium";',
    ])
      expect(machineryIn(source), source).not.toEqual([]);
    expect(
      machineryIn('// run_notebook.py and git clone, mentioned\n/* playwright */\nconst url = "http://x";'),
    ).toEqual([]);
    expect(machineryIn('const how = "see run_notebook.py, git clone and chromium";')).toEqual([]);
  });

  it("follows TypeScript's .js spelling of a relative import to the .ts file", () => {
    expect(resolveRelative("test/a/x.test.ts", "../support/teaching-server.js")).toBe(
      "test/support/teaching-server.ts",
    );
    expect(resolveRelative("test/a/x.test.ts", "./helper")).toBe("test/a/helper.ts");
  });

  it("fails each wrong layout, naming the file and what to do", () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [
        "a kernel in the quick tier",
        { "test/a/x.test.ts": `${TEST}import { runNotebook } from "../support/notebook.js";` },
        /test\/a\/x\.test\.ts.*rename it to test\/a\/x\.slow\.test\.ts/u,
      ],
      [
        "a kernel two helpers deep",
        {
          "test/a/x.test.ts": `${TEST}import { h } from "./h.js";`,
          "test/a/h.ts": 'export { g as h } from "../b/g.js";',
          "test/b/g.ts": 'import { chromium } from "playwright-core";\nexport const g = chromium;',
        },
        /through test\/b\/g\.ts/u,
      ],
      ["a slow name with nothing slow", { "test/a/x.slow.test.ts": `${TEST}it("adds", () => {});` }, /x\.test\.ts/u],
      [
        "a slow name with a bare mark for its reason",
        { "test/a/x.slow.test.ts": `// Complete tier only: slow\n${TEST}it("adds", () => {});` },
        /gives no reason/u,
      ],
      [
        "a reason to be slow, in the quick tier",
        { "test/a/x.test.ts": `// Complete tier only: grades every rule of the checkpoint twice\n${TEST}` },
        /rename it to test\/a\/x\.slow\.test\.ts/u,
      ],
      ["a test in neither tier", { "test/a/x.spec.ts": `${TEST}it("adds", () => {});` }, /neither tier/u],
      ["tests in a helper's name", { "test/a/checks.ts": `${TEST}it("adds", () => {});` }, /neither tier/u],
    ];
    for (const [what, files, message] of cases) {
      const problems = tierProblems(tree(files));
      expect(problems, what).toHaveLength(1);
      expect(`${problems[0]!.file} ${problems[0]!.problem}`, what).toMatch(message);
    }
    expect(
      tierProblems(
        tree({
          "test/a/x.slow.test.ts": `${TEST}import { runNotebook } from "../support/notebook.js";`,
          "test/a/z.slow.test.ts": `// Complete tier only: grades every rule of the checkpoint twice\n${TEST}`,
          "test/a/y.test.ts": `${TEST}import { helper } from "./helper.js";`,
          "test/a/helper.ts": "export const helper = 1; // unlike run_notebook.py",
          "test/support/notebook.ts": 'spawn(python, ["run_notebook.py"]);',
        }),
      ),
    ).toEqual([]);
  });
});

/** Every .ts file under test/ except fixtures (data the tests read, never run by vitest). */
function testSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(join(REPO, "test"), { recursive: true, withFileTypes: true })) {
    const path = relative(REPO, join(entry.parentPath, entry.name));
    if (!entry.isFile() || path.split("/").includes("fixtures") || !/\.[cm]?[jt]sx?$/u.test(path)) continue;
    sources.set(path, readFileSync(join(REPO, path), "utf8"));
  }
  return sources;
}

/** The files vitest itself selects for each tier, asked in one process (vitest's own globbing, our config). */
const LIST_TIERS = `
import { createVitest } from "vitest/node";
const tiers = {};
for (const tier of ["complete", "quick"]) {
  process.env.WORKBOOK_TIER = tier;
  const vitest = await createVitest("test", { watch: false, reporters: [] });
  tiers[tier] = (await vitest.globTestSpecifications()).map((spec) => spec.moduleId);
  await vitest.close();
}
console.log(JSON.stringify(tiers));`;

async function vitestFiles(): Promise<{ complete: string[]; quick: string[] }> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", LIST_TIERS], {
    cwd: REPO,
  });
  const tiers = JSON.parse(stdout.trim().split("\n").pop()!) as { complete: string[]; quick: string[] };
  const relativeSorted = (files: string[]) => files.map((file) => relative(REPO, file)).sort();
  return { complete: relativeSorted(tiers.complete), quick: relativeSorted(tiers.quick) };
}

describe("this repository's tests", () => {
  it("follow the tier rule", () => {
    const problems = tierProblems(testSources()).map((p) => `${p.file} ${p.problem}`);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("are what vitest runs: npm test every test file, test:quick all but the slow ones", async () => {
    const files = [...testSources().keys()];
    const byTier = (tier: "quick" | "slow") => files.filter((file) => tierOf(file) === tier);
    const { complete, quick } = await vitestFiles();
    expect(complete).toEqual([...byTier("quick"), ...byTier("slow")].sort());
    expect(quick).toEqual(byTier("quick").sort());
    expect(byTier("slow").length).toBeGreaterThan(0);
  });
});
