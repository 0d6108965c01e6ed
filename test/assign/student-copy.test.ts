// The student copy (lib/src/assign/student-copy.ts), written from this checkout's tracked files
// into a temporary folder by the command a class runs: no solutions, no masters, no reference
// files, no reveal cells; everything else byte for byte, and the build notebook still graded.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { buildCells } from "../../lib/src/assembly/notebook-pieces.js";
import {
  leftOut,
  STUDENT_COPY_LEAVES_OUT,
  studentNotebook,
  withoutLinksToLeftOut,
} from "../../lib/src/assign/student-copy.js";

const CLI = join(REPO_ROOT, "lib", "dist", "assign", "student-copy-cli.js");
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" })
  .split("\0")
  .filter((file) => file !== "" && existsSync(join(REPO_ROOT, file)));
let out: string;
let printed: string;
beforeAll(() => {
  out = join(mkdtempSync(join(tmpdir(), "workbook-student-")), "class");
  const run = spawnSync(process.execPath, [CLI, out], { cwd: REPO_ROOT, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  printed = run.stdout;
});
afterAll(() => rmSync(join(out, ".."), { recursive: true, force: true }));

const notebookAt = (root: string, file: string) =>
  JSON.parse(readFileSync(join(root, file), "utf8")) as {
    cells: Array<{ cell_type: string; source: string[]; metadata: { tags?: string[] } }>;
  };

describe("npm run student-copy -- DIR", () => {
  it("leaves out the solutions, the masters and the reference files, and copies the rest byte for byte", () => {
    expect(printed).toMatch(/^student-copy: \d+ files written/u);
    for (const file of tracked) {
      if (leftOut(file) !== undefined) expect(existsSync(join(out, file)), file).toBe(false);
      else if (file.endsWith(".md"))
        expect(readFileSync(join(out, file), "utf8"), file).toBe(
          withoutLinksToLeftOut(readFileSync(join(REPO_ROOT, file), "utf8"), file).text,
        );
      else if (!file.endsWith(".ipynb"))
        expect(readFileSync(join(out, file)).equals(readFileSync(join(REPO_ROOT, file))), file).toBe(true);
    }
    for (const entry of STUDENT_COPY_LEAVES_OUT) expect(printed).toContain(`left out: ${entry.path}`);
    // The checkpoint workflow sits where GitHub looks for it, in the copy only.
    expect(readFileSync(join(out, ".github", "workflows", "checkpoint.yml"), "utf8")).toBe(
      readFileSync(join(REPO_ROOT, "scripts", "classroom", "checkpoint.yml"), "utf8"),
    );
    expect(existsSync(join(out, "notebooks", "solutions"))).toBe(false);
    expect(existsSync(join(out, "notebooks", "masters"))).toBe(false);
    expect(existsSync(join(out, "notebooks", "start-here.ipynb"))).toBe(true);
  });

  it("takes every reveal cell out of the notebooks, and keeps every build piece the checkpoint grades", () => {
    for (const file of tracked.filter((each) => each.endsWith(".ipynb") && leftOut(each) === undefined)) {
      const copy = notebookAt(out, file);
      expect(JSON.stringify(copy), file).not.toContain("<details>");
      const code = copy.cells.filter((cell) => cell.cell_type === "code").map((cell) => cell.source.join(""));
      expect(
        code.filter((source) => source.includes("revealAfterTrying(")),
        file,
      ).toEqual([]);
      expect(copy.cells.filter((cell) => cell.metadata.tags?.includes("build-reveal"))).toEqual([]);
    }
    const build = "notebooks/ch14-part-b-build.ipynb";
    const sources = (root: string) => buildCells(notebookAt(root, build)).map((cell) => cell.source);
    expect(sources(out)).toEqual(sources(REPO_ROOT));
  });

  it("holds no link that leads nowhere: a page's links to what was left out are its text alone", () => {
    const pages = tracked.filter((file) => file.endsWith(".md") && leftOut(file) === undefined);
    expect(pages).toContain("README.md");
    for (const page of pages)
      for (const [, target] of readFileSync(join(out, page), "utf8").matchAll(/\]\(([^)\s#]+)[^)]*\)/gu))
        if (!/^[a-z][a-z+.-]*:/iu.test(target!))
          expect(existsSync(join(out, page, "..", target!)), `${page} links ${target}`).toBe(true);
    expect(readFileSync(join(out, "README.md"), "utf8")).not.toContain("](docs/instructor-plan.md)");
  });

  it("refuses a folder that is not empty, or none at all", () => {
    expect(spawnSync(process.execPath, [CLI, out], { encoding: "utf8" }).status).toBe(2);
    expect(spawnSync(process.execPath, [CLI], { encoding: "utf8" }).status).toBe(2);
  });
});

describe("studentNotebook", () => {
  it("removes a <details> answer wherever it sits in a markdown cell, and nothing else", () => {
    const notebook = {
      cells: [
        {
          cell_type: "markdown",
          metadata: {},
          source: ["1. Why?\n", "   <details><summary>Show</summary>Because.</details>\n", "2. How?\n"],
        },
        { cell_type: "code", metadata: {}, source: ["console.log(1);"] },
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    };
    const { notebook: copy, removed } = studentNotebook(notebook as never);
    expect(removed).toBe(1);
    expect((copy.cells[0] as { source: string[] }).source.join("")).toBe("1. Why?\n2. How?\n");
    expect(copy.cells[1]).toEqual(notebook.cells[1]);
  });
});

describe("withoutLinksToLeftOut", () => {
  it("unlinks a file or folder left out, from any page's folder, and keeps every other link", () => {
    const page = [
      "[the plan](instructor-plan.md#the-hour) and [tests](../test/) and [a fixture](../test/x.ts)",
      "[setup](setup.md) [web](https://example.com/test/) [top](#top) [lib](../lib/src/index.ts)",
    ].join("\n");
    expect(withoutLinksToLeftOut(page, "docs/graders.md")).toEqual({
      text: [
        "the plan and tests and a fixture",
        "[setup](setup.md) [web](https://example.com/test/) [top](#top) [lib](../lib/src/index.ts)",
      ].join("\n"),
      unlinked: 3,
    });
  });
});
