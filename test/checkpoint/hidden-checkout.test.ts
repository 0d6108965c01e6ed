// The hidden checkout is laid out by the grader's own linkTree, which leaves TypeScript out: a hard
// link changes its file's link count, and a tslab kernel in another test file that watches those
// files takes that for an edit and crashes its rebuild timer (`cp -al` of the repository did).
// A grader running as root whose checkout sits under a folder only root may enter (/root, a
// `mktemp -d` folder): the unprivileged host cannot reach the checkout, so the grader points it at
// a hard-linked copy it can reach. Without that copy every rule failed with "the implementation's
// process ended (1) before it answered".
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  hostView,
  linkTree,
  reachableBy,
  runtimePackages,
} from "../../lib/src/grading/checkpoint/host/reachable-copy.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const NOBODY = { uid: 65534, gid: 65534 };
const hidden = mkdtempSync(join(tmpdir(), "hidden-checkout-")); // mode 0700, as mkdtemp makes it
afterAll(() => rmSync(hidden, { recursive: true, force: true }));

describe("reachableBy", () => {
  it("needs every folder above a file searchable and the file readable, by owner, group or others", () => {
    const open = join(hidden, "open");
    mkdirSync(join(open, "inner"), { recursive: true });
    copyFileSync(join(REPO_ROOT, "package.json"), join(open, "inner", "file.json"));
    chmodSync(open, 0o755);
    expect(reachableBy(NOBODY, join(open, "inner", "file.json"))).toBe(false); // `hidden` itself is 0700
    chmodSync(hidden, 0o711);
    expect(reachableBy(NOBODY, join(open, "inner", "file.json"))).toBe(true);
    chmodSync(join(open, "inner", "file.json"), 0o600);
    expect(reachableBy(NOBODY, join(open, "inner", "file.json"))).toBe(false);
    expect(reachableBy({ uid: process.getuid?.() ?? 0, gid: 0 }, join(open, "inner", "file.json"))).toBe(true);
    expect(reachableBy(NOBODY, join(open, "no-such-file"))).toBe(false);
    chmodSync(hidden, 0o700);
  });
});

describe("hostView", () => {
  it("is the checkout itself when the host can reach it, and a linked copy when it cannot", () => {
    const repo = join(hidden, "repo");
    mkdirSync(join(repo, "lib"), { recursive: true });
    copyFileSync(join(REPO_ROOT, "package.json"), join(repo, "lib", "x.json"));
    mkdirSync(join(repo, ".git"));
    expect(hostView(undefined, repo, [join(repo, "lib", "x.json")]).map(join(repo, "lib", "x.json"))).toBe(
      join(repo, "lib", "x.json"),
    );
    const view = hostView(NOBODY, repo, [join(repo, "lib", "x.json")]);
    try {
      const seen = view.map(join(repo, "lib", "x.json"));
      expect(seen).not.toBe(join(repo, "lib", "x.json"));
      expect(reachableBy(NOBODY, seen)).toBe(true);
      expect(readFileSync(seen, "utf8")).toBe(readFileSync(join(repo, "lib", "x.json"), "utf8"));
      expect(existsSync(join(seen, "..", "..", ".git"))).toBe(false);
    } finally {
      view.dispose();
    }
  });
});

describe("runtimePackages", () => {
  it("holds what the library and the teaching server load, and none of the development tools", () => {
    const names = runtimePackages(REPO_ROOT).map((folder) => folder.slice(join(REPO_ROOT, "node_modules").length + 1));
    expect(names).toEqual(expect.arrayContaining(["mcp-workbook", "mcp-workbook-teaching-server", "zod", "vega-lite"]));
    for (const tool of ["typescript", "vitest", "tslab", "prettier", "@stryker-mutator/core"])
      expect(names).not.toContain(tool);
    // Each is a package folder of this checkout's node_modules, none inside another listed one.
    for (const name of names) expect(existsSync(join(REPO_ROOT, "node_modules", name, "package.json"))).toBe(true);
    expect(names.filter((name) => names.some((other) => name.startsWith(`${other}/node_modules/`)))).toEqual([]);
  });
});

describe.skipIf(process.getuid?.() !== 0)(
  "npm run checkpoint from a checkout hidden from the host's user (as root)",
  () => {
    it("grades the library with full marks and an outside wrong copy by its one mistake", async () => {
      // A few rules, framing and sessions with the teaching server, are enough to see the host reach both
      // copies; every rule is graded on the library by the README's `npm run checkpoint`.
      const rules = ["framing-newline", "frame-limit-endless", "handshake-version", "close-group"];
      const checkout = join(hidden, "checkout");
      linkTree(REPO_ROOT, checkout, (name) => ![".git", "test-artifacts", "build"].includes(name));
      const outside = mkdtempSync(join(hidden, "outside-")); // hidden as well
      copyFileSync(
        join(REPO_ROOT, "checkpoints", "wrong-implementations", "frame-limit-endless.js"),
        join(outside, "impl.js"),
      );
      /** One `checkpoint` run of `rules` on `impl`: its exit status and report. */
      const grade = (
        impl: string,
        name: string,
      ): Promise<{
        status: number | null;
        results: { score: number; max_score: number; tests: Array<{ name: string; status: string }> };
      }> => {
        const reportDir = join(hidden, `report-${name}`);
        const args = ["checkpoint", "--impl", impl, "--rules", rules.join(","), "--report-dir", reportDir];
        const child = spawn(process.execPath, [join(checkout, "lib", "dist", "cli", "main.js"), ...args], {
          stdio: "ignore",
          timeout: 120_000,
        });
        return new Promise((done, failed) => {
          child.on("error", failed);
          // A missing or unreadable report fails this grading's promise, not the worker.
          child.on("close", (status) => {
            try {
              done({ status, results: JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8")) as never });
            } catch (error) {
              failed(error);
            }
          });
        });
      };
      // Both at once: each grading lays out its own reachable copy, and mostly waits on its servers.
      const [reference, wrong] = await Promise.all([
        grade(join(checkout, "lib", "dist", "index.js"), "reference"),
        grade(join(outside, "impl.js"), "wrong"),
      ]);
      expect(reference.results.tests.map((test) => test.name.split(":")[0])).toEqual(rules);
      expect(reference.results.tests.filter((test) => test.status !== "passed")).toEqual([]);
      expect(reference.status).toBe(0);
      expect(wrong.status).toBe(1);
      const failed = wrong.results.tests
        .filter((test) => test.status !== "passed")
        .map((test) => test.name.split(":")[0]);
      expect(failed).toEqual(["frame-limit-endless"]);
    }, 240_000);
  },
);
