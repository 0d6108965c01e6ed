// A Jupyter server for the browser tests: the classic Notebook 6.4 (Debian's, set-up's fallback),
// or Jupyter Server 2 with Notebook 7 and JupyterLab 4 (set-up's .venv). Loopback only, a free port,
// a random token, the repo's kernelspec (JUPYTER_PATH=<repo>/.jupyter), and config, data and runtime folders
// of its own, so nothing in the user's home is read or written. Kernels run in sessions of their
// own (jupyter_client starts them with start_new_session), so stopping the server's process group
// is not enough: stop() asks the server to shut its kernels down, ends the group, then ends any
// process still holding one of this server's connection files, and reports what it had to kill.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface JupyterServer {
  readonly url: string;
  readonly token: string;
  /** The server's own output so far, for failure messages. */
  log(): string;
  /** Shuts down kernels and server; resolves with the pids that had to be killed by force. */
  stop(): Promise<number[]>;
  /** Signs notebooks with this server's own secret (`jupyter trust`), so it opens them trusted, SVGs shown. */
  trust(paths: readonly string[]): void;
}

/**
 * Which Jupyter: "classic" is Notebook 6.4; "notebook7" and "lab" are one Jupyter Server 2 that
 * serves both front ends (started as Notebook 7 or as JupyterLab: the start page differs). The
 * current ones expose their app to the page (`window.jupyterapp`), and their autosave is off, so a
 * test runs cells without saving outputs into the committed notebooks.
 */
export type FrontEnd = "classic" | "notebook7" | "lab";

export interface JupyterServerOptions {
  readonly python: string;
  /** By default Notebook 7 where the Python has it, else the classic Notebook. */
  readonly frontEnd?: FrontEnd;
  readonly repo: string;
  /** The folder served; ignored with `viaOpenWorkbook` (the script serves the repository's root). */
  readonly notebookDir: string;
  /** A Jupyter data folder whose key signed the notebooks to trust; by default a fresh one (all untrusted). */
  readonly dataDir?: string;
  readonly startTimeoutMs?: number;
  /** Start it as the README does, through scripts/open-workbook.sh (its config, its root), not `python -m notebook`. */
  readonly viaOpenWorkbook?: boolean;
}

/** The Notebook a Python serves: 7 (Jupyter Server 2) when it has notebook.app, else the classic one. */
export function frontEndOf(python: string): "classic" | "notebook7" {
  return spawnSync(python, ["-c", "import notebook.app"], { stdio: "ignore" }).status === 0 ? "notebook7" : "classic";
}

/** A port the kernel gave us on loopback, released at once for the server to take. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address !== null ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Pids of live processes whose command line mentions `needle` (Linux /proc). */
export function processesMentioning(needle: string): number[] {
  if (!existsSync("/proc")) return [];
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(needle)) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once("exit", () => done()));
}

