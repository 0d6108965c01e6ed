// The course as a learner walks it: start the server the README starts (scripts/open-workbook.sh:
// Notebook 7 from set-up's .venv, or the classic Notebook where set-up fell back to it),
// take the URL it prints, land on the start page, then follow each notebook's last cell to the
// next stop in COURSE_PATH, resolving each link as the browser does (against the page's URL) and
// fetching it from the running server: 200, and the notebook expected. It ends at the checkpoint
// notebook, run on the saved build notebook with no variable set. No Chromium needed.
// The same server then opens every notebook a page or a notebook names (learner-paths.ts) folder by
// folder through its contents API, as the file browser of Notebook 7 and JupyterLab does; and shows
// that opening a notebook changes nothing in it: a tslab kernel started through the REST API reports
// exactly the language_info committed in every notebook (kernel-metadata.ts), and each notebook,
// given that metadata and the kernelspec as the front ends give it when the kernel starts, saved
// through the server (PUT, into a scratch folder) comes out byte for byte as committed.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { COURSE_PATH, lastCellHrefs } from "../../lib/src/notebook/course-path.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { startJupyterServer, type JupyterServer } from "../browser/jupyter-server.js";
import { jupyterPython } from "../../lib/src/grading/checkpoint/notebook-runner-output.js";
import { runNotebook } from "../support/notebook.js";
import { learnerPaths } from "./learner-paths.js";
import { KERNELSPEC, LANGUAGE_INFO } from "../../lib/src/assign/kernel-metadata.js";

let server: JupyterServer;
beforeAll(async () => {
  server = await startJupyterServer({
    python: jupyterPython(),
    repo: REPO_ROOT,
    notebookDir: REPO_ROOT,
    viaOpenWorkbook: true,
  });
}, 90_000);
afterAll(async () => {
  expect(await server.stop()).toEqual([]);
}, 30_000);

const get = (url: string) => fetch(url, { headers: { Authorization: `token ${server.token}` } });

/** The notebook a page URL serves, read back through the contents API. */
async function notebookAt(pageUrl: URL): Promise<{ path: string; content: unknown }> {
  const page = await get(pageUrl.href);
  expect(page.status, pageUrl.href).toBe(200);
  // The classic Notebook names the notebook in its page; Notebook 7's page says only that it is a
  // notebook page, and its script reads the path from the URL (after /notebooks/).
  const html = await page.text();
  const path =
    /data-notebook-path="([^"]+)"/u.exec(html)?.[1] ??
    (html.includes('data-notebook="notebooks"')
      ? /^\/notebooks\/(.+)$/u.exec(new URL(page.url).pathname)?.[1]
      : undefined);
  expect(path, `${pageUrl.href} is a notebook page`).toBeDefined();
  const contents = await get(`${server.url}/api/contents/${decodeURIComponent(path!)}`);
  expect(contents.status).toBe(200);
  return { path: decodeURIComponent(path!), content: ((await contents.json()) as { content: unknown }).content };
}

