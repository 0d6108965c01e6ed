// The committed bin (lib/bin/mcp-workbook.js) exists before the build, so npm links it at `npm ci`;
// it must load the compiled command when there is one and say what to run when there is not.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const LIB = resolve(__dirname, "../../lib");
const SHIM = join(LIB, "bin", "mcp-workbook.js");
const scratch = mkdtempSync(join(tmpdir(), "bin-shim-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the mcp-workbook bin", () => {
  it("is what lib/package.json names, and not a file the build writes", () => {
    const pkg = JSON.parse(readFileSync(join(LIB, "package.json"), "utf8")) as {
      bin: Record<string, string>;
      files: string[];
    };
    expect(pkg.bin["mcp-workbook"]).toBe("bin/mcp-workbook.js");
    expect(pkg.files).toContain("bin");
  });

  it("runs the compiled command", () => {
    const run = spawnSync(process.execPath, [SHIM, "--help"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: mcp-workbook <command>/);
  });

  it("exits 2 and names the build when dist/ is missing", () => {
    mkdirSync(join(scratch, "bin"));
    copyFileSync(SHIM, join(scratch, "bin", "mcp-workbook.js"));
    const run = spawnSync(process.execPath, [join(scratch, "bin", "mcp-workbook.js"), "demo", "stale"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/not built yet .*run: npm run build/);
    expect(run.stdout).toBe("");
  });
});
