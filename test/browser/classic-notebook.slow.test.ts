// The Part A notebook in Jupyter's classic Notebook, in headless Debian Chromium driven by
// playwright-core: run its cells as a learner would, from the top through its first chart, in a
// kernel the page started; wait for the kernel to go idle, and find that chart drawn on the page.
// The whole notebook runs in a kernel in test/notebooks/part-a.slow.test.ts, and every one of its
// charts is measured on the page in executed-notebooks.slow.test.ts; what only this test shows is
// a live kernel behind the page's own Run. Screenshots are kept in test-artifacts/browser/ (gitignored).
// Skipped, with the reason, when chromium or Jupyter is missing; under CI=true that is a failure.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserTestPrerequisites,
  CHROMIUM,
  processesMentioning,
  startJupyterServer,
  type JupyterServer,
} from "./jupyter-server.js";

const REPO = resolve(__dirname, "../..");
const NOTEBOOK_DIR = join(REPO, "notebooks");
const NOTEBOOK = "ch14-part-a.ipynb";
const ARTIFACTS = join(REPO, "test-artifacts", "browser");
const RUN_TIMEOUT_MS = 240_000;
/** The first chart the notebook draws, and the call that draws it: the run ends with its cell. */
const FIRST_CHART = "Prompt tokens for one request";
const DRAWS_A_CHART = "await displayChart(";

const { python, missing } = browserTestPrerequisites(REPO);

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** What the page says about the run: code cells, how many have a number, errors, kernel state. */
interface RunState {
  codeCells: number;
  numbered: number;
  errors: string[];
  kernelIdle: boolean;
}

/** The parts of the classic Notebook page this test touches (the test's tsconfig has no DOM types). */
interface ClassicNotebookPage {
  Jupyter?: {
    notebook?: {
      kernel?: { name: string; is_connected(): boolean };
      get_cells(): Array<{
        cell_type: string;
        get_text(): string;
        input_prompt_number?: unknown;
        output_area?: { outputs: Array<{ output_type: string; name?: string; text?: string }> };
      }>;
      set_autosave_interval(ms: number): void;
      execute_cell_range(start: number, end: number): void;
    };
  };
  document: { querySelector(selector: string): { classList: { contains(name: string): boolean } } | null };
}

/** The state of the code cells before `end`, the ones the test runs. */
function runState(page: Page, end: number): Promise<RunState> {
  return page.evaluate((end) => {
    const { Jupyter, document } = globalThis as unknown as ClassicNotebookPage;
    const code = Jupyter!
      .notebook!.get_cells()
      .slice(0, end)
      .filter((cell) => cell.cell_type === "code");
    const errors = code.flatMap((cell) =>
      (cell.output_area?.outputs ?? [])
        .filter((o) => o.output_type === "error" || o.name === "stderr")
        .map((o) => String(o.text ?? o.output_type)),
    );
    return {
      codeCells: code.length,
      numbered: code.filter((cell) => typeof cell.input_prompt_number === "number").length,
      errors,
      kernelIdle: document.querySelector("#kernel_indicator_icon")?.classList.contains("kernel_idle_icon") ?? false,
    };
  }, end);
}

describe.skipIf(missing !== undefined)(
  `classic Notebook in headless Chromium${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let server: JupyterServer | undefined;
    let context: BrowserContext | undefined;
    let userDataDir = "";
    let page: Page;
    const notebookHash = sha256(join(NOTEBOOK_DIR, NOTEBOOK));

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      server = await startJupyterServer({ python: python!, repo: REPO, notebookDir: NOTEBOOK_DIR });
      userDataDir = await mkdtemp(join(tmpdir(), "workbook-chromium-"));
      // A persistent context is how playwright takes a fresh --user-data-dir; the browser is never downloaded.
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
        viewport: { width: 1280, height: 900 },
      });
      page = context.pages()[0] ?? (await context.newPage());
    }, 90_000);

    afterAll(async () => {
      await context?.close().catch(() => undefined);
      const forced = (await server?.stop()) ?? [];
      if (userDataDir !== "") {
        expect(processesMentioning(userDataDir), "chromium processes left behind").toEqual([]);
        await rm(userDataDir, { recursive: true, force: true });
      }
      expect(forced, "kernel processes that outlived the server's shutdown").toEqual([]);
    }, 60_000);

    it(
      "runs its cells through the first chart in a kernel the page started, and draws that chart",
      async () => {
        await page.goto(`${server!.url}/notebooks/${NOTEBOOK}?token=${server!.token}`);
        await page
          .waitForFunction(
            () => (globalThis as unknown as ClassicNotebookPage).Jupyter?.notebook?.kernel?.is_connected() === true,
            undefined,
            { timeout: 60_000 },
          )
          .catch((error: Error) => {
            throw new Error(`${error.message}\nthe Jupyter server's log (end):\n${server!.log().slice(-3000)}`);
          });
        // Outputs must never be saved into the committed notebook: no autosave during the run.
        await page.evaluate(() =>
          (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.set_autosave_interval(0),
        );
        const kernelName = await page.evaluate(
          () => (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.kernel!.name,
        );
        expect(kernelName).toBe("tslab");

        const end =
          (await page.evaluate(
            (draws) =>
              (globalThis as unknown as ClassicNotebookPage)
                .Jupyter!.notebook!.get_cells()
                .findIndex((cell) => cell.cell_type === "code" && cell.get_text().includes(draws)),
            DRAWS_A_CHART,
          )) + 1;
        expect(end, `a code cell calling ${DRAWS_A_CHART}`).toBeGreaterThan(0);
        const started = Date.now();
        await page.evaluate(
          (end) => (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.execute_cell_range(0, end),
          end,
        );
        let state = await runState(page, end);
        while (Date.now() - started < RUN_TIMEOUT_MS) {
          state = await runState(page, end);
          if (state.errors.length > 0 || (state.numbered === state.codeCells && state.kernelIdle)) break;
          await page.waitForTimeout(500);
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(`classic Notebook: ${state.numbered}/${state.codeCells} cells ran in ${seconds} s`);
        await page.screenshot({ path: join(ARTIFACTS, "part-a-last-viewport.png") });
        expect(state.errors, server!.log().slice(-2000)).toEqual([]);
        expect(state.numbered).toBe(state.codeCells);
        expect(state.kernelIdle).toBe(true);

        // The chart: SVG drawn in Node by vega, shown inside the cell's output area, the only one so far.
        expect(await page.locator(".output_area svg.marks").count()).toBe(1);
        const tokensChart = page
          .locator(".output_area", { has: page.locator("svg.marks", { hasText: FIRST_CHART }) })
          .first();
        await tokensChart.scrollIntoViewIfNeeded();
        await expect.poll(() => tokensChart.isVisible()).toBe(true);
        const axisTitle = tokensChart.locator("svg.marks text", { hasText: "Tools offered" });
        expect(await axisTitle.count()).toBeGreaterThan(0);
        const box = await tokensChart.locator("svg.marks").first().boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(300);
        expect(box?.height ?? 0).toBeGreaterThan(200);
        await tokensChart.screenshot({ path: join(ARTIFACTS, "part-a-prompt-tokens-chart.png") });
        await page.screenshot({ path: join(ARTIFACTS, "part-a-page.png") });

        expect(sha256(join(NOTEBOOK_DIR, NOTEBOOK)), "the committed notebook was modified by the run").toBe(
          notebookHash,
        );
      },
      RUN_TIMEOUT_MS + 60_000,
    );
  },
);
