// Nothing graded code starts outlives its grading: a helper that takes a session of its own,
// forks twice and ignores SIGTERM and SIGHUP is gone once its host has ended, because the host is
// the first process of a PID namespace. Without a namespace (best effort) the same helper lives on,
// which is what this test would see if the containment broke, and the report says so. The built
// library (lib/dist) throughout, as the checkpoint command runs it: its host and relay are the built ones.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { gradeImplementation } from "../../../lib/dist/grading/checkpoint/grade-implementation.js";
import { gradeJunitXml, gradeResultsJson } from "../../../lib/dist/grading/checkpoint/grade-report.js";
import {
  containmentFor,
  containmentLine,
  namespaceArgs,
  pidSeenHere,
  spawnContained,
  type Containment,
} from "../../../lib/dist/grading/checkpoint/host/containment.js";
import { nodeFor } from "../../../lib/dist/grading/checkpoint/host/host-node.js";
import { reachableBy } from "../../../lib/dist/grading/checkpoint/host/reachable-copy.js";
import { hostUser } from "../../../lib/dist/grading/checkpoint/host/host-probe.js";
import { REFERENCE_ENTRY, REPO_ROOT } from "../../../lib/dist/grading/checkpoint/paths.js";

const dir = mkdtempSync(join(tmpdir(), "containment-"));
chmodSync(dir, 0o777); // the graded code runs as nobody when the test runs as root: it writes here
const marker = `contain-${process.pid}-${Date.now()}`;

/** Perl: a helper in a session of its own, forked twice, deaf to SIGTERM and SIGHUP, that says "armed" and stays. */
const HELPER = [
  'use POSIX "setsid";',
  '$SIG{TERM} = $SIG{HUP} = "IGNORE";',
  'if (!fork) { setsid(); exit 0 if fork; open(my $f, ">>", $ARGV[1]); print $f "armed $$\\n"; close($f); sleep 1 while 1; }',
  "sleep 1 while 1;",
].join(" "); // one line: spawnContained passes no argument holding a newline

/** Live processes (zombies left out: this sandbox's first process collects none) whose argv or environment holds `mark`. */
function carrying(mark: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/u.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        if (/^[ZX]$/u.test(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3))) return false;
        return (
          readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(mark) ||
          readFileSync(`/proc/${pid}/environ`, "utf8").includes(mark)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

function killAll(pids: readonly number[]): void {
  for (const pid of pids)
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
}

afterAll(() => {
  killAll(carrying(marker)); // only ever ours: the marker is this run's
  rmSync(dir, { recursive: true, force: true });
});

async function armedLines(file: string, atLeast: number): Promise<string[]> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const lines = existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
    if (lines.length >= atLeast) return lines;
    await sleep(50);
  }
  throw new Error(`${file}: the helper never said armed`);
}

const here = containmentFor(undefined);

describe("spawnContained", () => {
  it.runIf(here.kind === "pid-namespace")(
    "ends a helper that left the group and ignores SIGTERM with the namespace; the grader reads its pid from outside",
    async () => {
      const mark = `${marker}-namespace`;
      const armed = join(dir, "namespace.txt");
      const argv = ["perl", "-e", HELPER, mark, armed];
      const run = spawnContained(argv, { containment: here, env: { PATH: process.env["PATH"]! }, cwd: dir });
      const [line] = await armedLines(armed, 1);
      const inside = Number(line!.split(" ")[1]);
      const outside = pidSeenHere(inside, argv);
      expect(outside).toBeDefined();
      expect(outside).not.toBe(inside);
      expect(carrying(mark)).toContain(outside);
      await run.end();
      expect(carrying(mark)).toEqual([]);
    },
  );

  it("without a namespace the same helper outlives its parent's group (what the namespace prevents)", async () => {
    const mark = `${marker}-best-effort`;
    const armed = join(dir, "best-effort.txt");
    const refused = containmentFor(undefined, { unshare: "false" });
    const run = spawnContained(["perl", "-e", HELPER, mark, armed], {
      containment: refused,
      env: { PATH: process.env["PATH"]! },
      cwd: dir,
    });
    await armedLines(armed, 1);
    await run.end();
    const left = carrying(mark);
    expect(left).toHaveLength(1);
    killAll(left);
  });

  // nobody loads the library from this checkout: where it lies under a folder closed to nobody (a
  // clone in /root), there is nothing to run (hidden-checkout.test.ts grades from such a checkout).
  const nobodyReaches = reachableBy(
    { uid: 65534, gid: 65534 },
    join(REPO_ROOT, "lib/dist/grading/checkpoint/host/containment.js"),
  );
  it.runIf(process.getuid?.() === 0 && nobodyReaches)(
    "as a user who is not root, the namespace comes with a user namespace of its own",
    async () => {
      const mark = `${marker}-nobody`;
      const armed = join(dir, "nobody.txt");
      const script = `
        const { containmentFor, spawnContained } = require(${JSON.stringify(join(REPO_ROOT, "lib/dist/grading/checkpoint/host/containment.js"))});
        const fs = require("node:fs");
        const containment = containmentFor(undefined);
        const run = spawnContained(["perl", "-e", process.argv[1], process.argv[2], process.argv[3]], { containment, env: { PATH: process.env.PATH }, cwd: ${JSON.stringify(dir)} });
        const wait = () => fs.existsSync(process.argv[3]) ? run.end().then(() => console.log(JSON.stringify(containment))) : setTimeout(wait, 50);
        wait();`;
      // A Node nobody can run: this one, or the copy the grader makes when this one is out of its reach.
      const node = nodeFor({ uid: 65534, gid: 65534 }).path;
      const result = spawnSync(node, ["-e", script, HELPER, mark, armed], {
        uid: 65534,
        gid: 65534,
        env: { PATH: process.env["PATH"]! },
        encoding: "utf8",
        timeout: 20_000,
      });
      const containment = JSON.parse(result.stdout) as Containment;
      expect(containment.says).toMatch(/--user/u);
      expect(containment.kind).toBe("pid-namespace");
      expect(carrying(mark)).toEqual([]);
    },
  );
});

