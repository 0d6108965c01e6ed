// Mostly waits: every README line runs as a process tree of its own, on a fresh clone and its set-up.
// The README must not lie: every line of every shell block in README.md and in every page of docs/
// (README.md first, then docs/*.md by name: test/support/docs-pages.ts), tried on a fresh clone.
//
// How a line is treated is written in the README itself, in the line's trailing comment
// (readme-lines.ts parses it; the README says the same in its quick start):
//
//   npx mcp-workbook demo stale                          run as written; must exit 0
//   npm run checkpoint -- --impl learner   # ... exits 1  run as written; must exit 1 (`exits N` ends the comment)
//   npm run setup   # ... until Ctrl-C, printing "http://127.0.0.1:"
//                                                        run bounded: must print the quoted text, then
//                                                        its process group is ended (SIGTERM, then SIGKILL)
//   jupyter lab     # ... not run here: <reason>         shown only; the reason is required
//
// A line in none of these (a mark without its reason, Ctrl-C without the text) fails, as does a
// plain line that fails or outlives its limit; the message names PAGE:LINE, what happened,
// the end of its output, and how to mark a line.
//
// What happens: `git clone` of this repository's HEAD (committed work only) into a temporary folder
// outside it (under CI, with a copy of the node_modules CI's own set-up of this commit installed:
// seedFromCiSetUp); then each line in its own `bash -c` from the clone's root, no terminal on stdin
// (run-line.ts). The first line is the quick start's `npm run setup`, run alone, so the lines after
// it meet the clone as a newcomer would; then block by block, two blocks at a time (the machine has
// two cores), the lines of one block in their page's order, one after another, since they may share files.
// The environment is this one minus what a test run adds (CI, JUPYTER_PATH, WORKBOOK_*, npm's
// lifecycle variables, node_modules/.bin on PATH), plus npm_config_prefer_offline (reuse the npm
// cache already on this machine); NODE_EXTRA_CA_CERTS only for a line that installs packages (the
// others never reach a registry; run-line.ts says why). Each line gets the model services'
// addresses: OLLAMA_HOST and ANTHROPIC_BASE_URL point at loopback stand-ins started for that line
// (the experiment tests' own fakes, test/experiment/fake-ollama.ts and fake-messages-api.ts),
// ANTHROPIC_API_KEY is a dummy the stand-in checks. A line that names a service (and is no
// --dry-run) must reach its stand-in. No line may leave a process of its group running.
//
// The .mcp.json blocks of every page are checked too: each server entry, with the clone's path in place of
// /abs/path/to/repo, started from another folder with PATH and HOME only, must answer a handshake,
// a listing and a call.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { documentedShellLines, HOW_TO_MARK, type ShellLine } from "./readme-lines.js";
import { documentationPages } from "../support/docs-pages.js";
import { endRunning, installs, newcomerEnv, problemWith, runLine, type Limits } from "./run-line.js";
import { fakeMessagesApi } from "../experiment/fake-messages-api.js";
import { fakeOllama } from "../experiment/fake-ollama.js";

const REPO = resolve(__dirname, "../..");
// Limits, not timings: set-up (the bounded line that takes longest) installs and builds a whole clone,
// which on a busy two-core machine can take minutes, so a bounded line gets ten.
const LIMITS: Limits = { runMs: 120_000, boundedMs: 600_000 };
const STAND_IN_KEY = "sk-ant-readme-test-stand-in";

const notACheckout = existsSync(join(REPO, ".git")) ? false : "not a git checkout: there is no HEAD to clone";

/** The stand-in a line's command names, if any, so the test can check the line really reached it. */
function serviceOf(command: string): "ollama" | "anthropic" | undefined {
  if (/--dry-run\b/.test(command)) return undefined; // contacts nothing, by design
  if (/--provider[ =]ollama\b|--search[ =]\S*embed/.test(command)) return "ollama";
  if (/--provider[ =]anthropic\b/.test(command)) return "anthropic";
  return undefined;
}

