// One Jupyter config for every front end (.jupyter/jupyter_notebook_config.json): the classic
// Notebook reads NotebookApp.default_url, Notebook 7 only JupyterNotebookApp.default_url, JupyterLab
// only LabApp.default_url; each must land on the course's first stop. The venv set-up makes inside
// the repository is hidden from the file browsers and left alone by the linters, the type checker
// and vitest.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { COURSE_PATH } from "../../lib/src/notebook/course-path.js";
import { TEST_GLOB } from "../support/tiers.js";

const config = JSON.parse(readFileSync(join(REPO_ROOT, ".jupyter", "jupyter_notebook_config.json"), "utf8")) as Record<
  string,
  Record<string, unknown>
>;
const START = COURSE_PATH[0]!.file;
const IN_VENV = [".venv/lib/python3.11/site-packages/jupyterlab/static/x.js", ".venv/share/jupyter/lab/y.ts"];

describe("the Jupyter config", () => {
  it("lands each front end on the start page, at its own URL", () => {
    expect(config["NotebookApp"]?.["default_url"]).toBe(`/notebooks/${START}`);
    expect(config["JupyterNotebookApp"]?.["default_url"]).toBe(`/notebooks/${START}`);
    expect(config["LabApp"]?.["default_url"]).toBe(`/lab/tree/${START}`);
  });

  it("hides the venv from the file browsers", () => {
    expect(config["ContentsManager"]?.["hide_globs"]).toContain(".venv");
  });
});

describe("the venv inside the repository", () => {
  it("is ignored by git, eslint and prettier", async () => {
    expect(readFileSync(join(REPO_ROOT, ".gitignore"), "utf8").split("\n")).toContain(".venv/");
    const eslint = new ESLint({ cwd: REPO_ROOT });
    for (const file of IN_VENV) expect(await eslint.isPathIgnored(join(REPO_ROOT, file)), file).toBe(true);
    for (const file of IN_VENV) {
      const info = await prettier.getFileInfo(join(REPO_ROOT, file), {
        ignorePath: [join(REPO_ROOT, ".gitignore"), join(REPO_ROOT, ".prettierignore")],
      });
      expect(info.ignored, file).toBe(true);
    }
  });

  it("is outside what tsc and vitest read", () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(REPO_ROOT, "tsconfig.json"),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
        },
      },
    );
    expect(parsed?.fileNames.filter((file) => file.includes("/.venv/"))).toEqual([]);
    expect(TEST_GLOB.startsWith("test/"), "vitest takes test files from test/ only").toBe(true);
  });
});
