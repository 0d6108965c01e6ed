// What a reader sees: the failure gallery and Part A, executed and signed (so classic Notebook shows
// their SVGs; an untrusted copy hides them and a check would pass with nothing measured), opened in
// headless Chromium at the browser test's viewport and at a 1400 px window. Each named diagram and
// chart must be on the page; then no SVG is wider than its cell, diagram text is at least 11 px
// after scaling, no output is collapsed into a scroll box, and no cell shows an error. Screenshots
// go to test-artifacts/browser/ and their paths are printed. The class view's page (no Jupyter: a
// file beside the gradebook) is loaded once at the browser test's viewport.
import { copyFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeClassPage } from "../../lib/src/class-view/class-page.js";
import { executedNotebook } from "../support/executed-notebooks.js";
import { galleryScreenProblems } from "./gallery-screens.js";
import {
  browserTestPrerequisites,
  CHROMIUM,
  processesMentioning,
  startJupyterServer,
  type JupyterServer,
} from "./jupyter-server.js";

const REPO = resolve(__dirname, "../..");
const ARTIFACTS = join(REPO, "test-artifacts", "browser");
/** The browser test's own viewport, and the classroom's window. */
const WIDTHS = [1280, 1400];
const MIN_TEXT_PX = 11;

const NOTEBOOKS = [
  {
    path: "notebooks/failure-gallery.ipynb",
    named: [
      "normal: handshake, list, one call and close",
      "wrong-id: the reply labeled 4 arrives",
      "hang: no bytes",
      "trickle: a byte every 200 ms",
      "grandchild: close() ends the input",
    ],
    // The cell an instructor shows for hang and trickle, screenshot on its own.
    focus: "trickle: a byte every 200 ms",
  },
  {
    path: "notebooks/ch14-part-a.ipynb",
    named: [
      "Prompt tokens for one request",
      "Right tool chosen, unrelated distractors",
      "Answers with no tool call",
      "all 64 tools or a search's top five",
    ],
    focus: "Right tool chosen, unrelated distractors",
  },
];

const { python, missing } = browserTestPrerequisites(REPO);

/** What the page holds, measured in the page (the test's tsconfig has no DOM types, hence the casts). */
interface Measured {
  trusted: boolean;
  svgTitles: string[];
  tooWide: string[];
  smallText: string[];
  scrolled: number;
  wouldScroll: number;
  errors: string[];
}

function measure(page: Page, minTextPx: number): Promise<Measured> {
  return page.evaluate((minText) => {
    type El = {
      getBoundingClientRect(): { width: number; height: number };
      getAttribute(name: string): string | null;
      closest(selector: string): El | null;
      querySelectorAll(selector: string): El[];
      textContent: string | null;
      classList: { contains(name: string): boolean };
    };
    const g = globalThis as unknown as {
      document: { querySelectorAll(selector: string): El[] };
      Jupyter: {
        notebook: {
          trusted: boolean;
          get_cells(): { output_area?: { _should_scroll(): boolean } }[];
        };
      };
    };
    const svgs = [...g.document.querySelectorAll(".output_area svg.marks")];
    const titleOf = (svg: El) =>
      Array.from(svg.querySelectorAll(".role-title-text text"))
        .map((t) => t.textContent ?? "")
        .join(" / ") || (svg.textContent ?? "").slice(0, 60);
    const tooWide: string[] = [];
    const smallText: string[] = [];
    for (const svg of svgs) {
      const shown = svg.getBoundingClientRect().width;
      const cell = svg.closest(".output_subarea") ?? svg.closest(".output_area");
      const room = cell?.getBoundingClientRect().width ?? Infinity;
      if (shown > room + 0.5) tooWide.push(`${titleOf(svg)}: ${shown.toFixed(0)} px in a ${room.toFixed(0)} px cell`);
      // Drawn size: the font size the SVG asks for, times how much the page scaled the SVG.
      // A diagram fills its cell (width="100%"): its drawn units are its viewBox's.
      const box = Number((svg.getAttribute("viewBox") ?? "").split(/\s+/)[2]);
      const scale = shown / (Number.isFinite(box) && box > 0 ? box : Number(svg.getAttribute("width") ?? shown));
      for (const text of Array.from(svg.querySelectorAll("text"))) {
        const size = Number.parseFloat(text.getAttribute("font-size") ?? "") * scale;
        if (size < minText)
          smallText.push(`${titleOf(svg)}: "${(text.textContent ?? "").slice(0, 30)}" at ${size.toFixed(1)} px`);
      }
    }
    const areas = g.Jupyter.notebook.get_cells().flatMap((cell) => (cell.output_area ? [cell.output_area] : []));
    return {
      trusted: g.Jupyter.notebook.trusted,
      svgTitles: svgs.map(titleOf),
      tooWide,
      smallText,
      scrolled: g.document.querySelectorAll(".output_scroll").length,
      wouldScroll: areas.filter((area) => area._should_scroll()).length,
      errors: Array.from(g.document.querySelectorAll(".output_error, .output_stderr")).map((el) =>
        (el.textContent ?? "").slice(0, 200),
      ),
    };
  }, minTextPx);
}

