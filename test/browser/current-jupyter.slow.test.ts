// The workbook in today's Jupyter, in headless Debian Chromium driven by playwright-core: one server
// started as the README starts JupyterLab (scripts/open-workbook.sh --lab, set-up's .venv), which
// serves Notebook 7's pages too. JupyterLab at 1400 px (the classroom's window) lands on the start
// page with the repo's kernel, opens the checkpoint notebook by clicking through its file browser
// (the `checkpoints/` folder lists empty in every Jupyter: notebooks/ holds a link to it), draws
// Part A's first chart with its own vega-lite renderer, and runs the build notebook's first check
// cell. Notebook 7 at 1280 px then does the same on its own pages: its file browser, the start
// page, and the chart and check cells run again in the kernels JupyterLab started (a Jupyter
// session belongs to the notebook's path, not to the page), which keeps this to two kernel runs.
// Autosave is off (jupyter-server.ts): the committed notebooks must come out unchanged. Opening the
// start page and the checkpoint leaves nothing to save once their kernels have started.
// Screenshots go to test-artifacts/browser/. Skipped, with the reason, when Chromium or Notebook 7
// and JupyterLab are missing; under CI=true that is a failure.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserTestPrerequisites,
  CHROMIUM,
  processesMentioning,
  startJupyterServer,
  type JupyterServer,
} from "./jupyter-server.js";
import { changedByOpening, codeCellIndex, openInApp, runCells, waitForNotebook } from "./jupyterlab-page.js";

const REPO = resolve(__dirname, "../..");
const ARTIFACTS = join(REPO, "test-artifacts", "browser");
const START_PAGE = "notebooks/start-here.ipynb";
/** Where the file browser shows the checkpoint notebook: a link to checkpoints/ch14-checkpoint.ipynb. */
const CHECKPOINT_LINK = "notebooks/ch14-checkpoint.ipynb";
const PART_A = "notebooks/ch14-part-a.ipynb";
const BUILD = "notebooks/ch14-part-b-build.ipynb";
/** Part A's first chart is drawn by the first cell calling this; the build notebook's first check cell. */
const DRAWS_A_CHART = "await displayChart(";
const FIRST_CHECK = 'await check("requestMessage"';
/** A check cell's verdict lines (test/notebooks/build.slow.test.ts reads them the same way). */
const VERDICT = /^(ok|not yet) requestMessage\b/mu;
const RUN_TIMEOUT_MS = 120_000;
/** A limit sized for a machine busy with the rest of the suite, not a measure of the test. */
const TEST_TIMEOUT_MS = 480_000;
const KERNEL = "tslab";

const { python, missing } = browserTestPrerequisites(REPO, "current");
const sha256 = (path: string) =>
  createHash("sha256")
    .update(readFileSync(join(REPO, path)))
    .digest("hex");
const COMMITTED = [START_PAGE, "checkpoints/ch14-checkpoint.ipynb", PART_A, BUILD];

/** The notebook in front: JupyterLab keeps the others' pages, hidden. */
const shownNotebook = (page: Page) => page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook");

/** The chart a cell's output holds as drawn on the page: vega-embed's (JupyterLab's renderer) or our SVG. */
async function drawnChart(page: Page, cellIndex: number) {
  const output = shownNotebook(page).locator(".jp-Cell").nth(cellIndex).locator(".jp-OutputArea-output").first();
  await output.scrollIntoViewIfNeeded();
  const vega = output.locator(".vega-embed canvas, .vega-embed svg").first();
  const drawn = (await vega.count()) > 0 ? vega : output.locator("svg.marks, img").first();
  const box = await drawn.boundingBox();
  const room = await output.boundingBox();
  return {
    renderer: (await output.locator(".vega-embed").count()) > 0 ? "vega-embed" : "other",
    width: box?.width ?? 0,
    height: box?.height ?? 0,
    fits: box !== null && room !== null && box.x + box.width <= room.x + room.width + 0.5,
    output,
  };
}

/** An entry of a file browser's listing, by its whole name (the row also shows when it changed). */
const listed = (browser: Locator, name: string) =>
  browser.locator(".jp-DirListing-itemText").getByText(name, { exact: true });

