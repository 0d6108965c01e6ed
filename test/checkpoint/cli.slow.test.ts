// Complete tier only: runs the checkpoint command ten times, each a host process with its own teaching servers.
// The grader's literal command, `npm run checkpoint -- --impl PATH`, on the reference, two wrong
// copies, the forgeries (the log scrubber among them), a learner copy with a type error and from a read-only
// copy of the repository: fresh reports every time, verdicts made outside the graded code. Each run grades
// the few rules its test reads (--rules): the plumbing is the same for one rule as for all of them.
import { spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { parseXml } from "./xml-parse.js";

const root = mkdtempSync(join(tmpdir(), "checkpoint-cli-"));
chmodSync(root, 0o755);
afterAll(() => {
  if (existsSync(join(root, "read-only-repo"))) chmodTree(join(root, "read-only-repo"), (mode) => mode | 0o200);
  rmSync(root, { recursive: true, force: true });
});
const WRONG = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const SECRET = "grader-secret-4c1f9e";

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly results: {
    score: number;
    max_score: number;
    output: string;
    tests: Array<{
      name: string;
      status: string;
      score: number;
      max_score: number;
      visibility: string;
      output: string;
    }>;
    extra_data: Record<string, unknown>;
  };
  readonly junit: string;
}

/** `npm run checkpoint -- ARGS --report-dir DIR`, as a grader types it, with a secret in the grader's environment. */
function checkpoint(name: string, args: readonly string[], cwd = REPO_ROOT): Promise<Run> {
  const reportDir = join(root, name);
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "checkpoint", "--", ...args, "--report-dir", reportDir], {
      cwd,
      env: { ...process.env, GRADER_TOKEN: SECRET, WORKBOOK_REPORT_DIR: reportDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => {
      try {
        resolve({
          status,
          stdout,
          stderr,
          results: JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8")) as Run["results"],
          junit: readFileSync(join(reportDir, "junit.xml"), "utf8"),
        });
      } catch (error) {
        reject(new Error(`${name}: no report (${String(error)}); stderr: ${stderr}`));
      }
    });
  });
}

/** The runs, started together in beforeAll (four at a time), each test reading its own. */
const runs = new Map<string, Run>();
const run = (name: string): Run => runs.get(name) ?? expect.fail(`no run ${name}`);

const statusOf = (run: Run, rule: string) =>
  run.results.tests.find((test) => test.name.startsWith(`${rule}: `))?.status;
const failedRules = (run: Run) =>
  run.results.tests.filter((test) => test.status === "failed").map((test) => test.name.split(":")[0]);

/** The rules each run grades: what its test reads, and one more that passes beside it. */
const REFERENCE_RULES = ["framing-newline", "allowlist-before-write", "close-group", "costs-recompute"];
const FORGED_RULES = [
  "negative-control",
  "ping-answered",
  "deadline-per-operation",
  "notifications-bounded",
  "failure-modes",
  "allowlist-before-write",
];
const FORGERY_RULES = ["ids-exact", "messages-shape", "framing-newline"];
const TYPO_RULES = ["framing-newline", "frame-limit-endless", "close-group", "evidence-recomputes"];

const copy = join(root, "learner-copy");

/** A learner who wrote FrameReader (the reference's, as TypeScript) and then broke client.ts's types. */
function learnerCopyWithTypeError(): void {
  cpSync(join(REPO_ROOT, "learner"), copy, { recursive: true, filter: (path) => !path.includes("/dist") });
  const reader = readFileSync(join(REPO_ROOT, "lib", "src", "protocol", "frame-reader.ts"), "utf8").replace(
    /from "\.\.?\/(constants|errors\/[a-z-]+)\.js"/gu,
    'from "mcp-workbook"',
  );
  writeFileSync(
    join(copy, "src", "framing.ts"),
    `${reader}\nexport { encodeFrame, parseFrame } from "mcp-workbook";\n`,
  );
  writeFileSync(
    join(copy, "src", "client.ts"),
    `${readFileSync(join(copy, "src", "client.ts"), "utf8")}\nconst broken: number = "not a number";\nvoid broken;\n`,
  );
  // And a module that throws when it is loaded: it costs the rules that need its export, no more.
  writeFileSync(
    join(copy, "src", "search.ts"),
    `if (Date.now() > 0) throw new Error("search.ts fails when loaded");\n${readFileSync(join(copy, "src", "search.ts"), "utf8")}`,
  );
  const reportDir = join(root, "typo");
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, "results.json"), '{"score": 999, "stale": true}');
}

