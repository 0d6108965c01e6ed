// Opening a notebook must not change it: Notebook 7 and JupyterLab write the kernel's language_info
// and kernelspec into a notebook when its kernel starts, and save it if that changed anything. So
// every committed notebook already holds exactly what the workbook's kernel reports (kernel-metadata.ts;
// test/course/walk.slow.test.ts holds those constants to the real kernel's reply and to what the
// server writes), in nbformat's layout, and the notebooks the workbook writes are given them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { notebookText } from "../../lib/src/assign/assign-notebook.js";
import { KERNELSPEC, LANGUAGE_INFO } from "../../lib/src/assign/kernel-metadata.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const notebooks = execFileSync("git", ["ls-files", "*.ipynb"], { cwd: REPO_ROOT, encoding: "utf8" })
  .split("\n")
  .filter((path) => path !== "");

it("finds the committed notebooks", () => {
  expect(notebooks).toContain("notebooks/start-here.ipynb");
  expect(notebooks).toContain("checkpoints/ch14-checkpoint.ipynb");
});

it.each(notebooks)("%s carries the kernel's metadata, in the layout Jupyter saves", (path) => {
  const text = readFileSync(join(REPO_ROOT, path), "utf8");
  const notebook = JSON.parse(text) as { metadata: Record<string, unknown> };
  expect(notebook.metadata["kernelspec"]).toEqual(KERNELSPEC);
  expect(notebook.metadata["language_info"]).toEqual(LANGUAGE_INFO);
  expect(text).toBe(notebookText(notebook as Parameters<typeof notebookText>[0]));
});

it("gives every notebook it writes the kernel's metadata, replacing what was there", () => {
  const written = JSON.parse(
    notebookText({
      cells: [],
      metadata: { kernelspec: { name: "python3" }, language_info: { name: "python" }, tags: ["kept"] },
      nbformat: 4,
      nbformat_minor: 5,
    }),
  ) as { metadata: Record<string, unknown> };
  expect(written.metadata).toEqual({ kernelspec: KERNELSPEC, language_info: LANGUAGE_INFO, tags: ["kept"] });
});