const readmeLines = documentedShellLines(REPO);
/** Where a line is, for messages and the timing table: `docs/client.md:12`. */
const at = (line: ShellLine): string => `${line.file}:${line.line}`;

describe("README.md's shell lines", () => {
  it("each carries a mark the test understands", () => {
    const unclassified = readmeLines.flatMap((line) =>
      line.verdict.kind === "unclassified" ? [`${at(line)}  ${line.text}\n  ${line.verdict.problem}`] : [],
    );
    expect(unclassified, `${unclassified.join("\n")}\n\n${HOW_TO_MARK}`).toEqual([]);
  });

  it("begin with the quick start: set-up first, run bounded", () => {
    expect(readmeLines[0]?.command).toBe("npm run setup");
    expect(readmeLines[0]?.verdict.kind).toBe("bounded");
  });
});

/** One line's run against its own pair of stand-ins: the problem, if any, and a timing row. */
async function tryLine(line: ShellLine, clone: string): Promise<{ problem?: string; timing: string }> {
  const { verdict } = line;
  const [ollama, anthropic] = await Promise.all([fakeOllama(), fakeMessagesApi({ apiKey: STAND_IN_KEY })]);
  try {
    const env = newcomerEnv(
      REPO,
      { OLLAMA_HOST: ollama.url, ANTHROPIC_BASE_URL: anthropic.url, ANTHROPIC_API_KEY: STAND_IN_KEY },
      { reachesRegistry: installs(line.command) },
    );
    const outcome = await runLine(
      line.command,
      clone,
      env,
      LIMITS,
      verdict.kind === "bounded" ? verdict.waitFor : undefined,
    );
    const timing = `${(outcome.ms / 1000).toFixed(1).padStart(6)} s  ${verdict.kind.padEnd(7)}  ${at(line)}  ${line.command}`;
    let problem = problemWith(line, outcome, LIMITS);
    const service = serviceOf(line.command);
    const stand = service === "ollama" ? ollama : anthropic;
    if (problem === undefined && service !== undefined && stand.requests.length === 0) {
      problem = `never reached the loopback ${service} stand-in (does it read ${service === "ollama" ? "OLLAMA_HOST" : "ANTHROPIC_BASE_URL"}?)`;
    }
    if (problem === undefined) return { timing };
    const tail = outcome.tail
      .trimEnd()
      .split("\n")
      .slice(-15)
      .map((l) => `    | ${l}`)
      .join("\n");
    return { timing, problem: `${at(line)}  ${line.text}\n  ${problem}\n  output (end):\n${tail}` };
  } finally {
    await Promise.all([ollama.close(), anthropic.close()]);
  }
}

/**
 * Under CI (.ci/run), this checkout is itself a fresh clone of the same commit that scripts/setup.sh
 * has just installed from the lockfile: its node_modules came from committed files only. The clone
 * gets a copy of it, as a learner's second `npm run setup` finds one, and setup.sh then skips
 * `npm ci` (the same test, scripts/node-modules-current.sh, says the copy matches); set-up's .venv
 * and the build are copied too. The set-up line still runs as written (its build finds nothing to
 * do) and starts Jupyter. Elsewhere (a developer's checkout, whose node_modules may hold anything)
 * the clone starts without one and runs `npm ci` itself.
 * Returns whether it copied.
 */
