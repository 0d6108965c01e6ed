// Runs one README line the way the README test does: `bash -c LINE` in a process group of its own,
// no terminal on stdin, its output kept (the end of it), ended with its whole group afterwards.
// Kept apart from readme.test.ts so its own test can make it fail on purpose.
import { spawn } from "node:child_process";
import { delimiter, dirname } from "node:path";
import { inject } from "vitest";
import { processGroupMembers, signalGroup } from "../../lib/src/client/process-group.js";
import type { ShellLine } from "./readme-lines.js";

const OUTPUT_TAIL_CHARS = 4_000;
/** After a line exits, how long its output may take to drain (a grandchild may hold the pipes). */
const DRAIN_MS = 1_000;

export interface Limits {
  /** A line run as written must have exited by then. */
  readonly runMs: number;
  /** A bounded line must have printed its text by then. */
  readonly boundedMs: number;
}

export interface Outcome {
  /** The line's process group (ended by the time the outcome is known). */
  pgid: number;
  status: number | null;
  signal: NodeJS.Signals | null;
  /** Bounded lines: the awaited text appeared. */
  sawText: boolean;
  timedOut: boolean;
  /** Processes of the line's group still alive once it exited, before they were ended. */
  leftBehind: number;
  ms: number;
  tail: string;
}

/**
 * Whether a README line installs packages (npm ci or install, or the set-up that runs npm ci): the
 * only lines that may reach the npm registry. Every other line works offline on a set-up clone.
 */
export function installs(command: string): boolean {
  return /\bnpm (ci|install|i|run setup)(?![\w-])|\bscripts\/setup\.sh\b/u.test(command);
}

/**
 * The environment a newcomer's shell would have: ours without what the test runner added (CI,
 * JUPYTER_PATH, WORKBOOK_*, npm's lifecycle variables, node_modules/.bin and `repo` on PATH), plus
 * the npm cache already on this machine (prefer-offline) and `extra`. A line that installs
 * (`reachesRegistry`) also gets back what the run took away, NODE_EXTRA_CA_CERTS
 * (test/support/extra-ca-certs-setup.ts), which npm may need to trust the registry. The others
 * start without it, as the run's own processes do: Node parses the bundle at every start, and the
 * README test's lines start hundreds of Node processes (its CPU fell from 63.5 to 48.9 s without).
 */
export function newcomerEnv(
  repo: string,
  extra: Record<string, string>,
  { reachesRegistry = false }: { readonly reachesRegistry?: boolean } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(CI|JUPYTER_PATH|INIT_CWD|NODE_OPTIONS|TEST)$|^(WORKBOOK_|VITEST|npm_)/.test(key)) continue;
    env[key] = value;
  }
  env["PATH"] = (process.env["PATH"] ?? "")
    .split(delimiter)
    // The folder of the Node running us stays, even inside the repository: that is where .ci/run
    // and docs/setup.md put Node 22 (scripts/node-line.sh), first on PATH, as a newcomer would.
    .filter(
      (dir) =>
        dir !== "" &&
        !dir.includes("node_modules/.bin") &&
        (!dir.startsWith(repo) || dir === dirname(process.execPath)),
    )
    .join(delimiter);
  const extraCaCerts = reachesRegistry ? runFoundExtraCaCerts() : "";
  if (extraCaCerts !== "") env["NODE_EXTRA_CA_CERTS"] = extraCaCerts;
  return { ...env, npm_config_prefer_offline: "true", npm_config_update_notifier: "false", ...extra };
}

/** NODE_EXTRA_CA_CERTS as the test run found it ("" if unset); outside vitest, this process's own. */
function runFoundExtraCaCerts(): string {
  try {
    return inject("nodeExtraCaCerts") ?? "";
  } catch {
    return process.env["NODE_EXTRA_CA_CERTS"] ?? ""; // not inside a vitest worker
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Groups of lines still running: ended by endRunning(), or on exit if the test run itself is stopped. */
const running = new Set<number>();
process.on("exit", () => {
  for (const pgid of running) signalGroup(pgid, "SIGKILL");
});

/** Ends a process group: SIGTERM, SIGKILL after 3 s; resolves once /proc shows it empty (or 5 s pass). */
export async function endGroup(pgid: number): Promise<void> {
  signalGroup(pgid, "SIGTERM");
  for (let waited = 0; waited < 5_000; waited += 100) {
    if ((processGroupMembers(pgid) ?? []).length === 0) return;
    if (waited === 3_000) signalGroup(pgid, "SIGKILL");
    await sleep(100);
  }
}

/** Ends every line's group that is still running. */
export async function endRunning(): Promise<void> {
  await Promise.all([...running].map((pgid) => endGroup(pgid)));
}

/** Runs one line in its own process group; a bounded line (`waitFor`) is ended once that text appears. */
export function runLine(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  limits: Limits,
  waitFor?: string,
): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolveOutcome, reject) => {
    const child = spawn("bash", ["-c", command], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const pgid = child.pid!;
    running.add(pgid);
    let tail = "";
    let sawText = false;
    let timedOut = false;
    let settled = false;
    let exited: { status: number | null; signal: NodeJS.Signals | null } | undefined;
    const finish = async () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const leftBehind = exited !== undefined && !sawText ? (processGroupMembers(pgid) ?? []).length : 0;
      await endGroup(pgid);
      running.delete(pgid);
      resolveOutcome({
        pgid,
        status: exited?.status ?? null,
        signal: exited?.signal ?? null,
        sawText,
        timedOut,
        leftBehind,
        ms: Date.now() - started,
        tail,
      });
    };
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString("utf8")).slice(-Math.max(OUTPUT_TAIL_CHARS, (waitFor?.length ?? 0) * 2));
      if (waitFor !== undefined && !sawText && tail.includes(waitFor)) {
        sawText = true;
        void finish();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (status, signal) => {
      exited = { status, signal };
      setTimeout(() => void finish(), DRAIN_MS).unref();
    });
    child.on("close", () => void finish()); // all output read
    const timer = setTimeout(
      () => {
        timedOut = true;
        void finish();
      },
      waitFor === undefined ? limits.runMs : limits.boundedMs,
    );
  });
}

/** What went wrong with a line's run, or undefined when it did what its verdict says. */
export function problemWith(line: Pick<ShellLine, "verdict">, outcome: Outcome, limits: Limits): string | undefined {
  const { verdict } = line;
  if (verdict.kind === "bounded") {
    if (outcome.sawText) return undefined;
    return outcome.timedOut
      ? `did not print "${verdict.waitFor}" within ${limits.boundedMs / 1000} s`
      : `ended (status ${outcome.status ?? outcome.signal}) without printing "${verdict.waitFor}"`;
  }
  if (verdict.kind !== "run") return undefined;
  if (outcome.timedOut) {
    return `still running after ${limits.runMs / 1000} s (a long-lived line needs \`# ... until Ctrl-C "TEXT"\`, a minute-long one \`# not run here: <reason>\`)`;
  }
  if (outcome.status !== verdict.expectedStatus)
    return `exited with ${outcome.status ?? outcome.signal}, expected ${verdict.expectedStatus}`;
  if (outcome.leftBehind > 0) return `exited, but left ${outcome.leftBehind} process(es) of its group running`;
  return undefined;
}