/** A copy of what the checkpoint needs (built library and server, evidence, packages linked), made read-only. */
const readOnly = join(root, "read-only-repo");
const outside = join(root, "outside", "impl.js");
function readOnlyCopy(): void {
  for (const part of [
    "package.json",
    "tsconfig.base.json",
    "lib/package.json",
    "lib/dist",
    "server/package.json",
    "server/dist",
    "evidence",
  ]) {
    cpSync(join(REPO_ROOT, part), join(readOnly, part), { recursive: true });
  }
  symlinkSync(join(REPO_ROOT, "node_modules"), join(readOnly, "node_modules"));
  mkdirSync(join(outside, ".."), { recursive: true });
  // A copy, not a require of the checkout: the host may see only a linked copy of a checkout it cannot enter.
  writeFileSync(outside, readFileSync(join(WRONG, "discovery-bounds.js")));
  chmodSync(join(outside, ".."), 0o755);
  chmodTree(readOnly, (mode) => mode & ~0o222);
}

function chmodTree(path: string, change: (mode: number) => number): void {
  const stat = statSync(path);
  if (stat.isDirectory())
    for (const name of readdirSync(path)) if (name !== "node_modules") chmodTree(join(path, name), change);
  chmodSync(path, change(stat.mode));
}

/** Every file below `dir` with its size and modification time (node_modules, a link to the real one, left out). */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !join(entry.parentPath, entry.name).includes("node_modules"))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const stat = statSync(path);
      return `${path} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}
let beforeGrading: string[] = [];

beforeAll(async () => {
  learnerCopyWithTypeError();
  readOnlyCopy();
  beforeGrading = snapshot(readOnly);
  mkdirSync(join(REPO_ROOT, "checkpoints", "reports"), { recursive: true }); // where the forgery tries to write its own report
  // Each run grades only the rules its test reads (--rules): every rule of the reference is graded by
  // the README's `npm run checkpoint` and in place by test/checkpoint/wrong/, with each wrong copy.
  const jobs: Array<[string, string[]]> = [
    ["reference", ["--rules", REFERENCE_RULES.join(",")]],
    ["endless", ["--impl", join(WRONG, "frame-limit-endless.js"), "--rules", "frame-limit-endless,framing-newline"]],
    ["close-group", ["--impl", join(WRONG, "close-group.js"), "--rules", "close-group,close-eof-first"]],
    ["forged", ["--impl", join(WRONG, "forgeries", "forged-ok-lines.js"), "--rules", FORGED_RULES.join(",")]],
    [
      "scrubber",
      ["--impl", join(WRONG, "forgeries", "log-scrubber.js"), "--rules", "allowlist-before-write,close-group"],
    ],
    [
      "patched",
      ["--impl", join(WRONG, "forgeries", "replaces-harness.js"), "--seed", "7", "--rules", FORGERY_RULES.join(",")],
    ],
    [
      "reader",
      [
        "--impl",
        join(WRONG, "forgeries", "reads-environment.js"),
        "--rules",
        FORGERY_RULES.join(","),
        "--hidden",
        join(REPO_ROOT, "test", "checkpoint", "fixtures", "hidden-rules"),
      ],
    ],
    ["typo", ["--impl", copy, "--exercises", "--rules", TYPO_RULES.join(",")]],
    ["usage", ["--impl", "no/such/file.js"]],
    ["read-only", ["--impl", outside, "--rules", "discovery-bounds,handshake-version"]],
    [
      "answered-exercises",
      [
        "--impl",
        join(REPO_ROOT, "test", "checkpoint", "fixtures", "exercise-answers.js"),
        "--exercises",
        "--rules",
        "framing-newline",
      ],
    ],
  ];
  let next = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      for (let index = next++; index < jobs.length; index = next++) {
        const [name, args] = jobs[index]!;
        runs.set(name, await checkpoint(name, args, name === "read-only" ? readOnly : REPO_ROOT));
      }
    }),
  );
}, 420_000); // eleven runs of the whole checkpoint, four at a time, on a shared machine

describe("npm run checkpoint -- --impl PATH", () => {
  it("the reference passes the rules asked for (and their dependency); the report names it, its hash, the checkpoint and the time", () => {
    const reference = run("reference");
    expect(reference.status).toBe(0);
    // --rules adds negative-control, which allowlist-before-write depends on, and keeps RULES order.
    const graded = RULES.filter((rule) => REFERENCE_RULES.includes(rule.id) || rule.id === "negative-control");
    // costs-recompute is not applicable on the committed receipts (no paid row): 0 of 0 points.
    const points = graded.filter((rule) => rule.id !== "costs-recompute").reduce((sum, rule) => sum + rule.points, 0);
    expect(reference.results).toMatchObject({ score: points, max_score: points });
    expect(reference.results.tests.map((test) => test.name.split(":")[0])).toEqual(graded.map((rule) => rule.id));
    expect(reference.results.output).toMatch(
      /^graded: \S+lib\/dist\/index\.js \(module, sha256 [0-9a-f]{16}\)\ncheckpoint: mcp-workbook [\d.]+, rules [0-9a-f]{16}; seed 0; started \d{4}-\d\d-\d\dT/u,
    );
    const junit = parseXml(reference.junit);
    expect(junit.ok && junit.root.children[0]!.attributes).toMatchObject({
      tests: String(graded.length),
      failures: "0",
      skipped: "1",
    });
    // stdout opens with the summary: the score, the chapter's six observations, where to look first.
    const summary = reference.stdout.split("\n\n")[0]!.split("\n");
    expect(summary[0]).toBe(
      `checkpoint: ${points} of ${points} points; ${graded.length - 1} of ${graded.length} rules ok, 1 not applicable`,
    );
    // Six numbered lines, the chapter's observations; those with no rule graded here read n/a, none FAIL.
    expect(summary.filter((line) => /^ {2}[1-6]\. /u.test(line))).toHaveLength(6);
    expect(summary.filter((line) => /^ {2}[1-6]\. ok {3}/u.test(line)).length).toBeGreaterThan(0);
    expect(summary.join("\n")).not.toMatch(/FAIL/u);
    expect(summary.at(-1)).toBe("look first at: nothing; every rule that applies passed");
    // Each rule's line once, stdout and stderr together: progress while grading names no rule.
    const ruleLines = reference.stdout.split("\n").filter((line) => /^(ok|FAIL|n\/a) /u.test(line));
    expect(ruleLines).toHaveLength(graded.length);
    for (const line of ruleLines) expect((reference.stdout + reference.stderr).split(line).length - 1, line).toBe(1);
    expect(reference.junit).toMatch(/<property name="implementation.sha256" value="[0-9a-f]{16}"\/>/u);
  });

  it("two wrong copies fail exactly their rules, exit 1", () => {
    const endless = run("endless");
    expect(endless.status).toBe(1);
    expect(failedRules(endless)).toEqual(["frame-limit-endless"]);
    expect(endless.stdout).toMatch(
      /^FAIL frame-limit-endless: .*expected a refusal by the second read; received no refusal/mu,
    );
    const group = run("close-group");
    expect(group.status).toBe(1);
    expect(failedRules(group)).toEqual(["close-group"]);
  });

  it("the forged copy's printed ok lines are output, not verdicts: the rules that call tools fail", () => {
    const forged = run("forged");
    expect(forged.status).toBe(1);
    for (const rule of [
      "negative-control",
      "ping-answered",
      "deadline-per-operation",
      "notifications-bounded",
      "failure-modes",
    ])
      expect(statusOf(forged, rule)).toBe("failed");
    expect(statusOf(forged, "allowlist-before-write")).toBe("failed"); // not graded: its negative control failed
    const failure = forged.results.tests.find((test) => test.name.startsWith("ping-answered: "))!;
    expect(failure.output).toMatch(/expected "\d+" \(the server's answer\); received "5"/u);
    expect(failure.output).toContain(
      "what the graded code printed (shown, never read as a verdict):\nok so far: calling word_count",
    );
  });

  it("the log scrubber (a refused call sent, then deleted from the log) fails allowlist-before-write, exit 1", () => {
    const scrubber = run("scrubber");
    expect(scrubber.status).toBe(1);
    expect(failedRules(scrubber)).toEqual(["allowlist-before-write"]);
  });

  it("a copy that replaces the checkpoint's exports, or reads the environment, changes no verdict", () => {
    const patched = run("patched");
    expect(patched.status).toBe(1);
    expect(failedRules(patched)).toEqual(["ids-exact"]);
    // With a seed, the rules whose inputs it changes stay out of view until the due date.
    expect(patched.results.tests.find((test) => test.name.startsWith("ids-exact: "))!.visibility).toBe(
      "after_due_date",
    );
    expect(patched.results.output).toMatch(/; seed 7;/u);
    const reader = run("reader");
    expect(reader.status).toBe(1);
    expect(failedRules(reader)).toEqual(["ids-exact", "hidden-zero-id"]);
    const everything = JSON.stringify(reader.results) + reader.junit + reader.stdout + reader.stderr;
    expect(everything).not.toContain(SECRET);
    if (process.getuid?.() === 0) {
      // A uid drawn for the grading, not nobody's constant 65534 (host/learner-view.ts).
      const ranAs = Number(/graded code ran as uid (\d+)/u.exec(reader.results.output ?? "")?.[1]);
      expect(ranAs).toBeGreaterThanOrEqual(20_000);
      expect(ranAs).toBeLessThan(60_000);
      // The host's parent is its namespace's first process (a shell of the host's own user, whose
      // environment is the host's), or, best effort, the grader, whose environment is root's.
      expect(everything).toMatch(/parent env: (\(EACCES\)|PATH=\S+ HOME=\S+ NODE_PATH=\S+ ?)\n/u);
      // The grader's command line, which anyone can read in /proc, reads "node": it names no report folder.
      // It wrote no results.json anywhere: / is read-only to it (file containment), and root's besides.
      expect(everything).toMatch(/could not write \/autograder\/results\/results\.json: (EACCES|EROFS|ENOENT)/u);
      expect(everything).not.toMatch(/^wrote /mu);
      expect(reader.results.tests.map((test) => test.output).join("\n")).not.toContain(join(root, "reader"));
    }
  });

  it("hidden rules from --hidden join the report with their visibility, and stay hidden on the terminal", () => {
    const reader = run("reader");
    const hidden = reader.results.tests.find((test) => test.name.startsWith("hidden-zero-id: "))!;
    expect(hidden).toMatchObject({ status: "failed", visibility: "after_published" });
    expect(hidden.output).toMatch(
      /^FAIL hidden-zero-id: answerFor\(0, a reply with id "0"\): expected a refusal; received a result/u,
    );
    expect(reader.stdout).toMatch(/^FAIL \(hidden rule hidden-zero-id\)$/mu);
  });

  it("a learner copy with a type error in client.ts: a fresh report that still awards framing, exit 1", () => {
    const typo = run("typo");
    expect(typo.status).toBe(1);
    expect(typo.results).not.toHaveProperty("stale");
    expect(statusOf(typo, "framing-newline")).toBe("passed");
    expect(statusOf(typo, "frame-limit-endless")).toBe("passed");
    const session = typo.results.tests.find((test) => test.name.startsWith("close-group: "))!;
    expect(session.status).toBe("failed");
    expect(session.output).toMatch(/StdioClient did not compile: src\/client\.ts\(\d+,\d+\): error TS2322/u);
    expect(typo.results.output).toMatch(/the compiler reported 1 error/u);
    const search = typo.results.tests.find((test) => test.name.startsWith("evidence-recomputes: "))!;
    expect(search.output).toMatch(/expected topTools; received not exported/u);
    // What the host said while loading is output, shown with the first rule it served.
    expect(typo.results.tests.map((test) => test.output).join("\n")).toMatch(
      /search\.js throws when loaded \(search\.ts fails when loaded\)/u,
    );
    expect(existsSync(join(copy, "dist"))).toBe(false); // compiled into a temporary folder, not beside the sources
  });

  it("--exercises grades the learner's own exercise functions: the untouched stubs score 0, each not attempted", () => {
    const stubs = run("typo").results.tests.filter((test) => test.name.startsWith("exercise-"));
    expect(stubs.map((test) => test.name.split(":")[0])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `exercise-${n}`));
    for (const test of stubs)
      expect(test).toMatchObject({ score: 0, status: "failed", output: expect.stringContaining("not attempted") });
    const answered = run("answered-exercises").results.tests.filter((test) => test.name.startsWith("exercise-"));
    expect(answered.map((test) => test.status)).toEqual([
      "failed",
      "failed",
      "passed",
      "passed",
      "passed",
      "failed",
      "failed",
    ]);
    expect(answered[0]!.output).toContain("not attempted");
  });

  it("a read-only copy of the repository grades an implementation outside it, and writes nothing into itself", () => {
    const graded = run("read-only");
    expect(graded.status).toBe(1);
    expect(failedRules(graded)).toEqual(["discovery-bounds"]);
    expect(graded.results.output).toContain(`graded: ${outside}`);
    expect(snapshot(readOnly)).toEqual(beforeGrading);
  });

  it("a usage error still leaves a fresh report that says the checkpoint did not run, exit 2", () => {
    const usage = run("usage");
    expect(usage.status).toBe(2);
    expect(usage.results.tests).toEqual([expect.objectContaining({ name: "checkpoint ran", status: "failed" })]);
    expect(usage.stderr).toMatch(/--impl \S+no\/such\/file\.js does not exist/u);
  });
});
