// The failure gallery on a projector, checked in the page executed-notebooks.slow.test.ts opens
// (its executed copy, in classic Notebook, headless Chromium) at 1280x800. For every mode with a screen: scrolled so its
// question is at the top, the question, the clients' table and the diagram are all within the
// window; and in every screen's diagram, as drawn on the page: text at least 14 px, every text
// colour at least 4.5:1 on white (computed by WCAG's formula), no text cut with an ellipsis, the
// diagram as wide as its place (it grows with the window), and ✓ or ✗ beside every coloured mark.
// Screenshots of a few screens go to test-artifacts/browser/screens/. Returns the problems found.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { contrastRatio } from "../../lib/src/charts/contrast.js";

const ARTIFACTS = join(resolve(__dirname, "../.."), "test-artifacts", "browser", "screens");

/** One screen as the page lays it out (the test's tsconfig has no DOM types, hence the casts). */
interface Screen {
  mode: string;
  questionTop: number;
  tableBottom: number;
  diagramBottom: number;
  headerBottom: number;
  viewport: number;
  diagramWidth: number;
  placeWidth: number;
  texts: Array<{ text: string; px: number; fill: string }>;
  marks: Array<{ text: string; color: string }>;
}

/** Scrolls `mode`'s question to the top of the notebook's scroll area, then measures its screen. */
function measureScreen(page: Page, mode: string): Promise<Screen> {
  return page.evaluate((wanted) => {
    type Rect = { top: number; bottom: number; width: number };
    type El = {
      getBoundingClientRect(): Rect;
      getAttribute(name: string): string | null;
      querySelector(selector: string): El | null;
      querySelectorAll(selector: string): El[];
      closest(selector: string): El | null;
      textContent: string | null;
      scrollIntoView(options?: unknown): void;
    };
    const g = globalThis as unknown as {
      document: { querySelector(s: string): El | null; querySelectorAll(s: string): El[] };
      innerHeight: number;
      getComputedStyle(el: El): { color: string; fill: string };
    };
    const screen = g.document.querySelector(`.gallery-screen[data-mode="${wanted}"]`)!;
    const cell = screen.closest(".cell")!;
    // The question: the last "Ask:" paragraph in the markdown cells before this screen's cell.
    const cells = Array.from(g.document.querySelectorAll(".cell"));
    const at = cells.indexOf(cell);
    let question: El | null = null;
    for (let i = at - 1; i >= 0 && question === null; i -= 1) {
      const asks = Array.from(cells[i]!.querySelectorAll(".text_cell_render p")).filter((p) =>
        (p.textContent ?? "").startsWith("Ask:"),
      );
      question = asks.at(-1) ?? null;
    }
    question!.scrollIntoView({ block: "start" });
    const header = g.document.querySelector("#header")!.getBoundingClientRect();
    const svg = screen.querySelector("svg")!;
    const place = screen.querySelector(".gallery-diagram")!.getBoundingClientRect();
    const shown = svg.getBoundingClientRect().width;
    const box = Number((svg.getAttribute("viewBox") ?? "0 0 0 0").split(" ")[2]);
    const texts = Array.from(svg.querySelectorAll("text")).map((t) => ({
      text: t.textContent ?? "",
      px: (Number.parseFloat(t.getAttribute("font-size") ?? "0") * shown) / box,
      fill: t.getAttribute("fill") ?? "black",
    }));
    const marks = Array.from(screen.querySelectorAll(".gallery-clients td")).flatMap((td) =>
      /^[✓✗]/.test(td.textContent ?? "") ? [{ text: td.textContent ?? "", color: g.getComputedStyle(td).color }] : [],
    );
    return {
      mode: wanted,
      questionTop: question!.getBoundingClientRect().top,
      tableBottom: screen.querySelector("table")!.getBoundingClientRect().bottom,
      diagramBottom: svg.getBoundingClientRect().bottom,
      headerBottom: header.bottom,
      viewport: g.innerHeight,
      diagramWidth: shown,
      placeWidth: place.width,
      texts,
      marks,
    };
  }, mode);
}

/** "rgb(27, 110, 32)" as "#1b6e20". */
const hex = (rgb: string): string =>
  `#${(rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, "0"))
    .join("")}`;

/**
 * Opens `url` (the executed gallery) at 1280x800 and checks every screen; then at 1600 px that the
 * diagrams fill their place as the window grows.
 */
export async function galleryScreenProblems(page: Page, url: string): Promise<string[]> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // A page of some twenty screens, each with its inline SVG: slow to load on a busy machine.
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 });
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { Jupyter?: { notebook?: { _fully_loaded?: boolean } } }).Jupyter?.notebook
        ?._fully_loaded === true,
    undefined,
    { timeout: 120_000 },
  );
  const modes = await page.$$eval(".gallery-screen", (els) =>
    els.map((el) => (el as unknown as { getAttribute(n: string): string }).getAttribute("data-mode")),
  );
  const problems: string[] = modes.length >= 20 ? [] : [`${modes.length} screens on the page, expected one per mode`];
  for (const mode of modes) {
    const seen = await measureScreen(page, mode);
    if (["wrong-id", "trickle", "grandchild", "hostile"].includes(mode))
      await page.screenshot({ path: join(ARTIFACTS, `${mode}.png`) });
    if (seen.questionTop < seen.headerBottom - 1) problems.push(`${mode}: question under the toolbar`);
    const bottom = Math.max(seen.tableBottom, seen.diagramBottom);
    if (bottom > seen.viewport + 1)
      problems.push(`${mode}: table and diagram end at ${bottom.toFixed(0)} px, below the ${seen.viewport} px window`);
    if (Math.abs(seen.diagramWidth - seen.placeWidth) > 1)
      problems.push(
        `${mode}: diagram ${seen.diagramWidth.toFixed(0)} px wide in a ${seen.placeWidth.toFixed(0)} px place`,
      );
    for (const text of seen.texts) {
      if (text.px < 14) problems.push(`${mode}: "${text.text}" at ${text.px.toFixed(1)} px`);
      if (contrastRatio(text.fill, "#ffffff") < 4.5) problems.push(`${mode}: "${text.text}" in ${text.fill}`);
      if (text.text.includes("…")) problems.push(`${mode}: "${text.text}" is cut`);
    }
    for (const mark of seen.marks) {
      if (contrastRatio(hex(mark.color), "#ffffff") < 4.5)
        problems.push(`${mode}: mark "${mark.text}" in ${mark.color}`);
    }
    if (seen.marks.length < 4) problems.push(`${mode}: ${seen.marks.length} marks, expected one per client`);
  }
  console.log(`screens measured: ${modes.length}; screenshots in ${ARTIFACTS}`);

  // The diagrams grow with the window: wider at 1600 px than at 1280 px, still filling their place.
  const at = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    return measureScreen(page, "wrong-id");
  };
  const narrow = await at(1280);
  const wide = await at(1600);
  if (wide.diagramWidth < narrow.diagramWidth)
    problems.push(`the diagram shrank as the window grew: ${narrow.diagramWidth} px, then ${wide.diagramWidth} px`);
  if (Math.abs(wide.diagramWidth - wide.placeWidth) > 1)
    problems.push(`at 1600 px the diagram does not fill its place`);
  return problems;
}
