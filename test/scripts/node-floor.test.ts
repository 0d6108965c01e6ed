// Node 22 is the workbook's floor wherever a Node line is named: `engines`, set-up's refusal, and
// the Node the suite runs on (.ci/run puts scripts/node-line.sh's Node 22 first). Set-up is run as a learner runs
// it with an older Node first on PATH (this machine's own, Node 20, where there is one): it must stop
// before touching anything, name that Node and say how to get 22.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const NODE_FLOOR = 22;

/** The lowest major a package.json's `engines.node` range accepts (">=22" or "^22.0.0 || >=24"). */
function floorOf(range: string): number {
  return Math.min(...range.split("||").map((line) => Number(/(\d+)/u.exec(line)![1])));
}

it("names Node 22 as the floor in every package.json of the workspace", () => {
  for (const manifest of ["package.json", "lib/package.json", "server/package.json"]) {
    const engines = (JSON.parse(readFileSync(join(REPO, manifest), "utf8")) as { engines?: { node?: string } }).engines;
    expect(floorOf(engines?.node ?? ">=0"), manifest).toBe(NODE_FLOOR);
  }
});

it("runs this test suite on the floor or newer", () => {
  // npm test's vitest is the `node` first on PATH, as Jupyter's kernel and the README test's clone are.
  expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(NODE_FLOOR);
});

/** An older Node on this machine (the system's), if there is one. */
function olderNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    const version = spawnSync(candidate, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout?.trim();
    if (version !== undefined && version !== "" && Number(version.split(".")[0]) < NODE_FLOOR) return candidate;
  }
  return undefined;
}
const older = olderNode();

it.skipIf(older === undefined)(`set-up refuses an older Node first on PATH and says how to get ${NODE_FLOOR}`, () => {
  const folder = execFileSync("dirname", [older!], { encoding: "utf8" }).trim();
  const setup = spawnSync("bash", ["scripts/setup.sh", "--no-open"], {
    cwd: REPO,
    encoding: "utf8",
    env: { PATH: `${folder}:/usr/bin:/bin`, HOME: process.env["HOME"] ?? "/" },
    timeout: 20_000,
  });
  expect(setup.status, setup.stderr).toBe(1);
  expect(setup.stderr).toContain(`(${older}) is too old: the workbook needs ${NODE_FLOOR} or newer`);
  expect(setup.stderr).toContain(`export PATH="$(bash scripts/node-line.sh ${NODE_FLOOR}):$PATH"`);
  expect(setup.stdout).not.toContain("npm ci");
});
