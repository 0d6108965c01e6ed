// The Part A notebook in Jupyter's classic Notebook, in headless Debian Chromium driven by
// playwright-core. The page opens the run's executed, signed copy (test/support/executed-notebooks.ts:
// the notebook test's own run, not a second one), so the saved charts show as a learner's trusted
// notebook shows them; the browser then runs the first cell itself through the tslab kernel and the
// kernel goes idle. Screenshots are kept in test-artifacts/browser/ (gitignored).
// Skipped, with the reason, when chromium or Jupyter is missing; under CI=true that is a failure.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executedNotebook, executedNotebooksDataDir } from "../support/executed-notebooks.js";
import { processesMentioning, startJupyterServer, type JupyterServer } from "./jupyter-server.js";

const REPO = resolve(__dirname, "../..");
const NOTEBOOK = "notebooks/ch14-part-a.ipynb";
const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = join(REPO, "test-artifacts", "browser");
const RUN_TIMEOUT_MS = 240_000;

/** The Python with Jupyter's classic Notebook, or the reason there is none. */
function notebookPython(): { python?: string; reason?: string } {
  const found = spawnSync("bash", [join(REPO, "scripts", "jupyter-python.sh")], { encoding: "utf8" });
  return found.status === 0
    ? { python: found.stdout.trim() }
    : { reason: `no Python with Jupyter's classic Notebook: ${found.stderr.trim()}` };
}

const jupyter = notebookPython();
const missing = !existsSync(CHROMIUM)
  ? `${CHROMIUM} is missing (npm run setup installs Debian's chromium)`
  : !existsSync(join(REPO, "lib", "dist", "index.js"))
    ? "lib/dist is not built (npm run build)"
    : jupyter.reason;
if (missing !== undefined && process.env["CI"] === "true") {
  throw new Error(`the browser test must run in CI, but ${missing}`);
}

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
      trusted?: boolean;
      get_cells(): Array<{
        cell_type: string;
        input_prompt_number?: unknown;
        output_area?: { outputs: Array<{ output_type: string; name?: string; text?: string }> };
      }>;
      set_autosave_interval(ms: number): void;
      execute_cells(indices: number[]): void;
    };
  };
  document: { querySelector(selector: string): { classList: { contains(name: string): boolean } } | null };
}

function runState(page: Page): Promise<RunState> {
  return page.evaluate(() => {
    const { Jupyter, document } = globalThis as unknown as ClassicNotebookPage;
    const code = Jupyter!.notebook!.get_cells().filter((cell) => cell.cell_type === "code");
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
  });
}

describe.skipIf(missing !== undefined)(
  `classic Notebook in headless Chromium${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let server: JupyterServer | undefined;
    let context: BrowserContext | undefined;
    let userDataDir = "";
    let page: Page;
    let executed = "";
    let executedNotebooksRoot = "";
    let executedHash = "";

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      executed = await executedNotebook(NOTEBOOK);
      executedNotebooksRoot = executed.slice(0, -NOTEBOOK.length - 1); // the copy sits at its own path there
      executedHash = sha256(executed);
      server = await startJupyterServer({
        python: jupyter.python!,
        repo: REPO,
        notebookDir: executedNotebooksRoot,
        dataDir: executedNotebooksDataDir(), // its key signed the copy: the page trusts it
      });
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
    }, RUN_TIMEOUT_MS + 90_000);

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
      "shows the executed notebook trusted, runs a cell through the kernel, and draws the charts on the page",
      async () => {
        await page.goto(`${server!.url}/notebooks/${NOTEBOOK}?token=${server!.token}`);
        await page.waitForFunction(
          () => (globalThis as unknown as ClassicNotebookPage).Jupyter?.notebook?.kernel?.is_connected() === true,
          undefined,
          { timeout: 60_000 },
        );
        // Outputs must never be saved back: no autosave during the run.
        await page.evaluate(() =>
          (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.set_autosave_interval(0),
        );
        const kernelName = await page.evaluate(
          () => (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.kernel!.name,
        );
        expect(kernelName).toBe("tslab");
        expect(
          await page.evaluate(() => (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.trusted),
        ).toBe(true);

        // The browser drives the kernel: the first code cell runs again, from the page.
        const firstCode = await page.evaluate(() =>
          (globalThis as unknown as ClassicNotebookPage)
            .Jupyter!.notebook!.get_cells()
            .findIndex((cell) => cell.cell_type === "code"),
        );
        const promptBefore = await page.evaluate(
          (index) =>
            (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.get_cells()[index]!.input_prompt_number,
          firstCode,
        );
        const started = Date.now();
        await page.evaluate(
          (index) => (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.execute_cells([index]),
          firstCode,
        );
        let state = await runState(page);
        let promptAfter: unknown = promptBefore;
        while (Date.now() - started < RUN_TIMEOUT_MS) {
          state = await runState(page);
          promptAfter = await page.evaluate(
            (index) =>
              (globalThis as unknown as ClassicNotebookPage).Jupyter!.notebook!.get_cells()[index]!.input_prompt_number,
            firstCode,
          );
          if (
            state.errors.length > 0 ||
            (typeof promptAfter === "number" && promptAfter !== promptBefore && state.kernelIdle)
          )
            break;
          await page.waitForTimeout(250);
        }
        console.log(`classic Notebook: the first cell ran again in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        await page.screenshot({ path: join(ARTIFACTS, "part-a-last-viewport.png") });
        expect(state.errors, server!.log().slice(-2000)).toEqual([]);
        expect(state.numbered).toBe(state.codeCells);
        expect(promptAfter).not.toBe(promptBefore);
        expect(state.kernelIdle).toBe(true);

        // The charts: SVG drawn in Node by vega, shown inside the cells' output areas.
        const charts = page.locator(".output_area svg.marks");
        expect(await charts.count()).toBe(7);
        const tokensChart = page
          .locator(".output_area", { has: page.locator("svg.marks", { hasText: "Prompt tokens for one request" }) })
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

        expect(sha256(executed), "the executed copy was saved over by the page").toBe(executedHash);
      },
      RUN_TIMEOUT_MS + 60_000,
    );
  },
);
