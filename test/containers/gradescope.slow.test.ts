// Complete tier only: it builds an Ubuntu image and grades in containers (npm run test:containers, WORKBOOK_CONTAINERS=1).
// The Gradescope bundle the way Gradescope runs it: an Ubuntu 22.04 image built from Ubuntu's
// archive (scripts/containers/base-image.sh jammy), the zip unpacked into /autograder/source and
// its setup.sh run as root with the network open (Node from the npm registry's packages, npm ci),
// the result kept as the autograder's image; then each submission in a fresh container of that
// image, copied into /autograder/submission, graded by /autograder/run_autograder with no network
// (--network=none), its score read from /autograder/results/results.json.
// Cache: the image setup.sh made is tagged by a hash of what setup.sh reads (itself, the Node
// installer, the package files, the base image's id), so a later run reuses it; the rest of the bundle
// (the built library, run_autograder, evidence) is copied in afresh for every submission. The npm
// cache of this machine is lent to setup.sh's npm ci (npm checks every package's integrity).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import {
  FORGED_SCORE,
  FULL_MARKS,
  HOSTILE,
  RIGHT,
  WRONG,
  WRONG_MARKS,
  type Submission,
} from "../checkpoint/autograder-submissions.js";
import { baseImage, hostCa, imageExists, podman, podmanOk, tagOf } from "./podman.js";

const ENABLED = process.env["WORKBOOK_CONTAINERS"] === "1";
const root = mkdtempSync(join(tmpdir(), "gradescope-"));
chmodSync(root, 0o755);
const source = join(root, "source");
const CONTAINER_PREFIX = `gradescope-${process.pid}-`;
afterAll(async () => {
  if (ENABLED) {
    const left = await podman("ps", "-aq", "--filter", `name=^${CONTAINER_PREFIX}`);
    for (const id of left.stdout.split("\n").filter(Boolean)) await podman("rm", "-f", id);
  }
  rmSync(root, { recursive: true, force: true });
});

/** What setup.sh reads besides the built library: a changed one builds the image anew. */
const SETUP_INPUTS = [
  "scripts/autograder/setup.sh",
  "scripts/containers/install-node.sh",
  "package.json",
  "package-lock.json",
  "lib/package.json",
  "server/package.json",
  "learner/package.json",
];

/** How Gradescope builds the image: the zip unpacked into /autograder/source, then its setup.sh as root. */
const SETUP = "mkdir -p /autograder && cp -a /bundle /autograder/source && bash /autograder/source/setup.sh";

let image = "";
/** Seconds each step took, printed at the end (the figures of the report). */
const took: Record<string, number> = {};
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    took[step] = Math.round((performance.now() - started) / 100) / 10;
  }
}

beforeAll(async () => {
  if (!ENABLED) return;
  const zip = join(root, "autograder.zip");
  execFileSync("bash", [join(REPO_ROOT, "scripts", "autograder-bundle.sh"), "--out", zip], { stdio: "pipe" });
  execFileSync("unzip", ["-q", zip, "-d", source]);
  const base = await timed("base image", () => baseImage("jammy"));
  const baseId = (await podmanOk("image", "inspect", "-f", "{{.Id}}", base)).trim();
  image = `localhost/mcp-workbook-gradescope:${tagOf(SETUP_INPUTS, [baseId, SETUP])}`;
  if (await imageExists(image)) return;
  const name = `${CONTAINER_PREFIX}setup`;
  const ca = hostCa();
  const exports = Object.entries(ca.env).map(([variable, value]) => `export ${variable}=${value}`);
  await timed("setup.sh", () =>
    podmanOk(
      "run",
      "--name",
      name,
      ...ca.mounts,
      "-v",
      `${join(homedir(), ".npm")}:/root/.npm`,
      "-v",
      `${source}:/bundle:ro`,
      base,
      "bash",
      "-euc",
      [...exports, SETUP].join("\n"),
    ),
  );
  await podmanOk("commit", "--quiet", name, image);
  await podmanOk("rm", name);
  // An image made from other inputs is not used again: it goes, so the cache keeps one.
  const kept = await podmanOk("images", "--format", "{{.Repository}}:{{.Tag}}", "localhost/mcp-workbook-gradescope");
  for (const other of kept.split("\n").filter((tag) => tag !== "" && tag !== image)) await podman("rmi", other);
}, 1_500_000);

interface Graded {
  readonly results: {
    score: number;
    max_score: number;
    output: string;
    tests: Array<{ name: string; status: string }>;
    extra_data: { containment: string; ran_as: string };
  };
  /** Whether every file of /autograder/source and run_autograder is as it was before grading. */
  readonly graderUnchanged: boolean;
  readonly log: string;
}

