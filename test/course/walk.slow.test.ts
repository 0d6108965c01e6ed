// The course as a learner walks it: start the server the README starts (scripts/open-workbook.sh:
// Notebook 7 from set-up's .venv, or the classic Notebook where set-up fell back to it),
// take the URL it prints, land on the start page, then follow each notebook's last cell to the
// next stop in COURSE_PATH, resolving each link as the browser does (against the page's URL) and
// fetching it from the running server: 200, and the notebook expected. It ends at the checkpoint
// notebook, run on the saved build notebook with no variable set. No Chromium needed.
import { afterAll, beforeAll, expect, it } from "vitest";
import { COURSE_PATH, lastCellHrefs } from "../../lib/src/notebook/course-path.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { startJupyterServer, type JupyterServer } from "../browser/jupyter-server.js";
import { jupyterPython } from "../../lib/src/grading/checkpoint/notebook-runner-output.js";
import { runNotebook } from "../support/notebook.js";

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
