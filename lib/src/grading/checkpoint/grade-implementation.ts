// Grades one implementation through the isolated host: a learner copy (src/*.ts) is compiled on
// its own first, a built module is loaded as it is. The verdicts are made here, in the grader's
// process, which never loads the graded code. `--notebook` grading plugs in by turning the
// notebook's build cells into one module and calling gradeImplementation on it (grade-notebook.ts).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { tmpdir } from "node:os";
import { GraderFault, graderStep } from "./grader-fault.js";
import { containmentFor, type Containment } from "./host/containment.js";
import { checkHostStarts, nodeFor } from "./host/host-node.js";
import { HOST_MAIN, hostPool, hostUser, type HostOptions } from "./host/host-probe.js";
import { hostView, reachableBy } from "./host/reachable-copy.js";
import { checkSocketRoom, RELAY_MAIN, relayedServers } from "./host/relayed-servers.js";
import { compileLearnerCopy, isLearnerCopy } from "./learner-copy.js";
import { MODULE_PATHS, REPO_ROOT } from "./paths.js";
import { RULES } from "./rules/index.js";
import { runRules } from "./rules/run.js";
import type { Rule, RuleVerdict } from "./rules/types.js";

export interface GradedImplementation {
  readonly path: string;
  /** sha256 of the graded files (sorted by path), first 16 hex digits. */
  readonly hash: string;
  readonly kind: "learner copy (compiled from src/)" | "module" | "build notebook";
}

export interface GradeReport {
  readonly implementation: GradedImplementation;
  /** "mcp-workbook 0.1.0, rules <hash>": which checkpoint graded it. */
  readonly checkpoint: string;
  readonly startedAt: string;
  readonly seconds: number;
  readonly seed: number;
  readonly verdicts: readonly RuleVerdict[];
  readonly compileErrors: readonly string[];
  /** The uid the graded code ran as ("the grader's own" when not root). */
  readonly ranAs: string;
  /** How what the graded code started was kept from outliving the grading. */
  readonly containment: Containment;
  /** Set when the graded code ran on a copy of the grader's Node: why (host/host-node.ts). */
  readonly nodeCopied?: string;
}

export interface GradeOptions {
  readonly seed?: number;
  readonly rules?: readonly Rule[];
  readonly host?: HostOptions;
  readonly onVerdict?: (verdict: RuleVerdict) => void;
  /** Exports whose source did not compile (a build notebook's cells, graded by --notebook), with why. */
  readonly broken?: ReadonlyMap<string, string>;
  /** How many rules run at once, each in a host of its own (default GRADING_LANES). */
  readonly concurrency?: number;
  /** Where a failing rule points the learner (default the rule's own `where`; see RunOptions.whereOf). */
  readonly whereOf?: (rule: Rule, said: string) => string;
}

/**
 * Rules graded at once. Most of a rule is waiting (on a deadline, a trickling server, a process
 * group's end), so three at a time finish a checkpoint in about half the time of one, on two cores.
 */
export const GRADING_LANES = 3;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path, keep) : keep(entry.name) ? [path] : [];
  });
}

function hashFiles(root: string, files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort())
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** Which checkpoint this is: the library's version and a digest of the rules' compiled code. */
export function checkpointVersion(): string {
  const version = (JSON.parse(readFileSync(join(REPO_ROOT, "lib", "package.json"), "utf8")) as { version: string })
    .version;
  const rulesDir = join(__dirname, "rules");
  return `mcp-workbook ${version}, rules ${hashFiles(
    rulesDir,
    filesUnder(rulesDir, (name) => name.endsWith(".js")),
  )}`;
}

/** The module file a path stands for (a package folder's main, or a file), or a thrown error saying why not. */
export function resolveModule(path: string): string {
  return createRequire(join(REPO_ROOT, "package.json")).resolve(path);
}

export async function gradeImplementation(path: string, options: GradeOptions = {}): Promise<GradeReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const absolute = resolve(path);
  const copy = existsSync(absolute) && statSync(absolute).isDirectory() && isLearnerCopy(absolute);
  let entry: string;
  let outDir: string | undefined;
  let broken: ReadonlyMap<string, string> = new Map();
  let compileErrors: readonly string[] = [];
  let implementation: GradedImplementation;
  if (copy) {
    const compiled = graderStep("compile the learner copy", tmpdir(), () => compileLearnerCopy(absolute));
    ({ entry, outDir, broken } = compiled);
    compileErrors = compiled.diagnostics;
    implementation = {
      path: absolute,
      hash: hashFiles(
        absolute,
        filesUnder(join(absolute, "src"), (name) => name.endsWith(".ts")),
      ),
      kind: "learner copy (compiled from src/)",
    };
  } else {
    entry = resolveModule(absolute);
    const root = statSync(absolute).isDirectory() ? absolute : dirname(entry);
    const files = statSync(absolute).isDirectory() ? filesUnder(root, (name) => /\.(c?js|json)$/u.test(name)) : [entry];
    implementation = { path: absolute, hash: hashFiles(root, files), kind: "module" };
  }
  const user = hostUser(options.host);
  const containment = options.host?.containment ?? containmentFor(user);
  // The grader's own faults are found here, before any graded code runs (grader-fault.ts).
  const node = options.host?.node === undefined ? nodeFor(user) : { path: options.host.node };
  await checkHostStarts(node.path, user, containment);
  checkSocketRoom();
  const needed = [HOST_MAIN, RELAY_MAIN, entry, ...MODULE_PATHS];
  const view = graderStep("lay out the files the host reads", tmpdir(), () => hostView(user, REPO_ROOT, needed));
  const unreachable = user === undefined ? undefined : needed.map(view.map).find((path) => !reachableBy(user, path));
  if (unreachable !== undefined) {
    view.dispose();
    throw new GraderFault(
      `uid ${user!.uid}, which runs the graded code, cannot reach a file its host loads`,
      unreachable,
    );
  }
  const pool = hostPool(view.map(entry), {
    modulePaths: MODULE_PATHS.map(view.map),
    hostMain: view.map(HOST_MAIN),
    ...options.host,
    ...(user ? { user } : { user: "self" }),
    containment,
    node: node.path,
  });
  try {
    const verdicts = await runRules({
      rules: options.rules ?? RULES,
      openProbe: pool.openProbe,
      concurrency: options.concurrency ?? GRADING_LANES,
      seed: options.seed ?? 0,
      broken: options.broken ?? broken,
      // The client under grading starts a relay; the server and its evidence stay the grader's.
      servers: () =>
        relayedServers({ relayMain: view.map(RELAY_MAIN), node: node.path, ...(user ? { owner: user } : {}) }),
      ...(user ? { owner: user } : {}),
      ...(options.onVerdict ? { onVerdict: options.onVerdict } : {}),
      ...(options.whereOf ? { whereOf: options.whereOf } : {}),
    });
    return {
      implementation,
      checkpoint: checkpointVersion(),
      startedAt,
      seconds: (performance.now() - started) / 1000,
      seed: options.seed ?? 0,
      verdicts,
      compileErrors,
      ranAs: user ? `uid ${user.uid}, gid ${user.gid}` : "the grader's own user",
      containment,
      ...(node.copied === undefined ? {} : { nodeCopied: node.copied }),
    };
  } finally {
    await pool.dispose();
    view.dispose();
    if (outDir !== undefined) rmSync(outDir, { recursive: true, force: true });
  }
}