/** The heading a notebook's first markdown cell shows on the page. */
const firstHeading = (page: Page) => shownNotebook(page).locator(".jp-MarkdownOutput h1").first().innerText();

describe.skipIf(missing !== undefined)(
  `Notebook 7 and JupyterLab 4 in headless Chromium${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let server: JupyterServer | undefined;
    let context: BrowserContext | undefined;
    let userDataDir = "";
    let page: Page;
    const hashes = new Map(COMMITTED.map((path) => [path, sha256(path)]));

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      server = await startJupyterServer({
        python: python!,
        repo: REPO,
        notebookDir: REPO,
        viaOpenWorkbook: true,
        frontEnd: "lab",
        // Jupyter Server 2 with JupyterLab's extensions imports far more than the classic Notebook.
        startTimeoutMs: 120_000,
      });
      userDataDir = await mkdtemp(join(tmpdir(), "workbook-chromium-"));
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM,
        headless: true,
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
        viewport: { width: 1400, height: 900 },
      });
      // JupyterLab's page loads megabytes of script: on a machine busy with the rest of the suite a
      // load takes longer than playwright's 30 s default.
      context.setDefaultNavigationTimeout(90_000);
      context.setDefaultTimeout(60_000);
      // A notebook with cells run and not saved asks before the page is left; leave it unsaved.
      context.on("page", (opened) => opened.on("dialog", (dialog) => void dialog.accept()));
      page = context.pages()[0] ?? (await context.newPage());
      page.on("dialog", (dialog) => void dialog.accept());
    }, 150_000);

    afterAll(async () => {
      await context?.close().catch(() => undefined);
      const forced = (await server?.stop()) ?? [];
      if (userDataDir !== "") {
        expect(processesMentioning(userDataDir), "chromium processes left behind").toEqual([]);
        await rm(userDataDir, { recursive: true, force: true });
      }
      expect(forced, "kernel processes that outlived the server's shutdown").toEqual([]);
      for (const [path, hash] of hashes) expect(sha256(path), `${path} was modified by the run`).toBe(hash);
    }, 60_000);

    /** Set once JupyterLab ran the chart and check cells: Notebook 7 runs them again in those kernels. */
    let labRanTheCells = false;
    const failWithLog = (error: Error): never => {
      throw new Error(`${error.message}\nthe Jupyter server's log (end):\n${server!.log().slice(-3000)}`);
    };

    it(
      "JupyterLab 4 at 1400 px: the start page with the repo's kernel, the checkpoint from the file browser, Part A's first chart drawn by JupyterLab's vega-lite renderer, a check cell of the build notebook",
      async () => {
        // The address the server prints, with the token, as a learner opens it: it lands on the start page.
        await page.goto(`${server!.url}/?token=${server!.token}`);
        expect(new URL(page.url()).pathname).toBe(`/lab/tree/${START_PAGE}`);
        const start = await waitForNotebook(page, START_PAGE).catch(failWithLog);
        expect(start.kernel).toBe(KERNEL);
        // Opening changes nothing: the kernel's metadata is already the committed one (kernel-metadata.ts).
        expect(await changedByOpening(page), `${START_PAGE} has changes to save once its kernel started`).toBe(false);
        await expect.poll(() => firstHeading(page)).toMatch(/\S/u);
        await page.screenshot({ path: join(ARTIFACTS, "lab-start-page.png") });

        // From the root of the file browser, by clicking: the notebooks folder, then the checkpoint.
        const browser = page.locator("#filebrowser");
        await browser.locator(".jp-BreadCrumbs-home").click();
        await listed(browser, "notebooks").dblclick();
        await listed(browser, "ch14-checkpoint.ipynb").dblclick();
        await waitForNotebook(page, CHECKPOINT_LINK).catch(failWithLog);
        await expect.poll(() => firstHeading(page)).toContain("checkpoint");
        expect(await changedByOpening(page), `${CHECKPOINT_LINK} has changes to save once its kernel started`).toBe(
          false,
        );
        await page.screenshot({ path: join(ARTIFACTS, "lab-checkpoint-from-file-browser.png") });

        // Part A from the top through its first chart; JupyterLab draws the vega-lite beside our SVG.
        await openInApp(page, PART_A).catch(failWithLog);
        const chartCell = await codeCellIndex(page, DRAWS_A_CHART);
        expect(chartCell, `a code cell calling ${DRAWS_A_CHART}`).toBeGreaterThan(0);
        const ran = await runCells(page, 0, chartCell, RUN_TIMEOUT_MS);
        expect(ran.errors, server!.log().slice(-2000)).toEqual([]);
        expect(ran.numbered).toBe(ran.codeCells);
        for (const width of [1400, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          const chart = await drawnChart(page, chartCell);
          expect({ width, renderer: chart.renderer, fits: chart.fits }).toEqual({
            width,
            renderer: "vega-embed",
            fits: true,
          });
          expect(chart.width).toBeGreaterThan(300);
          expect(chart.height).toBeGreaterThan(200);
          await chart.output.screenshot({ path: join(ARTIFACTS, `lab-part-a-first-chart-${width}px.png`) });
        }
        await page.setViewportSize({ width: 1400, height: 900 });

        // The build notebook: its imports, the first piece (still a TODO) and that piece's check.
        await openInApp(page, BUILD).catch(failWithLog);
        const checkCell = await codeCellIndex(page, FIRST_CHECK);
        expect(checkCell).toBeGreaterThan(0);
        const checked = await runCells(page, 0, checkCell, RUN_TIMEOUT_MS);
        expect(checked.errors).toEqual([]);
        expect(checked.text).toMatch(VERDICT);
        await page.screenshot({ path: join(ARTIFACTS, "lab-build-check-cell.png") });
        labRanTheCells = true;
      },
      TEST_TIMEOUT_MS,
    );

    it(
      "Notebook 7 at 1280 px: its file browser opens the checkpoint, the start page has the repo's kernel, and the chart and check cells run again in the kernels JupyterLab started",
      async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${server!.url}/tree?token=${server!.token}`);
        const listing = page.locator(".jp-DirListing-content");
        await listed(listing, "notebooks").dblclick();
        // Notebook 7 opens a notebook in a new browser tab.
        const [opened] = await Promise.all([
          context!.waitForEvent("page"),
          listed(listing, "ch14-checkpoint.ipynb").dblclick(),
        ]);
        await waitForNotebook(opened, CHECKPOINT_LINK).catch(failWithLog);
        await expect.poll(() => firstHeading(opened)).toContain("checkpoint");
        await opened.screenshot({ path: join(ARTIFACTS, "notebook7-checkpoint-from-file-browser.png") });
        await opened.close();

        await page.goto(`${server!.url}/notebooks/${START_PAGE}?token=${server!.token}`);
        expect((await waitForNotebook(page, START_PAGE).catch(failWithLog)).kernel).toBe(KERNEL);

        expect(
          labRanTheCells,
          "the cells before the chart and the check ran in JupyterLab's kernels (the test above)",
        ).toBe(true);
        await page.goto(`${server!.url}/notebooks/${PART_A}?token=${server!.token}`);
        await waitForNotebook(page, PART_A).catch(failWithLog);
        const chartCell = await codeCellIndex(page, DRAWS_A_CHART);
        const ran = await runCells(page, chartCell, chartCell, RUN_TIMEOUT_MS);
        expect(ran.errors).toEqual([]);
        const chart = await drawnChart(page, chartCell);
        expect(chart.fits).toBe(true);
        expect(chart.width).toBeGreaterThan(300);
        expect(chart.height).toBeGreaterThan(200);
        await chart.output.screenshot({ path: join(ARTIFACTS, "notebook7-part-a-first-chart-1280px.png") });

        await page.goto(`${server!.url}/notebooks/${BUILD}?token=${server!.token}`);
        await waitForNotebook(page, BUILD).catch(failWithLog);
        const checkCell = await codeCellIndex(page, FIRST_CHECK);
        const checked = await runCells(page, checkCell, checkCell, RUN_TIMEOUT_MS);
        expect(checked.errors).toEqual([]);
        expect(checked.text).toMatch(VERDICT);
      },
      TEST_TIMEOUT_MS,
    );
  },
);