it("walks from the printed URL through every stop's last-cell link to the checkpoint, and runs it on the saved build notebook", async () => {
  // The URL the README's server prints (its token masked), opened with the token as a browser would:
  // the classic Notebook prints its root, Jupyter Server 2 the landing page itself.
  const printed = /(http:\/\/127\.0\.0\.1:\d+\/\S*?)\?token=/u.exec(server.log())?.[1];
  expect(printed, server.log()).toBeDefined();
  const landing = await fetch(`${printed}?token=${server.token}`);
  expect(landing.status).toBe(200);
  let pageUrl = new URL(landing.url);
  let here = await notebookAt(pageUrl);
  expect(here.path).toBe(COURSE_PATH[0]!.file);

  for (const next of COURSE_PATH.slice(1)) {
    const expectedUrl = new URL(`/notebooks/${next.file}`, server.url).href;
    const hrefs = lastCellHrefs(here.content);
    const resolved = hrefs.map((href) => new URL(href, pageUrl).href.replace(/[?#].*$/u, ""));
    expect(resolved, `the last cell of ${here.path} links to ${next.file}`).toContain(expectedUrl);
    pageUrl = new URL(expectedUrl);
    here = await notebookAt(pageUrl);
    expect(here.path).toBe(next.file);
  }

  // The end of the path: the checkpoint notebook, with no variable set, grades the saved build notebook.
  const checkpoint = await runNotebook(COURSE_PATH.at(-1)!.file);
  expect(checkpoint.error).toBeUndefined();
  expect(checkpoint.ok).toBe(true);

  const printedCells = checkpoint.cells.map((cell) => cell.outputs.join("").replace(/\u001b\[\d+m/gu, ""));
  expect(printedCells[0]).toMatch(/^grading: \S+\/notebooks\/ch14-part-b-build\.ipynb \(a saved build notebook\)\n$/u);
  const summary = printedCells[2]!.split("\n\n")[0]!.split("\n");
  expect(summary[0]).toMatch(/^checkpoint: 0 of \d+ points; 0 of \d+ rules ok, 1 not applicable, \d+ not yet$/u); // costs-recompute: no paid row
  expect(summary.filter((line) => /^ {2}[1-6]\. /u.test(line))).toHaveLength(6);
  expect(summary.at(-1)).toMatch(/^look first at: /u);
}, 240_000);

/** A contents-API entry: a folder lists its content, a notebook is a notebook. */
interface ContentsModel {
  type: string;
  content: unknown;
}

it("opens every notebook a page or a notebook names from the root, folder by folder, as the file browser does", async () => {
  const wrong: string[] = [];
  for (const { path, from } of learnerPaths(REPO_ROOT)) {
    const parts = path.split("/");
    for (let depth = 0; depth < parts.length; depth += 1) {
      const folder = parts.slice(0, depth).join("/");
      const answer = (await (await get(`${server.url}/api/contents/${folder}`)).json()) as ContentsModel;
      const names = answer.type === "directory" ? (answer.content as Array<{ name: string }>).map((e) => e.name) : [];
      if (!names.includes(parts[depth]!)) {
        wrong.push(
          `${from}: ${path}: the file browser's /${folder} does not list ${parts[depth]} (${answer.type ?? "not a folder"})`,
        );
        break;
      }
    }
    const opened = (await (await get(`${server.url}/api/contents/${path}`)).json()) as ContentsModel;
    if (!wrong.some((line) => line.startsWith(`${from}: ${path}:`)) && opened.type !== "notebook")
      wrong.push(`${from}: ${path}: opens as ${opened.type}`);
  }
  expect(wrong).toEqual([]);
}, 120_000);

/**
 * Over the kernel's websocket (Jupyter's JSON protocol): its kernel_info reply, and what it prints
 * for `process.version`, the Node that Jupyter's kernelspec (`node` first on PATH) started.
 */
async function askKernel(kernelId: string): Promise<{ languageInfo: unknown; nodeVersion: string }> {
  const socket = new WebSocket(
    `${server.url.replace("http", "ws")}/api/kernels/${kernelId}/channels?token=${server.token}`,
  );
  const session = `walk-${process.pid}`;
  const request = (msgType: string, content: object) =>
    JSON.stringify({
      header: { msg_id: `${session}-${msgType}`, msg_type: msgType, username: "test", session, version: "5.3" },
      parent_header: {},
      metadata: {},
      content,
      channel: "shell",
    });
  try {
    return await new Promise((resolve, reject) => {
      let languageInfo: unknown;
      socket.addEventListener("error", () => reject(new Error("the kernel's websocket failed")));
      socket.addEventListener("open", () => socket.send(request("kernel_info_request", {})));
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data)) as {
          msg_type: string;
          parent_header: { msg_id?: string };
          content: { language_info?: unknown; data?: Record<string, string>; text?: string };
        };
        if (
          message.parent_header.msg_id === `${session}-kernel_info_request` &&
          message.msg_type === "kernel_info_reply"
        ) {
          languageInfo = message.content.language_info;
          socket.send(request("execute_request", { code: "process.version", silent: false, store_history: false }));
        }
        const printed = message.content.data?.["text/plain"] ?? message.content.text ?? "";
        const version = /v\d+\.\d+\.\d+/u.exec(printed)?.[0];
        if (message.parent_header.msg_id === `${session}-execute_request` && version !== undefined)
          resolve({ languageInfo, nodeVersion: version });
      });
    });
  } finally {
    socket.close();
  }
}

it("opening a notebook changes nothing in it: the kernel reports the committed metadata, and saving it gives the committed bytes", async () => {
  const headers = { Authorization: `token ${server.token}`, "Content-Type": "application/json" };
  const session = (await (
    await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        path: "notebooks/00-smoke.ipynb",
        type: "notebook",
        name: "",
        kernel: { name: KERNELSPEC.name },
      }),
    })
  ).json()) as { id: string; kernel: { id: string } };
  let reported: { languageInfo: unknown; nodeVersion: string };
  try {
    reported = await askKernel(session.kernel.id);
  } finally {
    await fetch(`${server.url}/api/sessions/${session.id}`, { method: "DELETE", headers });
  }
  expect(reported.languageInfo).toEqual(LANGUAGE_INFO);
  // The kernel runs on the Node that runs this suite: the one first on PATH (.ci/run's Node 22).
  expect(reported.nodeVersion).toBe(process.version);
  const spec = (await (await get(`${server.url}/api/kernelspecs`)).json()) as {
    kernelspecs: Record<string, { spec: { display_name: string; language: string } }>;
  };
  const fromSpec = spec.kernelspecs[KERNELSPEC.name]!.spec;
  expect({ name: KERNELSPEC.name, display_name: fromSpec.display_name, language: fromSpec.language }).toEqual(
    KERNELSPEC,
  );

  // Saved into a scratch folder of the served tree (git ignores test-artifacts/), never over the committed file.
  const scratch = `test-artifacts/opened-${process.pid}`;
  const notebooks = execFileSync("git", ["ls-files", "*.ipynb"], { cwd: REPO_ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const changed: string[] = [];
  try {
    for (const folder of ["test-artifacts", scratch])
      await fetch(`${server.url}/api/contents/${folder}`, {
        method: "PUT",
        headers,
        body: JSON.stringify({ type: "directory" }),
      });
    for (const [index, path] of notebooks.entries()) {
      const model = (await (await get(`${server.url}/api/contents/${path}`)).json()) as {
        content: { metadata: Record<string, unknown> };
      };
      model.content.metadata["language_info"] = reported.languageInfo;
      model.content.metadata["kernelspec"] = { ...KERNELSPEC };
      const target = `${scratch}/${index}.ipynb`;
      const saved = await fetch(`${server.url}/api/contents/${target}`, {
        method: "PUT",
        headers,
        body: JSON.stringify({ type: "notebook", format: "json", content: model.content }),
      });
      expect(saved.status, path).toBeLessThan(300);
      if (readFileSync(join(REPO_ROOT, target), "utf8") !== readFileSync(join(REPO_ROOT, path), "utf8"))
        changed.push(path);
    }
  } finally {
    rmSync(join(REPO_ROOT, scratch), { recursive: true, force: true });
  }
  expect(changed, "notebooks that Jupyter would save with other bytes than committed").toEqual([]);
}, 180_000);