describe("where no namespace can be made", () => {
  it.runIf(here.kind === "pid-namespace")(
    "a grader that is the first process of a PID namespace (a class job's) names that namespace",
    () => {
      const script = `const { containmentFor } = require(${JSON.stringify(join(REPO_ROOT, "lib/dist/grading/checkpoint/host/containment.js"))});
        console.log(JSON.stringify([process.pid, containmentFor(undefined, { unshare: "false" })]));`;
      const result = spawnSync("unshare", [...namespaceArgs(), "--", process.execPath, "-e", script], {
        encoding: "utf8",
        timeout: 20_000,
      });
      const [pid, containment] = JSON.parse(result.stdout) as [number, Containment];
      expect(pid).toBe(1);
      expect(containment.kind).toBe("grading-namespace");
      expect(containmentLine(containment)).toMatch(/^containment: the grader is the first process of a PID namespace/u);
    },
  );

  it("grading still runs and the report says containment: best effort", async () => {
    const user = hostUser();
    for (const unshare of ["false", join(dir, "no-such-unshare")])
      expect(containmentFor(user, { unshare }).kind).toBe("best-effort");
    const refused = containmentFor(user, { unshare: "false" });
    const report = await gradeImplementation(REFERENCE_ENTRY, { rules: [], host: { containment: refused } });
    const results = gradeResultsJson(report);
    expect(results.output).toContain("containment: best effort (no PID namespace could be made");
    expect(results.extra_data["containment"]).toBe("best-effort");
    expect(gradeJunitXml(report)).toMatch(/<property name="containment" value="best effort/u);
  });
});

// One checkpoint run, as a grader types it, of a module that leaves such a helper behind when it loads.
describe.runIf(here.kind === "pid-namespace")("the checkpoint command", () => {
  it("leaves no process the graded code started alive, and names the containment", async () => {
    const mark = `${marker}-checkpoint`;
    const graded = join(dir, "leaves-a-helper.js");
    // The helper says "armed" in the host's home (the one folder the graded code may write), and the
    // module waits for it and prints what it saw: the report shows it.
    writeFileSync(
      graded,
      [
        'const { spawn } = require("node:child_process");',
        'const { existsSync } = require("node:fs");',
        'const armed = require("node:path").join(require("node:os").homedir(), "armed.txt");',
        `spawn("perl", ["-e", ${JSON.stringify(HELPER)}, ${JSON.stringify(mark)}, armed], {`,
        `  detached: true, stdio: "ignore", env: { PATH: process.env.PATH, MARK: ${JSON.stringify(mark)} },`,
        "}).unref();",
        "for (let waited = 0; !existsSync(armed) && waited < 10000; waited += 50)",
        "  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);",
        'console.log(existsSync(armed) ? "the helper is armed" : "the helper never said armed");',
        'module.exports = require("mcp-workbook");',
        "",
      ].join("\n"),
    );
    const reportDir = join(dir, "report");
    const exit = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          join(REPO_ROOT, "lib/dist/cli/main.js"),
          "checkpoint",
          "--impl",
          graded,
          "--rules",
          "messages-shape",
          "--report-dir",
          reportDir,
        ],
        { stdio: "ignore", env: { PATH: process.env["PATH"]! } },
      );
      child.once("exit", (code) => resolve(code));
    });
    expect(exit).toBe(0);
    const results = JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8")) as {
      output: string;
      tests: Array<{ output: string }>;
    };
    expect(results.tests[0]!.output).toContain("the helper is armed");
    expect(carrying(mark)).toEqual([]);
    expect(results.output).toContain(containmentLine(containmentFor(hostUser())));
    expect(results.output).toContain("containment: a PID namespace for each host");
  });
});
