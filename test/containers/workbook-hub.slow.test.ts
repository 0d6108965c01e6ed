// Complete tier only: it builds the workbook image and starts a hub (npm run test:containers, WORKBOOK_CONTAINERS=1).
// The workbook's image (scripts/containers/build-image.sh) and a JupyterHub course on it, for real:
// Debian's JupyterHub with configurable-http-proxy from npm on this machine, a spawner that starts each
// learner's server in a podman container of its own (podman_spawner.py: the image, a volume per
// learner, limits), DummyAuthenticator with a password. Headless Chromium logs in as two learners
// at once; each runs their own build notebook's first check cell and the checkpoint notebook in
// Notebook 7. Ada's build notebook is the course's (its stubs), Bob's is solved: each sees their
// own results. Neither can reach the other's files: not through the hub, not from inside their
// container (no other home there; the other's server refuses their token).
// Before the hub, the course files: a learner's edit survives an image update that changes the
// file, and the update reaches the files the learner left alone. And the image's own Jupyter and
// kernel (image-notebook-server.ts): every committed notebook opened in Notebook 7, in Chromium, its
// kernel's kernel_info reply holds the notebook's committed language_info, nothing is left to save,
// and a save gives the committed bytes (test/course/walk.slow.test.ts does this with the host's kernel).
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { CHROMIUM } from "../browser/jupyter-server.js";
import { codeCellIndex, runCells, waitForNotebook, type CellsRun } from "../browser/jupyterlab-page.js";
import { openEveryNotebook, startImageNotebookServer, type OpenedNotebook } from "./image-notebook-server.js";
import { podman, podmanOk } from "./podman.js";
import { buildWorkbookImage } from "./workbook-image.js";

const ENABLED = process.env["WORKBOOK_CONTAINERS"] === "1";
const IMAGE = "localhost/mcp-workbook:hub-test";
const PREFIX = "workbook-hub-";
const LEARNERS = ["ada", "bob"] as const;
const PASSWORD = "a-course-password";
const BUILD = "workbook/notebooks/ch14-part-b-build.ipynb";
const CHECKPOINT = "workbook/notebooks/ch14-checkpoint.ipynb";
const FIRST_CHECK = 'await check("requestMessage"';
const LAST_CHECKPOINT_CELL = "reportHeader(checkpointReport)";
/** Bounds for a machine busy with other work, not measures. */
const RUN_TIMEOUT_MS = 600_000;

const root = mkdtempSync(join(tmpdir(), "workbook-hub-"));
chmodSync(root, 0o755);
let hub: ChildProcess | undefined;
let hubLog = "";
let hubUrl = "";
const took: Record<string, number> = {};
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    took[step] = Math.round((performance.now() - started) / 100) / 10;
  }
}

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** This machine's first IPv4 address that is not loopback: the host as a container reaches it. */
function machineAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((each) => each?.family === "IPv4" && !each.internal && !each.address.startsWith("10.88."));
  if (address === undefined) throw new Error("no IPv4 address besides loopback to give the learners' containers");
  return address.address;
}

/** A command run as the learner in a throwaway container of `image` with `volume` as their home. */
function asLearner(image: string, volume: string, script: string): Promise<string> {
  return podmanOk("run", "--rm", "--network=none", "-v", `${volume}:/home/learner`, image, "bash", "-c", script);
}

async function removeLeftovers(): Promise<void> {
  for (const name of [...LEARNERS, "update", "opened"]) {
    await podman("rm", "-f", `${PREFIX}${name}`);
    await podman("volume", "rm", "-f", `${PREFIX}${name}`);
  }
}

let browser: Browser | undefined;
beforeAll(async () => {
  if (!ENABLED) return;
  await timed("image build", () => buildWorkbookImage(IMAGE));
  await removeLeftovers();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}, 1_800_000);

