// What the run's globalSetups give every test and every process a test starts: one temporary folder
// for the whole run (run-temp-dir-setup.ts), and no NODE_EXTRA_CA_CERTS (extra-ca-certs-setup.ts),
// which the README test gives back to the lines it runs that install packages.
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { basename } from "node:path";
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import type { TestProject } from "vitest/node";
import extraCaCertsSetup from "../support/extra-ca-certs-setup.js";
import { installs, newcomerEnv } from "../readme/run-line.js";

const KEY = "NODE_EXTRA_CA_CERTS";
const inChild = (name: string): string =>
  execFileSync("sh", ["-c", `printf %s "\${${name}-unset}"`], { encoding: "utf8" });

it("keeps the run's temporary files in one folder, for the tests and what they start", () => {
  expect(basename(tmpdir())).toMatch(/^workbook-test-run-/u);
  expect(inChild("TMPDIR")).toBe(tmpdir());
});

it("starts the run's processes without NODE_EXTRA_CA_CERTS, and gives it back to a newcomer's line that installs", () => {
  expect(process.env[KEY]).toBeUndefined();
  expect(inChild(KEY)).toBe("unset");
  const found = inject("nodeExtraCaCerts");
  expect(newcomerEnv("/nowhere", {}, { reachesRegistry: true })[KEY]).toBe(found === "" ? undefined : found);
  expect(newcomerEnv("/nowhere", {})[KEY]).toBeUndefined();
});

it("counts as installing only the lines that run npm ci or install, or the set-up", () => {
  for (const line of [
    "npm run setup",
    "npm ci",
    "npm install",
    "npm i -D vitest",
    "cd server && npm ci",
    "bash scripts/setup.sh --no-open",
  ])
    expect(installs(line), line).toBe(true);
  for (const line of [
    "npm run checkpoint",
    "npx mcp-workbook demo stale",
    "npm run test:quick -- test/stats",
    "npm run setup-notes",
    "echo npm cinema",
    "python3 -m pip install notebook",
  ])
    expect(installs(line), line).toBe(false);
});

type Setup = (project: TestProject) => () => void;

/**
 * The rule, over any value the variable may have had or none: during the run the variable is unset
 * (not set to ""; Node and a shell tell the two apart), the value found is provided (or "" for none),
 * and afterwards the environment is as it was. Returns what broke it, or undefined.
 */
function brokenBy(setup: Setup): string | undefined {
  const saved = process.env[KEY];
  try {
    fc.assert(
      fc.property(fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (before) => {
        if (before === undefined) delete process.env[KEY];
        else process.env[KEY] = before;
        const provided: Record<string, unknown> = {};
        const project = { provide: (key: string, value: unknown) => (provided[key] = value) } as unknown as TestProject;
        const teardown = setup(project);
        if (KEY in process.env) return false;
        if (provided["nodeExtraCaCerts"] !== (before ?? "")) return false;
        teardown();
        return before === undefined ? !(KEY in process.env) : process.env[KEY] === before;
      }),
    );
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    if (saved === undefined) delete process.env[KEY];
    else process.env[KEY] = saved;
  }
}

describe("extra-ca-certs-setup", () => {
  it("unsets the variable for the run, provides what it found, and restores it afterwards", () => {
    expect(brokenBy(extraCaCertsSetup)).toBeUndefined();
  });

  it("the rule fails a setup that blanks the variable instead of unsetting it", () => {
    const blanks: Setup = (project) => {
      const found = process.env[KEY];
      process.env[KEY] = "";
      project.provide("nodeExtraCaCerts", found ?? "");
      return () => {
        if (found !== undefined) process.env[KEY] = found;
      };
    };
    expect(brokenBy(blanks)).toMatch(/Property failed/u);
  });

  it("the rule fails a setup that never gives the variable back", () => {
    const forgets: Setup = (project) => {
      project.provide("nodeExtraCaCerts", process.env[KEY] ?? "");
      delete process.env[KEY];
      return () => undefined;
    };
    expect(brokenBy(forgets)).toMatch(/Property failed/u);
  });
});
