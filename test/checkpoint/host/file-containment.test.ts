// Graded code writes nothing but its own home, and leaves nothing behind: each host sees every file
// system read-only but its home, and a /tmp, /var/tmp and /dev/shm of its own that end with it
// (host/private-files.ts). Held as root (the host runs as nobody) and as an ordinary user (setpriv
// to a uid no account uses), who owns every file the graded code is after: first a shell started
// the way a host is, then the checkpoint command grading the forgery writes-outside.js alone, as
// `checkpoint --impl` grades one learner's folder by hand. The built library throughout.
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { leftInTemporaryFolders, snapshot } from "../../support/files-left.js";
import { containmentFor } from "../../../lib/dist/grading/checkpoint/host/containment.js";
import { REPO_ROOT } from "../../../lib/dist/grading/checkpoint/paths.js";

const MAIN = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const CONTAINMENT = join(REPO_ROOT, "lib", "dist", "grading", "checkpoint", "host", "containment.js");
const FORGERY = join(REPO_ROOT, "checkpoints", "wrong-implementations", "forgeries", "writes-outside.js");
const root = process.getuid?.() === 0;
/** An ordinary user for the setpriv runs: a uid no account and no class job uses. */
const ORDINARY = 60556;
/** Who grades: root (its hosts run as nobody) and, from root, an ordinary user; otherwise the user running the tests. */
const GRADERS: ReadonlyArray<{ readonly name: string; readonly uid?: number }> = root
  ? [{ name: "root" }, { name: "an ordinary user", uid: ORDINARY }]
  : [{ name: "the user running the tests" }];
const MARK = `file-containment-${process.pid}`;

// Under /tmp, not the run's temporary folder: the ordinary user must reach it.
const base = mkdtempSync("/tmp/file-containment-");
chmodSync(base, 0o755);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A folder under `base` owned by `uid` (when given), mode `mode`. */
function folder(name: string, uid: number | undefined, mode = 0o755): string {
  const path = join(base, name);
  mkdirSync(path, { recursive: true });
  chmodSync(path, mode);
  if (uid !== undefined) chownSync(path, uid, uid);
  return path;
}

function asGrader(uid: number | undefined, argv: readonly string[]): string[] {
  return uid === undefined
    ? [...argv]
    : ["setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--", ...argv];
}

// Each case leaves its own mark, so a case never mistakes another's home, in use, for a leftover.
// A shell started as the checkpoint starts a host (containmentFor, then spawnContained with its home,
// what it must still read, and as root the user nobody), trying each place and saying what came.
const tries = (mark: string): string => `
try() { if (eval "$2") 2>/dev/null; then echo "$1 written"; else echo "$1 refused"; fi; }
try home ': >"$HOME/${mark}"'
try tmp ': >/tmp/${mark}'
try var-tmp ': >/var/tmp/${mark}'
try dev-shm ': >/dev/shm/${mark}'
try readable ': >"$READABLE/${mark}"'
try outside ': >"$OUTSIDE/${mark}"'
try remove 'rm -f "$READABLE/kept.txt"'
try unmount 'umount /tmp'
cat "$READABLE/kept.txt"
`;

function containedShell(home: string, readable: string, outside: string, mark: string): string {
  return `
    const { containmentFor, spawnContained } = require(${JSON.stringify(CONTAINMENT)});
    const user = process.getuid() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    const containment = containmentFor(user);
    const env = { PATH: process.env.PATH, HOME: ${JSON.stringify(home)}, READABLE: ${JSON.stringify(readable)}, OUTSIDE: ${JSON.stringify(outside)} };
    const run = spawnContained(["/bin/sh", "-c", ${JSON.stringify(tries(mark).trim().split("\n").join("; "))}], { containment, user, env, cwd: ${JSON.stringify(home)}, readable: [${JSON.stringify(readable)}] });
    let out = "";
    run.child.stdout.on("data", (chunk) => (out += chunk));
    run.exited.then(() => console.log(JSON.stringify({ files: containment.files.kind, out })));`;
}