/**
 * One submission in a fresh container of the image, as Gradescope grades it: the bundle's files
 * and the submission copied in, /autograder/run_autograder, and 6 s more (a process the
 * submission left behind has its time), then results.json.
 */
async function grade(label: string, submission: Submission): Promise<Graded> {
  const folder = join(root, label);
  for (const [path, text] of Object.entries(submission)) {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const script = [
    "cp -a /bundle/. /autograder/source/ && cp /autograder/source/run_autograder /autograder/run_autograder",
    "mkdir -p /autograder/submission /autograder/results && cp -a /submission/. /autograder/submission/",
    "hash() { find /autograder/source /autograder/run_autograder -path /autograder/source/node_modules -prune -o -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum; }",
    "before=$(hash)",
    "/autograder/run_autograder",
    "sleep 6",
    '[ "$before" = "$(hash)" ] && echo "grader: unchanged" || echo "grader: CHANGED"',
    "echo '--- results.json'",
    "cat /autograder/results/results.json",
  ].join("\n");
  const ran = await podman(
    "run",
    "--rm",
    "--name",
    `${CONTAINER_PREFIX}${label}`,
    "--network=none",
    "-v",
    `${source}:/bundle:ro`,
    "-v",
    `${folder}:/submission:ro`,
    image,
    "bash",
    "-c",
    script,
  );
  const [log = "", json = ""] = ran.stdout.split("--- results.json\n");
  if (ran.status !== 0 || json === "")
    throw new Error(`grading ${label} exited ${ran.status}:\n${ran.stdout}\n${ran.stderr}`);
  return { results: JSON.parse(json) as Graded["results"], graderUnchanged: log.includes("grader: unchanged"), log };
}

describe.skipIf(!ENABLED)("the Gradescope bundle in Ubuntu 22.04, as Gradescope runs it", () => {
  it("setup.sh installed Node 22 from the npm registry's packages, world-executable", async () => {
    const version = await podmanOk(
      "run",
      "--rm",
      "--network=none",
      image,
      "bash",
      "-c",
      "node --version && stat -L -c %A $(command -v node)",
    );
    expect(version).toMatch(/^v22\.\d+\.\d+\n-rwxr-xr-x\n$/u);
    // What was lent to setup.sh (this machine's CA) is not part of the image.
    expect(await podmanOk("image", "inspect", "-f", "{{.Config.Env}}", image)).not.toMatch(/host-ca/u);
  });

  it("grades a correct, a wrong and a hostile submission with no network; the hostile one cannot change its score", async () => {
    // One after another, as Gradescope gives each submission a machine's share of its own: side by
    // side on two cores, the trials' deadlines measured the machine, not the submissions.
    const right = await timed("grading right", () => grade("right", RIGHT));
    const wrong = await timed("grading wrong", () => grade("wrong", WRONG));
    const hostile = await timed("grading hostile", () => grade("hostile", HOSTILE));
    expect(
      right.results.tests.filter((test) => test.status === "failed"),
      right.log,
    ).toEqual([]);
    expect(right.results).toMatchObject({ score: FULL_MARKS, max_score: FULL_MARKS });
    const wrongFailed = wrong.results.tests.filter((test) => test.status === "failed");
    expect(
      wrongFailed.map((test) => test.name.split(":")[0]),
      JSON.stringify(wrongFailed, null, 1),
    ).toEqual(["ids-exact"]);
    expect(wrong.results.score).toBe(WRONG_MARKS);
    // The hostile submission is otherwise the library itself: its score is what it earned, not its own.
    expect(hostile.results.score, hostile.log).toBe(FULL_MARKS);
    expect(hostile.results.score).not.toBe(FORGED_SCORE);
    expect(hostile.graderUnchanged, hostile.log).toBe(true);
    // Inside a default container no PID namespace can be made: the container is the containment, and the report says so.
    for (const graded of [right, wrong, hostile]) {
      expect(graded.results.extra_data.containment).toBe("container");
      expect(graded.results.output).toMatch(
        /^containment: this submission's own container, which Gradescope discards/mu,
      );
      expect(graded.results.extra_data.ran_as).toMatch(/^uid [1-9]/u);
    }
  }, 900_000);

  it("an empty submission still gets a results.json that says why", async () => {
    const empty = await grade("empty", { "README.txt": "nothing here\n" });
    expect(empty.results.tests).toEqual([expect.objectContaining({ name: "checkpoint ran", status: "failed" })]);
  }, 300_000);

  afterAll(() => {
    console.log(`gradescope container: seconds per step ${JSON.stringify(took)}`);
  });
});
