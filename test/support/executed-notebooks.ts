// A notebook's executed copy, made once per vitest run and shared by every test that reads its
// outputs, whichever file or worker asks first. The run's id comes from executed-notebooks-setup.ts
// (a globalSetup); the first caller takes a lock file and runs the notebook with
// scripts/run_notebook.py, the others wait for the copy (or for the error it left). Each copy is
// signed with a Jupyter data folder of this run's own, so a Jupyter server started with
// JUPYTER_DATA_DIR=executedNotebooksDataDir() trusts it and shows its SVG outputs. A copy sits at
// its own path inside the run's folder, whose other top-level entries link to the repository's, so
// a kernel a browser starts beside the copy finds ../evidence and the rest where the notebook does.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { open, rename, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import { jupyterPython } from "../../lib/src/grading/checkpoint/notebook-runner-output.js";
import { EXECUTED_NOTEBOOKS_ROOT } from "./executed-notebooks-setup.js";

const REPO = resolve(__dirname, "../..");
/** How long a caller waits for another worker's run of the same notebook. */
const WAIT_MS = 600_000;

declare module "vitest" {
  export interface ProvidedContext {
    executedNotebooksRunId: string;
  }
}

/** This run's folder: one per vitest run (the globalSetup's id), or per process outside one. */
function runDir(): string {
  let id: string | undefined;
  try {
    id = inject("executedNotebooksRunId");
  } catch {
    id = undefined; // not inside a vitest worker
  }
  const dir = join(EXECUTED_NOTEBOOKS_ROOT, id ?? `process-${process.pid}`);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return dir;
}

/** A top-level folder with notebooks in it: the copies' folders are real ones, never links into the repository. */
const holdsNotebooks = (name: string): boolean =>
  statSync(join(REPO, name)).isDirectory() && readdirSync(join(REPO, name)).some((file) => file.endsWith(".ipynb"));

/** Links each of the repository's other top-level entries into `dir`, once per run. */
function linkRepository(dir: string): void {
  for (const name of readdirSync(REPO)) {
    if (name === ".git" || name === "test-artifacts" || holdsNotebooks(name)) continue;
    try {
      symlinkSync(join(REPO, name), join(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another worker linked it first
    }
  }
}

/** The Jupyter data folder whose key signed this run's copies: give it to a server as JUPYTER_DATA_DIR. */
export function executedNotebooksDataDir(): string {
  return join(runDir(), "jupyter-data");
}

const made = new Map<string, Promise<string>>();

/**
 * The absolute path of a signed executed copy of `relPath` (relative to the repository), run top to
 * bottom in a fresh tslab kernel at most once per vitest run. Rejects, with the runner's report, when
 * a cell failed; every caller of the same notebook in the run gets the same report.
 */
export function executedNotebook(relPath: string): Promise<string> {
  const key = resolve(REPO, relPath);
  let copy = made.get(key);
  if (copy === undefined) {
    copy = makeOrWait(key);
    made.set(key, copy);
  }
  return copy;
}

async function makeOrWait(notebook: string): Promise<string> {
  if (!existsSync(notebook)) throw new Error(`executedNotebook: ${notebook} does not exist`);
  const dir = runDir();
  const relative = notebook.slice(REPO.length + 1);
  const target = join(dir, relative);
  if (!holdsNotebooks(relative.split("/")[0]!))
    throw new Error(`executedNotebook: ${relative} is not in a top-level folder of notebooks`);
  linkRepository(dir);
  mkdirSync(dirname(target), { recursive: true });
  const failed = `${target}.error`;
  try {
    const lock = await open(`${target}.lock`, "wx");
    await lock.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return waitFor(target, failed);
  }
  const partial = `${target}.partial.ipynb`;
  const runner = await run(jupyterPython(), [join(REPO, "scripts", "run_notebook.py"), notebook, "--out", partial]);
  if (runner.code !== 0) {
    const report = `executedNotebook: ${basename(notebook)} did not run clean (run_notebook.py exited ${runner.code}):\n${runner.stderr}`;
    await writeFile(failed, report);
    throw new Error(report);
  }
  const signer = await run(jupyterPython(), ["-m", "nbformat.sign", partial], {
    JUPYTER_DATA_DIR: executedNotebooksDataDir(),
  });
  if (signer.code !== 0) {
    const report = `executedNotebook: signing ${basename(notebook)} failed (${signer.code}):\n${signer.stderr}`;
    await writeFile(failed, report);
    throw new Error(report);
  }
  await rename(partial, target); // atomic: a waiter never sees half a copy
  return target;
}

async function waitFor(target: string, failed: string): Promise<string> {
  for (const started = Date.now(); Date.now() - started < WAIT_MS; await sleep(250)) {
    if (existsSync(target)) return target;
    if (existsSync(failed)) throw new Error(readFileSync(failed, "utf8"));
  }
  throw new Error(`executedNotebook: waited ${WAIT_MS / 1000} s for ${target}, which another worker was making`);
}

function run(
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd: REPO,
      env: { ...process.env, ...extraEnv },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolveRun({ code, stderr }));
  });
}