function seedFromCiSetUp(clone: string): boolean {
  if (process.env["CI"] !== "true") return false;
  if (spawnSync("bash", [join(REPO, "scripts", "node-modules-current.sh"), REPO]).status !== 0) return false;
  const copy = spawnSync("cp", ["-a", join(REPO, "node_modules"), join(clone, "node_modules")], { encoding: "utf8" });
  if (copy.status !== 0) throw new Error(`copying CI's node_modules failed: ${copy.stderr}`);
  // The copy keeps the install's time; the clone's lockfile is newer, from its checkout.
  const now = new Date();
  utimesSync(join(clone, "node_modules", ".package-lock.json"), now, now);
  // Set-up's venv too (Notebook 7 and JupyterLab 4, a minute or more of pip): a venv works where it is
  // copied when run as .venv/bin/python, as the scripts run it; set-up finds it complete and skips pip.
  if (existsSync(join(REPO, ".venv", "bin", "python"))) {
    const venv = spawnSync("cp", ["-a", join(REPO, ".venv"), join(clone, ".venv")], { encoding: "utf8" });
    if (venv.status !== 0) throw new Error(`copying CI's .venv failed: ${venv.stderr}`);
  }
  // And the build of these same sources, copied as new files (cp -r, not -a): newer than the clone's
  // checkout, so set-up's `tsc -b` finds each project up to date (about 28 s of CPU saved on a busy
  // machine) instead of compiling them again; CI's own set-up compiled them from nothing.
  for (const project of ["lib", "server", "learner"]) {
    const built = join(REPO, project, "dist");
    if (!existsSync(join(built, ".tsbuildinfo"))) continue;
    const copy = spawnSync("cp", ["-r", built, join(clone, project, "dist")], { encoding: "utf8" });
    if (copy.status !== 0) throw new Error(`copying CI's ${project}/dist failed: ${copy.stderr}`);
  }
  return true;
}