// Each grader's cases at once: most of their time is a grading's waiting.
describe.concurrent("what graded code may write", () => {
  const here = containmentFor(undefined);
  for (const { name, uid } of GRADERS) {
    it.runIf(here.kind === "pid-namespace")(
      `graded by ${name}: a contained process writes its home and its own temporary folders, nothing of anyone's, and leaves nothing behind`,
      () => {
        const tag = name.replace(/\W+/gu, "-");
        const home = folder(`${tag}-home`, root ? (uid ?? 65534) : undefined, 0o700);
        const readable = folder(`${tag}-readable`, uid, 0o777);
        const outside = folder(`${tag}-outside`, uid, 0o777);
        writeFileSync(join(readable, "kept.txt"), "kept\n");
        if (uid !== undefined) chownSync(join(readable, "kept.txt"), uid, uid);
        const mark = `${MARK}-shell-${tag}`;
        const argv = asGrader(uid, [process.execPath, "-e", containedShell(home, readable, outside, mark)]);
        const result = spawnSync(argv[0]!, argv.slice(1), {
          encoding: "utf8",
          timeout: 20_000,
          env: { PATH: process.env["PATH"]! },
        });
        const { files, out } = JSON.parse(result.stdout) as { files: string; out: string };
        expect(files).toBe("private");
        expect(out.trim().split("\n")).toEqual([
          "home written",
          "tmp written",
          "var-tmp written",
          "dev-shm written",
          "readable refused",
          "outside refused",
          "remove refused",
          "unmount refused",
          "kept",
        ]);
        expect(existsSync(join(home, mark))).toBe(true);
        expect(readdirSync(readable)).toEqual(["kept.txt"]);
        expect(readdirSync(outside)).toEqual([]);
        expect(leftInTemporaryFolders(mark)).toEqual([]);
      },
    );

    it(`graded by ${name}: the checkpoint grading a submission alone changes nothing of the folder it lies in, nor its reports`, async () => {
      const tag = name.replace(/\W+/gu, "-");
      const mark = `${MARK}-${tag}`;
      const dir = folder(`${tag}-class`, uid, 0o777); // anyone may write it: only the file view protects it
      writeFileSync(join(dir, "alice.ipynb"), '{"cells": []}\n');
      const mallory = folder(`${tag}-class/mallory`, uid);
      cpSync(FORGERY, join(mallory, "writes-outside.js"));
      const out = folder(`${tag}-out`, uid);
      writeFileSync(
        join(mallory, "targets.json"),
        JSON.stringify({
          mark,
          folders: [dir, out],
          rewrite: [join(dir, "alice.ipynb")],
          remove: [join(dir, "alice.ipynb")],
          forge: [join(out, "results.json"), join(out, "junit.xml")],
        }),
      );
      for (const file of readdirSync(dir, { recursive: true }).map(String))
        if (uid !== undefined) chownSync(join(dir, file), uid, uid);
      const before = snapshot(dir);
      const argv = asGrader(uid, [
        process.execPath,
        MAIN,
        "checkpoint",
        "--impl",
        join(mallory, "writes-outside.js"),
        "--rules",
        "messages-shape",
        "--report-dir",
        out,
      ]);
      const { code, stderr } = await checkpoint(argv);
      expect(code, stderr).toBe(0);
      const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as {
        score: number;
        max_score: number;
        extra_data: Record<string, unknown>;
        tests: Array<{ output: string }>;
      };
      expect(results.score).toBe(results.max_score);
      expect(results.max_score).toBeLessThan(999);
      expect(results.extra_data["file_containment"]).toBe("private");
      // It ran and tried: its own temporary folder took the file; the class folder and the reports refused.
      const said = results.tests[0]!.output;
      expect(said).toContain(`leave ${mark}.txt in /tmp: done`);
      expect(said).toMatch(/plant alice\.js in \S+-class: refused \(EROFS\)/u);
      expect(said).toMatch(/forge \S+results\.json: refused \(EROFS\)/u);
      expect(snapshot(dir)).toEqual(before);
      expect(readdirSync(out).sort()).toEqual(["junit.xml", "results.json"]);
      expect(leftInTemporaryFolders(mark)).toEqual([]);
      expect(stderr).not.toMatch(/warning: files/u);
    }, 60_000); // a bound on the test, not a measure: one grading on a busy 2-core machine
  }

  it("where no namespace can be made, the checkpoint says before it grades that the graded code's files are not contained", async () => {
    const refusing = folder("refusing-unshare", undefined);
    writeFileSync(join(refusing, "unshare"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    const uid = GRADERS.at(-1)!.uid;
    const out = folder("uncontained-out", uid);
    const argv = asGrader(uid, [
      process.execPath,
      MAIN,
      "checkpoint",
      "--impl",
      join(REPO_ROOT, "lib", "dist", "index.js"),
    ]);
    const { code, stderr } = await checkpoint(
      [...argv, "--rules", "messages-shape", "--report-dir", out],
      `${refusing}:${process.env["PATH"]!}`,
    );
    expect(code, stderr).toBe(0);
    const warning = stderr.indexOf("mcp-workbook checkpoint: warning: files not contained");
    expect(warning, stderr).toBeGreaterThanOrEqual(0);
    expect(warning).toBeLessThan(stderr.indexOf("checkpoint: grading"));
    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as {
      extra_data: Record<string, unknown>;
    };
    expect(results.extra_data["file_containment"]).toBe("none");
  }, 60_000); // a bound on the test, not a measure: one grading on a busy 2-core machine
});

/** Runs the checkpoint command; resolves with its exit code and what it wrote on stderr. */
function checkpoint(
  argv: readonly string[],
  path = process.env["PATH"]!,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: { PATH: path } });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    child.on("close", (code) => resolve({ code, stderr }));
  });
}