afterAll(async () => {
  await browser?.close();
  if (hub?.pid !== undefined) {
    process.kill(-hub.pid, "SIGTERM");
    await new Promise((resolve) => hub!.once("close", resolve));
  }
  if (ENABLED) {
    await removeLeftovers();
    await podman("rmi", `${IMAGE}-update`);
    console.log(`workbook hub: seconds per step ${JSON.stringify(took)}`);
  }
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!ENABLED)("the workbook's image", () => {
  it("gives a learner the course and imports the library by its name from their copy, with no network", async () => {
    const out = await asLearner(
      IMAGE,
      `${PREFIX}update`,
      "cd ~/workbook/notebooks && node -p 'typeof require(\"mcp-workbook\").requestMessage' && node --version && jupyter kernelspec list",
    );
    expect(out).toMatch(/^course files: copied notebooks\/ch14-part-b-build\.ipynb$/mu);
    expect(out).toMatch(/^course files: copied notebooks\/ch14-checkpoint\.ipynb$/mu);
    expect(out).toMatch(/^function\nv22\./mu);
    expect(out).toMatch(/^\s+tslab\s/mu);
  }, 120_000);

  it("keeps a learner's edit over an image update and brings the update to files the learner left alone", async () => {
    const volume = `${PREFIX}update`;
    await asLearner(IMAGE, volume, "echo '// my own note' >> ~/workbook/learner/src/index.ts");
    // The course's fix: a new image whose copies of both files changed.
    const fixed = join(root, "fix.Containerfile");
    writeFileSync(
      fixed,
      [
        `FROM ${IMAGE}`,
        "USER root",
        "RUN echo '// the course fix' >> /opt/workbook/course/learner/src/index.ts \\",
        "    && echo '// the course fix' >> /opt/workbook/course/learner/README.md",
        "USER learner",
        "",
      ].join("\n"),
    );
    await podmanOk("build", "--quiet", "-f", fixed, "-t", `${IMAGE}-update`, root);
    const out = await asLearner(
      `${IMAGE}-update`,
      volume,
      "tail -n 1 ~/workbook/learner/src/index.ts ~/workbook/learner/README.md",
    );
    expect(out).toMatch(/^course files: kept your learner\/src\/index\.ts/mu);
    expect(out).toMatch(/^course files: updated learner\/README\.md$/mu);
    expect(out).toMatch(/index\.ts <==\n\/\/ my own note\n/u);
    expect(out).toMatch(/README\.md <==\n\/\/ the course fix\n/u);
  }, 300_000);
});

describe.skipIf(!ENABLED)(
  "the image's own Jupyter and kernel: opening a notebook in Notebook 7 changes nothing in it",
  () => {
    it("every committed notebook: its kernel reports its committed language_info, nothing to save, and a save gives its committed bytes", async () => {
      const notebooks = execFileSync("git", ["ls-files", "*.ipynb"], { cwd: REPO_ROOT, encoding: "utf8" })
        .split("\n")
        .filter(Boolean);
      const server = await timed("notebook server in the image", async () =>
        startImageNotebookServer(IMAGE, `${PREFIX}opened`, await freePort()),
      );
      const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
      let opened: Map<string, OpenedNotebook>;
      let held: Record<string, string>;
      try {
        opened = await timed("every notebook opened", () => openEveryNotebook(context, server, notebooks));
        held = await server.sha256(notebooks);
      } finally {
        await context.close();
        await server.stop();
      }
      const wrong: string[] = [];
      for (const path of notebooks) {
        const committed = readFileSync(join(REPO_ROOT, path));
        const languageInfo = (JSON.parse(committed.toString("utf8")) as { metadata: Record<string, unknown> }).metadata[
          "language_info"
        ];
        const { dirty, reported } = opened.get(path)!;
        if (!isDeepStrictEqual(reported, languageInfo))
          wrong.push(
            `${path}: the image's kernel reports ${JSON.stringify(reported)}, the notebook holds ${JSON.stringify(languageInfo)}`,
          );
        if (dirty) wrong.push(`${path}: Notebook 7 has changes to save once its kernel has started`);
        if (held[path] !== createHash("sha256").update(committed).digest("hex"))
          wrong.push(`${path}: Notebook 7 saved other bytes than committed`);
      }
      expect(notebooks.length).toBeGreaterThan(10);
      expect(wrong).toEqual([]);
    }, 600_000);
  },
);

describe.skipIf(!ENABLED)("a JupyterHub course: two learners, each in a container of their own", () => {
  beforeAll(async () => {
    // Bob has done his work: his build notebook is the solved one (his first start copies the rest).
    await asLearner(
      IMAGE,
      `${PREFIX}bob`,
      "cp /opt/workbook/notebooks/solutions/ch14-part-b-build-solutions.ipynb ~/workbook/notebooks/ch14-part-b-build.ipynb",
    );
    const [port, apiPort, proxyApiPort] = [await freePort(), await freePort(), await freePort()];
    hubUrl = `http://127.0.0.1:${port}`;
    const config = join(root, "jupyterhub_config.py");
    writeFileSync(
      config,
      [
        "import sys",
        `sys.path.insert(0, ${JSON.stringify(__dirname)})`,
        "from podman_spawner import PodmanSpawner",
        `c.JupyterHub.bind_url = "${hubUrl}"`,
        // The learners' containers and the proxy both reach the hub's API at this machine's own
        // address (a container through podman's bridge); the proxy's API gets a free port too.
        `c.JupyterHub.hub_bind_url = "http://0.0.0.0:${apiPort}"`,
        `c.JupyterHub.hub_connect_url = "http://${machineAddress()}:${apiPort}"`,
        `c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:${proxyApiPort}"`,
        `c.JupyterHub.db_url = "sqlite:///${join(root, "hub.sqlite")}"`,
        `c.JupyterHub.cookie_secret_file = "${join(root, "cookie_secret")}"`,
        `c.JupyterHub.pid_file = "${join(root, "hub.pid")}"`,
        `c.ConfigurableHTTPProxy.pid_file = "${join(root, "proxy.pid")}"`,
        `c.ConfigurableHTTPProxy.command = ["${join(REPO_ROOT, "scripts", "containers", "hub", "node_modules", ".bin", "configurable-http-proxy")}"]`,
        'c.JupyterHub.authenticator_class = "dummy"',
        `c.DummyAuthenticator.password = "${PASSWORD}"`,
        `c.Authenticator.allowed_users = {${LEARNERS.map((name) => `"${name}"`).join(", ")}}`,
        "c.JupyterHub.spawner_class = PodmanSpawner",
        `c.PodmanSpawner.image = "${IMAGE}"`,
        `c.PodmanSpawner.podman = ["${join(REPO_ROOT, "scripts", "containers", "podman.sh")}"]`,
        `c.PodmanSpawner.name_prefix = "${PREFIX}"`,
        'c.Spawner.cmd = ["/opt/venv/bin/python3", "-m", "jupyterhub.singleuser"]',
        'c.Spawner.ip = "0.0.0.0"',
        "c.Spawner.port = 8888",
        'c.Spawner.mem_limit = "2G"',
        'c.Spawner.default_url = "/tree/workbook"',
        // The page hands the test its app (window.jupyterapp), as in test/browser/.
        'c.Spawner.args = ["--LabApp.expose_app_in_browser=True", "--JupyterNotebookApp.expose_app_in_browser=True"]',
        "c.Spawner.start_timeout = 300",
        "c.Spawner.http_timeout = 300",
        "",
      ].join("\n"),
    );
    hub = spawn("/usr/bin/jupyterhub", ["-f", config], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    hub.stdout!.on("data", (chunk: Buffer) => (hubLog += chunk.toString()));
    hub.stderr!.on("data", (chunk: Buffer) => (hubLog += chunk.toString()));
    const started = Date.now();
    for (;;) {
      const answer = await fetch(`${hubUrl}/hub/api`).catch(() => undefined);
      if (answer?.ok) break;
      if (Date.now() - started > 120_000 || hub.exitCode !== null) throw new Error(`the hub did not start:\n${hubLog}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 300_000);

  /** What a learner's session showed: the check cell's run, the checkpoint's, and their own hub page of another. */
  interface Session {
    readonly checked: CellsRun;
    readonly graded: CellsRun;
    readonly othersServer: number;
  }

  async function learnerSession(name: string, other: string): Promise<Session> {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultNavigationTimeout(300_000);
    context.setDefaultTimeout(120_000);
    const page: Page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    try {
      await page.goto(`${hubUrl}/hub/login`);
      await page.fill("#username_input", name);
      await page.fill("#password_input", PASSWORD);
      await Promise.all([
        page.waitForURL(new RegExp(`/user/${name}/tree`), { timeout: 400_000 }),
        page.click("#login_submit"),
      ]);
      await page.goto(`${hubUrl}/user/${name}/notebooks/${BUILD}`);
      await waitForNotebook(page, BUILD, 300_000);
      const checked = await runCells(page, 0, await codeCellIndex(page, FIRST_CHECK), RUN_TIMEOUT_MS);
      await page.goto(`${hubUrl}/user/${name}/notebooks/${CHECKPOINT}`);
      await waitForNotebook(page, CHECKPOINT, 300_000);
      const graded = await runCells(page, 0, await codeCellIndex(page, LAST_CHECKPOINT_CELL), RUN_TIMEOUT_MS);
      // The other learner's server, through the hub: the hub refuses this learner there.
      const othersServer = (await page.goto(`${hubUrl}/user/${other}/api/contents/workbook`))?.status() ?? 0;
      return { checked, graded, othersServer };
    } finally {
      await context.close();
    }
  }

  it("each learner runs the build notebook's first check and the checkpoint in their own server, and sees their own results", async () => {
    const [ada, bob] = await timed("two learners in the browser", () =>
      Promise.all([learnerSession("ada", "bob"), learnerSession("bob", "ada")]),
    );
    for (const session of [ada, bob]) {
      expect(session.checked.errors, hubLog.slice(-3000)).toEqual([]);
      expect(session.graded.errors).toEqual([]);
      expect(session.graded.text).toMatch(/^graded: \/home\/learner\/workbook\/notebooks\/ch14-part-b-build\.ipynb /mu);
    }
    // Ada's build notebook is the course's, its stubs not yet written; Bob's is solved.
    expect(ada.checked.text).toMatch(/^not yet requestMessage\b/mu);
    expect(bob.checked.text).toMatch(/^ok requestMessage\b/mu);
    const score = (run: CellsRun) => /^checkpoint: (\d+) of (\d+) points/mu.exec(run.text)?.slice(1).map(Number);
    const [adaScore, possible] = score(ada.graded)!;
    expect(adaScore).toBeLessThan(possible!);
    expect(score(bob.graded)).toEqual([possible, possible]);
    // The hub lets neither into the other's server.
    expect(ada.othersServer).toBe(403);
    expect(bob.othersServer).toBe(403);
  }, 1_500_000);

  it("neither learner's container holds or reaches the other's files", async () => {
    for (const [name, other] of [
      ["ada", "bob"],
      ["bob", "ada"],
    ] as const) {
      const container = `${PREFIX}${name}`;
      const othersAddress = (
        await podmanOk("inspect", "-f", "{{.NetworkSettings.IPAddress}}", `${PREFIX}${other}`)
      ).trim();
      // As the learner, inside their own server's container: every home there, and the other's
      // server asked for the other's files with this learner's own hub token.
      const seen = await podmanOk(
        "exec",
        container,
        "node",
        "-e",
        `const fs = require("node:fs");
console.log("homes: " + fs.readdirSync("/home").join(" "));
fetch("http://${othersAddress}:8888/user/${other}/api/contents/workbook", { headers: { Authorization: "token " + process.env.JUPYTERHUB_API_TOKEN } })
  .then((answer) => console.log("other server: " + answer.status), (error) => console.log("other server: unreachable " + error.cause?.code));`,
      );
      expect(seen).toMatch(/^homes: learner$/mu);
      expect(seen).toMatch(/^other server: (40[13]|unreachable)/mu);
    }
  }, 120_000);
});
