// Complete tier only: opens the class view's page in headless Chromium, a browser process of its own.
// The page an instructor reads (class.html beside grades.csv), in headless Debian Chromium at the
// projector's 1280x800: a small class (three graded, one not), where the count axes once repeated
// their labels (0, 1, 1, 2, 2). The learners' table lists each learner with score, status, the
// first rule missed and a link to their feedback, sorts by the column clicked (again: the other
// way), and the charts' count axes are whole numbers, each once. The gradebook is made up (the
// point is the page), with a rule that applied to nobody, which no chart may show. A screenshot
// goes to test-artifacts/browser/class-page-1280x800.png. Skipped, with the reason, without
// Chromium; under CI=true that is a failure.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeClassPage } from "../../lib/src/class-view/class-page.js";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { gradebookCsv, type GradebookRow } from "../../lib/src/grading/gradebook/gradebook-file.js";
import { CHROMIUM } from "../browser/jupyter-server.js";

const REPO = resolve(__dirname, "../..");
const ARTIFACTS = join(REPO, "test-artifacts", "browser");
const missing = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (npm run setup installs Debian's chromium)`;
if (missing !== undefined && process.env["CI"] === "true") throw new Error(missing);

const rules = RULES.map(({ id, points }) => ({ id, points }));
/** Full marks on every rule but costs-recompute, which applied to nobody; `missed` rules earn 0. */
function graded(learner: string, missed: readonly string[]): GradebookRow {
  const points = Object.fromEntries(
    rules
      .filter((rule) => rule.id !== "costs-recompute")
      .map((rule) => [rule.id, missed.includes(rule.id) ? 0 : rule.points]),
  );
  const values = Object.values(points);
  const max = rules.filter((rule) => rule.id !== "costs-recompute").reduce((sum, rule) => sum + rule.points, 0);
  return {
    learner,
    score: values.reduce((sum, each) => sum + each, 0),
    max,
    status: "graded",
    points,
    hash: "h",
    grader: "made up",
    seconds: 1,
  };
}
const ROWS: GradebookRow[] = [
  graded("alice", []),
  graded("=1+2", ["ids-fresh"]),
  graded("bob", ["ids-fresh", "close-group"]),
  {
    learner: "carol",
    score: undefined,
    max: undefined,
    status: "not graded: the notebook file is empty: save the notebook in Jupyter and hand it in again",
    points: {},
    hash: "",
    grader: "made up",
    seconds: undefined,
  },
];

describe.skipIf(missing !== undefined)(
  `the class view's page in headless Chromium${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let browser: Browser;
    let page: Page;
    const out = mkdtempSync(join(tmpdir(), "class-page-"));

    beforeAll(async () => {
      writeFileSync(join(out, "grades.csv"), gradebookCsv(rules, ROWS));
      const html = await writeClassPage(join(out, "grades.csv"), { source: "made-up example" });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu"],
      });
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(pathToFileURL(html).href);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      rmSync(out, { recursive: true, force: true });
    });

    const column = (index: number): Promise<string[]> =>
      page.$$eval(`#learners tbody tr td:nth-child(${index})`, (cells) => cells.map((cell) => cell.textContent ?? ""));

    it("lists every learner with score, status, first rule missed and a link to their feedback", async () => {
      expect(await column(1)).toEqual(["=1+2", "alice", "bob", "carol"]);
      expect(await column(2)).toEqual([
        `${ROWS[1]!.score} of ${ROWS[1]!.max}`,
        `${ROWS[0]!.max} of ${ROWS[0]!.max}`,
        `${ROWS[2]!.score} of ${ROWS[2]!.max}`,
        "",
      ]);
      expect(await column(4)).toEqual(["ids-fresh", "none", "ids-fresh", ""]);
      const links = await page.$$eval("#learners tbody a", (anchors) => anchors.map((a) => a.getAttribute("href")));
      expect(links).toEqual([
        "learners/%3D1%2B2/feedback.txt",
        "learners/alice/feedback.txt",
        "learners/bob/feedback.txt",
      ]);
      const shot = join(ARTIFACTS, "class-page-1280x800.png");
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: shot });
      console.log(`screenshot: ${shot}`);
    });

    it("sorts by the column clicked, and the other way when clicked again", async () => {
      await page.click("#learners th:nth-child(2) button");
      expect(await column(1)).toEqual(["carol", "bob", "=1+2", "alice"]);
      await page.click("#learners th:nth-child(2) button");
      expect(await column(1)).toEqual(["alice", "=1+2", "bob", "carol"]);
      await page.click("#learners th:nth-child(1) button");
      expect(await column(1)).toEqual(["=1+2", "alice", "bob", "carol"]);
    });

    it("draws count axes in whole numbers, each label once, and no chart names the rule that applied to nobody", async () => {
      const axes = await page.$$eval("figure svg", (svgs) =>
        svgs.map((svg) => ({
          title: svg.querySelector(".role-title-text text")?.textContent ?? "",
          axes: [...svg.querySelectorAll(".role-axis")].map((axis) => ({
            title: axis.querySelector(".role-axis-title text")?.textContent ?? "",
            labels: [...axis.querySelectorAll(".role-axis-label text")].map((text) => text.textContent ?? ""),
          })),
          text: svg.textContent ?? "",
        })),
      );
      const counts = axes.flatMap((chart) => chart.axes.filter((axis) => /^Learners/u.test(axis.title)));
      expect(counts.length).toBe(2);
      for (const axis of counts) {
        expect(
          axis.labels.every((label) => /^\d+$/u.test(label)),
          axis.labels.join(", "),
        ).toBe(true);
        expect(new Set(axis.labels).size, axis.labels.join(", ")).toBe(axis.labels.length);
      }
      for (const chart of axes) expect(chart.text, chart.title).not.toContain("costs-recompute");
      // Run in the page, where document and window are the browser's (a string: this file is compiled without the DOM's types).
      const overflow = (await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number;
      expect(Math.max(0, overflow)).toBe(0);
    });
  },
);
