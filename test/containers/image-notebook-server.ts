// Notebook 7 as the workbook's image serves it: a container of the image running the image's own
// Jupyter (/opt/venv) and tslab kernelspec, published on a port of this machine for the browser. It
// serves a copy of the image's committed notebooks in the learner's home (/opt/workbook is root's, so
// a save there would fail and hide what Jupyter writes), relative links kept. What the page does to
// a notebook is read back from inside the container, byte for byte.
import type { BrowserContext, Page } from "playwright-core";
import { changedByOpening, waitForNotebook } from "../browser/jupyterlab-page.js";
import { KERNELSPEC } from "../../lib/src/assign/kernel-metadata.js";
import { podman, podmanOk } from "./podman.js";

export interface ImageNotebookServer {
  readonly url: string;
  readonly token: string;
  /** The sha256 of each notebook (a path under the served folder) as the container now holds it. */
  sha256(paths: readonly string[]): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** A bound for a machine busy with other work, not a measure. */
const START_TIMEOUT_MS = 120_000;
const SERVED = "/home/learner/opened";

/** Starts Notebook 7 in a container `name` of `image`, serving the image's notebooks on 127.0.0.1:`port`. */
export async function startImageNotebookServer(
  image: string,
  name: string,
  port: number,
): Promise<ImageNotebookServer> {
  const token = `opened-${process.pid}`;
  await podman("rm", "-f", name);
  await podmanOk(
    "run",
    "-d",
    "--name",
    name,
    "-p",
    `127.0.0.1:${port}:8888`,
    image,
    "bash",
    "-c",
    `mkdir -p ${SERVED} && cp -a /opt/workbook/notebooks /opt/workbook/checkpoints ${SERVED}/ && exec jupyter notebook ` +
      `--no-browser --ip=0.0.0.0 --port=8888 --ServerApp.root_dir=${SERVED} --IdentityProvider.token=${token} ` +
      "--JupyterNotebookApp.expose_app_in_browser=True",
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const answer = await fetch(`${url}/api/status?token=${token}`).catch(() => undefined);
    if (answer?.ok) break;
    if (Date.now() - started > START_TIMEOUT_MS) {
      const logs = await podman("logs", name);
      await podman("rm", "-f", name);
      throw new Error(`Notebook 7 in the image did not answer on ${url}:\n${logs.stdout}${logs.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    token,
    async sha256(paths) {
      const out = await podmanOk("exec", "-w", SERVED, name, "sha256sum", "--", ...paths);
      const lines = out.split("\n").map((line) => /^([0-9a-f]{64}) {2}(.+)$/u.exec(line));
      return Object.fromEntries(lines.flatMap((match) => (match === null ? [] : [[match[2]!, match[1]!]])));
    },
    async stop() {
      await podman("rm", "-f", name);
    },
  };
}

interface OpenPanel {
  context: { save(): Promise<void> };
  sessionContext: { session: { kernel: { info: Promise<{ language_info: unknown }> } } };
}

/** What opening a notebook in Notebook 7 showed: whether it had changes to save, and its kernel's language_info. */
export interface OpenedNotebook {
  readonly dirty: boolean;
  readonly reported: unknown;
}

/** Pages open at once: a page mostly waits on the server and its kernel. */
const PAGES_AT_ONCE = 3;
/** A bound on one notebook's opening for a machine busy with other work, not a measure. */
const OPEN_TIMEOUT_MS = 120_000;

/** `work`, or an error naming `what` once `ms` have passed (a page's promise may never settle). */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens each notebook in a Notebook 7 page, as a learner's link does, and waits until the page has
 * its kernel's kernel_info reply (changedByOpening); then saves it, as the autosave would. Each of
 * the pages open at once has one tslab kernel of the image for all its notebooks: before a notebook
 * is opened, a session for its path is made on that kernel (Jupyter's sessions API), so the page
 * finds the session and connects to the kernel, asking it for kernel_info as it would a new one,
 * with no kernel start for each notebook.
 */
export async function openEveryNotebook(
  context: BrowserContext,
  server: ImageNotebookServer,
  paths: readonly string[],
): Promise<Map<string, OpenedNotebook>> {
  const post = async (path: string, body: object) => {
    const answer = await fetch(`${server.url}/api/${path}`, {
      method: "POST",
      headers: { Authorization: `token ${server.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`POST /api/${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as { id: string };
  };
  const opened = new Map<string, OpenedNotebook>();
  const queue = [...paths];
  const openOne = async (page: Page, path: string, kernel: string): Promise<OpenedNotebook> => {
    await post("sessions", { path, type: "notebook", name: "", kernel: { id: kernel } });
    await page.goto(`${server.url}/notebooks/${path}?token=${server.token}`);
    await waitForNotebook(page, path);
    const dirty = await changedByOpening(page);
    const reported = await page.evaluate(async () => {
      const app = (globalThis as unknown as { jupyterapp: { shell: { currentWidget: OpenPanel } } }).jupyterapp;
      const panel = app.shell.currentWidget;
      const reply = await panel.sessionContext.session.kernel.info;
      await panel.context.save();
      return reply.language_info;
    });
    return { dirty, reported };
  };
  const worker = async () => {
    const kernel = await post("kernels", { name: KERNELSPEC.name });
    const page = await context.newPage();
    try {
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        opened.set(path, await within(OPEN_TIMEOUT_MS, `opening ${path}`, openOne(page, path, kernel.id)));
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker));
  return opened;
}