export async function startJupyterServer(options: JupyterServerOptions): Promise<JupyterServer> {
  const home = await mkdtemp(join(tmpdir(), "workbook-jupyter-"));
  const runtimeDir = join(home, "runtime");
  const port = await freePort();
  const token = randomBytes(24).toString("hex");
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: home,
    JUPYTER_PATH: join(options.repo, ".jupyter"),
    JUPYTER_CONFIG_DIR: join(home, "config"),
    JUPYTER_DATA_DIR: options.dataDir ?? join(home, "data"), // a fresh trust database: the notebook opens untrusted
    JUPYTER_RUNTIME_DIR: runtimeDir,
    PYDEVD_DISABLE_FILE_VALIDATION: "1",
  };
  const frontEnd = options.frontEnd ?? frontEndOf(options.python);
  const fixed = [
    `--port=${port}`,
    "--port-retries=0",
    ...(frontEnd === "classic"
      ? [`--NotebookApp.token=${token}`]
      : [
          `--IdentityProvider.token=${token}`,
          "--LabApp.expose_app_in_browser=True",
          "--JupyterNotebookApp.expose_app_in_browser=True",
        ]),
  ];
  if (frontEnd !== "classic") await quietLabSettings(join(home, "config"));
  const server =
    options.viaOpenWorkbook === true
      ? spawn(
          "bash",
          [join(options.repo, "scripts", "open-workbook.sh"), ...(frontEnd === "lab" ? ["--lab"] : []), ...fixed],
          {
            cwd: options.repo,
            env: { ...env, WORKBOOK_PYTHON: options.python },
            detached: true,
            stdio: ["ignore", "pipe", "pipe"],
          },
        )
      : spawn(
          options.python,
          [
            "-m",
            frontEnd === "lab" ? "jupyterlab" : "notebook",
            "--no-browser",
            "--ip=127.0.0.1",
            ...fixed,
            `--notebook-dir=${options.notebookDir}`,
            ...(frontEnd === "classic" ? ["--NotebookApp.open_browser=False"] : []),
            // Containers and CI runners often run as root, which the server refuses without this.
            ...(process.getuid?.() === 0 ? ["--allow-root"] : []),
          ],
          { cwd: options.notebookDir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
        );
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));

  const stop = async (): Promise<number[]> => {
    if (server.exitCode === null && server.signalCode === null) {
      // The clean way first: the server shuts its kernels down, then itself.
      await fetch(`${url}/api/shutdown`, { method: "POST", headers: { Authorization: `token ${token}` } }).catch(
        () => undefined,
      );
      const ended = await Promise.race([exited(server).then(() => true), sleep(10_000).then(() => false)]);
      if (!ended && server.pid !== undefined) {
        try {
          process.kill(-server.pid, "SIGKILL");
        } catch {
          // the group is already gone
        }
        await exited(server);
      }
    }
    const forced: number[] = [];
    for (const pid of processesMentioning(runtimeDir)) {
      try {
        process.kill(pid, "SIGKILL");
        forced.push(pid);
      } catch {
        // ended on its own meanwhile
      }
    }
    await rm(home, { recursive: true, force: true });
    return forced;
  };

  const trust = (paths: readonly string[]): void => {
    const signed = spawnSync(options.python, ["-m", "nbformat.sign", ...paths], { env, encoding: "utf8" });
    if (signed.status !== 0) throw new Error(`jupyter trust failed (${signed.status}): ${signed.stderr}`);
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const ready = await fetch(`${url}/api/status`, { headers: { Authorization: `token ${token}` } }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, token, log: () => output, stop, trust };
    await sleep(250);
  }
  await stop();
  throw new Error(`the ${frontEnd} Jupyter server did not start on ${url}:\n${output}`);
}

/**
 * User settings for Notebook 7 and JupyterLab (both read <config>/lab/user-settings): no autosave,
 * so cells a test runs never reach the committed notebook; no news and update checks, which reach
 * for the network and put notices over the page.
 */
async function quietLabSettings(configDir: string): Promise<void> {
  const settings: Record<string, unknown> = {
    "@jupyterlab/docmanager-extension/plugin": { autosave: false },
    "@jupyterlab/apputils-extension/notification": { checkForUpdates: false, fetchNews: "false" },
  };
  for (const [plugin, values] of Object.entries(settings)) {
    const file = join(configDir, "lab", "user-settings", `${plugin}.jupyterlab-settings`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(values));
  }
}

/** Debian's Chromium, which playwright-core drives (the browser is never downloaded). */
export const CHROMIUM = "/usr/bin/chromium";

/** The modules that tell each Jupyter apart (scripts/jupyter-python.sh finds a Python that has them). */
const FRONT_END_MODULES: Record<"classic" | "current", readonly string[]> = {
  classic: ["notebook.notebookapp", "nbformat", "ipykernel", "jupyter_client"],
  current: ["notebook.app", "jupyterlab", "nbformat", "ipykernel", "jupyter_client"],
};

/**
 * What a browser test needs here: the Python with the asked-for Jupyter (the classic Notebook 6.4,
 * or Notebook 7 with JupyterLab 4), or the reason it cannot run (no Chromium, no build, no such
 * Jupyter). Under CI=true a missing piece is an error, not a skip: .ci/run sets up both.
 */
export function browserTestPrerequisites(
  repo: string,
  jupyter: "classic" | "current" = "classic",
): { python?: string; missing?: string } {
  const found = spawnSync("bash", [join(repo, "scripts", "jupyter-python.sh"), ...FRONT_END_MODULES[jupyter]], {
    encoding: "utf8",
  });
  const wanted = jupyter === "classic" ? "Jupyter's classic Notebook" : "Notebook 7 and JupyterLab 4 (npm run setup)";
  const missing = !existsSync(CHROMIUM)
    ? `${CHROMIUM} is missing (npm run setup installs Debian's chromium)`
    : !existsSync(join(repo, "lib", "dist", "index.js"))
      ? "lib/dist is not built (npm run build)"
      : found.status !== 0
        ? `no Python with ${wanted}: ${found.stderr.trim()}`
        : undefined;
  if (missing !== undefined && process.env["CI"] === "true") {
    throw new Error(`the browser test must run in CI, but ${missing}`);
  }
  return missing === undefined ? { python: found.stdout.trim() } : { missing };
}