describe.skipIf(missing !== undefined)(
  `executed notebooks in classic Notebook, headless Chromium${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let server: JupyterServer | undefined;
    let context: BrowserContext | undefined;
    let userDataDir = "";
    let notebookDir = "";
    let page: Page;

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      notebookDir = await mkdtemp(join(tmpdir(), "workbook-executed-"));
      // Both at once: each copy is made once per run, and the gallery's kernel mostly waits on its
      // broken servers' deadlines, which leaves room for Part A's.
      const copies = await Promise.all(NOTEBOOKS.map(({ path }) => executedNotebook(path)));
      NOTEBOOKS.forEach(({ path }, index) => copyFileSync(copies[index]!, join(notebookDir, basename(path))));
      server = await startJupyterServer({ python: python!, repo: REPO, notebookDir });
      // Signed again with this server's own secret: its trust database is fresh.
      server.trust(NOTEBOOKS.map(({ path }) => join(notebookDir, basename(path))));
      userDataDir = await mkdtemp(join(tmpdir(), "workbook-chromium-"));
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM,
        headless: true,
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
        viewport: { width: WIDTHS[0]!, height: 900 },
      });
      page = context.pages()[0] ?? (await context.newPage());
    }, 600_000);

    afterAll(async () => {
      await context?.close().catch(() => undefined);
      const forced = (await server?.stop()) ?? [];
      if (userDataDir !== "") {
        expect(processesMentioning(userDataDir), "chromium processes left behind").toEqual([]);
        await rm(userDataDir, { recursive: true, force: true });
      }
      if (notebookDir !== "") await rm(notebookDir, { recursive: true, force: true });
      expect(forced, "kernel processes that outlived the server's shutdown").toEqual([]);
    }, 60_000);

    for (const notebook of NOTEBOOKS) {
      it(`${notebook.path}: every named drawing present, fitting its cell, text >= ${MIN_TEXT_PX} px, nothing collapsed, no error`, async () => {
        const name = basename(notebook.path, ".ipynb");
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${server!.url}/notebooks/${basename(notebook.path)}?token=${server!.token}`);
          await page.waitForFunction(
            () =>
              (globalThis as unknown as { Jupyter?: { notebook?: { _fully_loaded?: boolean } } }).Jupyter?.notebook
                ?._fully_loaded === true,
            undefined,
            { timeout: 60_000 },
          );
          const seen = await measure(page, MIN_TEXT_PX);
          expect(seen.trusted, "a signed copy opens trusted (an untrusted one hides its SVGs)").toBe(true);
          for (const title of notebook.named) {
            expect(
              seen.svgTitles.some((shown) => shown.includes(title)),
              `"${title}" at ${width} px`,
            ).toBe(true);
          }
          expect({ width, tooWide: seen.tooWide }).toEqual({ width, tooWide: [] });
          expect({ width, smallText: seen.smallText }).toEqual({ width, smallText: [] });
          expect({ width, scrolled: seen.scrolled, wouldScroll: seen.wouldScroll }).toEqual({
            width,
            scrolled: 0,
            wouldScroll: 0,
          });
          expect(seen.errors).toEqual([]);

          const pagePath = join(ARTIFACTS, `${name}-${width}px.png`);
          await page.screenshot({ path: pagePath });
          const focus = page
            .locator(".output_area", { has: page.locator("svg.marks", { hasText: notebook.focus }) })
            .first();
          await focus.scrollIntoViewIfNeeded();
          const focusPath = join(ARTIFACTS, `${name}-${width}px-focus.png`);
          await focus.screenshot({ path: focusPath });
          console.log(`screenshots: ${pagePath}\n             ${focusPath}`);
        }
      }, 180_000);
    }

    // The instructor's screen: one mode per 1280x800 window, readable from the back of a room.
    it("notebooks/failure-gallery.ipynb on a 1280x800 projector: each mode's question, table and diagram on one screen; diagram text >= 14 px, >= 4.5:1, whole", async () => {
      const url = `${server!.url}/notebooks/failure-gallery.ipynb?token=${server!.token}`;
      expect(await galleryScreenProblems(page, url)).toEqual([]);
    }, 300_000);

    it("the class view's page (class.html beside grades.csv): three charts, no sideways scroll at 1280 px, text >= 11 px", async () => {
      const out = await mkdtemp(join(tmpdir(), "workbook-class-view-"));
      try {
        copyFileSync(join(REPO, "notebooks", "examples", "made-up-grades.csv"), join(out, "grades.csv"));
        const html = await writeClassPage(join(out, "grades.csv"), { source: "made-up example" });
        await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
        await page.goto(pathToFileURL(html).href);
        const seen = await page.evaluate((minText) => {
          type El = {
            getBoundingClientRect(): { width: number; right: number };
            getAttribute(name: string): string | null;
            querySelectorAll(selector: string): El[];
            textContent: string | null;
          };
          const g = globalThis as unknown as {
            document: { querySelectorAll(selector: string): El[]; documentElement: { scrollWidth: number } };
            innerWidth: number;
          };
          const svgs = [...g.document.querySelectorAll("figure svg")];
          const small = svgs.flatMap((svg) => {
            const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute("width"));
            return [...svg.querySelectorAll("text")]
              .filter((text) => Number.parseFloat(text.getAttribute("font-size") ?? "") * scale < minText)
              .map((text) => text.textContent ?? "");
          });
          return {
            titles: svgs.map((svg) => (svg.querySelectorAll(".role-title-text text")[0]?.textContent ?? "").trim()),
            overflow: g.document.documentElement.scrollWidth - g.innerWidth,
            beyondRight: svgs.filter((svg) => svg.getBoundingClientRect().right > g.innerWidth).length,
            small,
          };
        }, MIN_TEXT_PX);
        expect(seen.titles).toEqual([
          "Scores across the class",
          "The rule learners fail first",
          "Share of the class passing each rule",
        ]);
        expect({ overflow: Math.max(0, seen.overflow), beyondRight: seen.beyondRight, small: seen.small }).toEqual({
          overflow: 0,
          beyondRight: 0,
          small: [],
        });
        const shot = join(ARTIFACTS, "class-view-1280px.png");
        await page.screenshot({ path: shot, fullPage: true });
        console.log(`screenshot: ${shot}`);
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