describe.skipIf(notACheckout !== false)(
  `README.md on a fresh clone${notACheckout === false ? "" : ` (${notACheckout})`}`,
  () => {
    let scratch: string;
    let clone: string;
    let cloneSeconds = 0;
    let seeded = false;

    beforeAll(() => {
      const started = Date.now();
      scratch = mkdtempSync(join(tmpdir(), "readme-test-"));
      // mkdtemp makes the folder 0700. As root the checkpoint grades in a host process run as an
      // unprivileged user, which cannot read a checkout inside a private folder (it then grades even
      // the library 0 of 26): clone where a user's checkout usually lives, a folder others may enter.
      chmodSync(scratch, 0o755);
      clone = join(scratch, "mcp-workbook");
      const head = spawnSync("git", ["-C", REPO, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
      const dirty = spawnSync("git", ["-C", REPO, "status", "--porcelain", "--untracked-files=no"], {
        encoding: "utf8",
      }).stdout.trim();
      if (dirty !== "")
        console.warn(
          `README test: cloning HEAD ${head.slice(0, 12)}; uncommitted changes are not in the clone:\n${dirty}`,
        );
      for (const args of [
        ["clone", "--quiet", "--no-checkout", REPO, clone],
        ["-C", clone, "checkout", "--quiet", "--detach", head],
      ]) {
        const git = spawnSync("git", args, { encoding: "utf8" });
        if (git.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${git.stderr}`);
      }
      // Only a checkout with no changes to its tracked files: its node_modules is what the lockfile names.
      if (dirty === "") seeded = seedFromCiSetUp(clone);
      cloneSeconds = (Date.now() - started) / 1000;
    });

    afterAll(async () => {
      await endRunning();
      // The clone holds a whole node_modules (tens of thousands of files): deleting it can take longer
      // than the lines took on a busy machine, and nothing waits for it, so a detached rm does it.
      if (scratch) spawn("rm", ["-rf", scratch], { detached: true, stdio: "ignore" }).unref();
    });

    it(
      "runs every line as written, runs it bounded, or finds it marked with its reason",
      { timeout: 1_500_000 },
      async () => {
        const lines = documentedShellLines(clone);
        // Reports and timings in page order: README.md's lines first, then each docs page's.
        const order = (line: ShellLine): number => lines.indexOf(line);
        const problems: { order: number; text: string }[] = [];
        const timings: { order: number; text: string }[] = [];
        const tally = { run: 0, bounded: 0, marked: 0 };
        const runnable: ShellLine[] = [];
        for (const line of lines) {
          if (line.verdict.kind === "unclassified")
            problems.push({ order: order(line), text: `${at(line)}  ${line.text}\n  ${line.verdict.problem}` });
          else if (line.verdict.kind === "marked") tally.marked += 1;
          else {
            tally[line.verdict.kind] += 1;
            runnable.push(line);
          }
        }
        const started = Date.now();
        const record = (line: ShellLine, result: { problem?: string; timing: string }) => {
          timings.push({ order: order(line), text: result.timing });
          if (result.problem !== undefined) problems.push({ order: order(line), text: result.problem });
          return result.problem === undefined;
        };
        // The quick start's set-up first, alone: nothing after a failed set-up can say anything.
        const [setup, ...after] = runnable;
        if (setup !== undefined && record(setup, await tryLine(setup, clone))) {
          const setupSeconds = (Date.now() - started) / 1000;
          // Then block by block, two blocks at a time; the lines of one block in order (they may share
          // files). The blocks with the most lines start first, so the longest is never left for last.
          const blocks = [...new Set(after.map((line) => line.block))]
            .map((block) => after.filter((line) => line.block === block))
            .sort((a, b) => b.length - a.length);
          const lane = async () => {
            for (let block = blocks.shift(); block !== undefined; block = blocks.shift()) {
              for (const line of block) record(line, await tryLine(line, clone));
            }
          };
          await Promise.all([lane(), lane()]);
          timings.push({
            order: Infinity,
            text: `set-up ${setupSeconds.toFixed(1)} s, the other lines ${((Date.now() - started) / 1000 - setupSeconds).toFixed(1)} s (two blocks at a time)`,
          });
        }
        const seconds = (Date.now() - started) / 1000;
        const inPageOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
        console.log(
          `README test: ${lines.length} shell lines: ${tally.run} run, ${tally.bounded} bounded, ${tally.marked} marked; ` +
            `clone ${cloneSeconds.toFixed(1)} s${seeded ? " (node_modules copied from CI's set-up of this commit)" : ""}, lines ${seconds.toFixed(1)} s\n${timings
              .sort(inPageOrder)
              .map((t) => t.text)
              .join("\n")}`,
        );
        const report = problems.sort(inPageOrder).map((p) => p.text);
        expect(
          report,
          `${report.length} documented line(s) failed on a fresh clone:\n\n${report.join("\n\n")}\n\n${HOW_TO_MARK}`,
        ).toEqual([]);
      },
    );
    it("starts the servers its .mcp.json examples name, from the clone", async () => {
      const pages = documentationPages(clone).map((page) => readFileSync(join(clone, page), "utf8"));
      const configs = pages
        .flatMap((page) => [...page.matchAll(/```json\n([\s\S]*?)```/g)])
        .filter((match) => match[1]!.includes('"mcpServers"'))
        .map(
          (match) =>
            JSON.parse(match[1]!.replaceAll("/abs/path/to/repo", clone)) as {
              mcpServers?: Record<string, { command: string; args: string[] }>;
            },
        )
        .flatMap((config) => Object.values(config.mcpServers ?? {}));
      expect(configs.length).toBeGreaterThan(0);
      for (const server of configs) {
        // An MCP client starts it from a folder of its own choosing, with a small environment.
        const client = new StdioClient([server.command, ...server.args], {
          allowed: ["word_count"],
          timeoutMs: 20_000,
          env: { PATH: newcomerEnv(REPO, {})["PATH"]!, HOME: process.env["HOME"] ?? "/root" },
          cwd: tmpdir(),
        });
        try {
          await client.initialize();
          expect((await client.listTools()).map((tool) => tool.name)).toContain("word_count");
          expect(await client.callTool("word_count", { text: "vanilla stock needs review" })).toBe("4");
        } finally {
          await client.close();
        }
      }
    });
  },
);
