// STAND-IN for issue 18's shared helper (branch `tiers`), with the same name and signature: the
// lead keeps that version at merge. Each notebook is executed at most once per test process by
// scripts/run_notebook.py into test-artifacts/executed-notebooks/, then signed.
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { jupyterPython } from "../../lib/src/checkpoint/notebook-runner-output.js";

const REPO = resolve(__dirname, "../..");
const OUT_DIR = join(REPO, "test-artifacts", "executed-notebooks");
const made = new Map<string, Promise<string>>();

function run(command: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd: REPO, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => done({ code, stderr }));
  });
}

/** Modified time, or 0 when the file is missing. */
const modified = (path: string): number => (existsSync(path) ? statSync(path).mtimeMs : 0);

async function execute(relPath: string): Promise<string> {
  await mkdir(OUT_DIR, { recursive: true });
  const out = join(OUT_DIR, basename(relPath));
  const python = jupyterPython();
  // A copy newer than the notebook and the built library is still this code's output.
  const fresh = modified(out) > Math.max(modified(join(REPO, relPath)), modified(join(REPO, "lib/dist/.tsbuildinfo")));
  const ran = fresh
    ? { code: 0, stderr: "" }
    : await run(python, [join(REPO, "scripts", "run_notebook.py"), join(REPO, relPath), "--out", out]);
  if (ran.code !== 0) throw new Error(`${relPath} did not run clean (exit ${ran.code}):\n${ran.stderr}`);
  const signed = await run(python, ["-m", "nbformat.sign", out]);
  if (signed.code !== 0) throw new Error(`signing ${out} failed:\n${signed.stderr}`);
  return out;
}

/** The absolute path of a signed, executed copy of `relPath` (relative to the repository). */
export function executedNotebook(relPath: string): Promise<string> {
  let copy = made.get(relPath);
  if (copy === undefined) {
    copy = execute(relPath);
    made.set(relPath, copy);
  }
  return copy;
}
