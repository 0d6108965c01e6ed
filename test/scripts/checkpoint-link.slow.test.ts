// Complete tier only: it starts a Python per Jupyter and loads each one's contents manager (seconds).
// The checkpoint notebook as a file browser finds it. Jupyter's contents API reserves the name
// `checkpoints` (GET /api/contents/checkpoints lists the root's saved checkpoints), so the
// checkpoints/ folder lists empty in every Jupyter file browser; notebooks/ch14-checkpoint.ipynb is a
// link to the notebook there, so a learner browsing notebooks/ finds it, and what they save is the
// one file. Tried here with the contents manager each Jupyter's file browser and editor go through
// (the classic Notebook 6.4's, and Jupyter Server 2's, which Notebook 7 and JupyterLab 4 share), on a
// scratch copy of the two folders holding the repository's own link, so no committed file is
// written. test/browser/current-jupyter.slow.test.ts opens it by clicking in the real file browsers.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const LINK = "notebooks/ch14-checkpoint.ipynb";
const TARGET = "checkpoints/ch14-checkpoint.ipynb";

/** Lists notebooks/, opens the link, appends a line to its first cell and saves it, as a file browser and editor do. */
const SAVE_THROUGH_LINK = `
import json, sys
module, root, link, marker = sys.argv[1:]
FileContentsManager = __import__(module, fromlist=["FileContentsManager"]).FileContentsManager
manager = FileContentsManager(root_dir=root)
listed = [(entry["name"], entry["type"]) for entry in manager.get("notebooks")["content"]]
model = manager.get(link)
model["content"].cells[0].source += "\\n\\n" + marker
manager.save({"type": "notebook", "format": "json", "content": model["content"]}, link)
print(json.dumps({"listed": listed}))
`;

const JUPYTERS = [
  {
    name: "the classic Notebook 6.4",
    modules: ["notebook.notebookapp"],
    manager: "notebook.services.contents.filemanager",
  },
  {
    name: "Jupyter Server 2 (Notebook 7, JupyterLab 4)",
    modules: ["notebook.app", "jupyterlab"],
    manager: "jupyter_server.services.contents.filemanager",
  },
];

const scratch = mkdtempSync(join(tmpdir(), "workbook-checkpoint-link-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("is committed as a link (git mode 120000) to the checkpoint notebook, which VS Code's explorer shows as it is", () => {
  const [mode] = execFileSync("git", ["ls-files", "-s", LINK], { cwd: REPO, encoding: "utf8" }).split(" ");
  expect(mode).toBe("120000");
  expect(resolve(REPO, "notebooks", readlinkSync(join(REPO, LINK)))).toBe(join(REPO, TARGET));
});

// The two Pythons run at once: each spends its seconds importing its Jupyter.
/** A hang guard, not a timing check: importing a Jupyter is CPU work that a loaded machine stretches well past 30 s. */
const IMPORT_GUARD_MS = 120_000;
describe.concurrent.each(JUPYTERS)("$name's contents manager", ({ name, modules, manager }) => {
  const found = spawnSync("bash", [join(REPO, "scripts", "jupyter-python.sh"), ...modules], { encoding: "utf8" });
  const missing = found.status === 0 ? undefined : found.stderr.trim();
  if (missing !== undefined && process.env["CI"] === "true")
    throw new Error(`${name} must be here in CI (.ci/run sets up both): ${missing}`);

  it.skipIf(missing !== undefined)(
    `lists the link in notebooks/ and saves through it into the one file at checkpoints/, the link kept${missing ? ` (skipped: ${missing})` : ""}`,
    async () => {
      const root = mkdtempSync(join(scratch, "root-"));
      mkdirSync(join(root, "notebooks"));
      mkdirSync(join(root, "checkpoints"));
      copyFileSync(join(REPO, TARGET), join(root, TARGET));
      symlinkSync(readlinkSync(join(REPO, LINK)), join(root, LINK));
      const marker = `saved through ${LINK} by ${name}`;
      const run = await promisify(execFile)(
        found.stdout.trim(),
        ["-c", SAVE_THROUGH_LINK, manager, root, LINK, marker],
        { encoding: "utf8", env: { PATH: process.env["PATH"]!, HOME: root } },
      );
      const { listed } = JSON.parse(run.stdout) as { listed: Array<[string, string]> };
      expect(listed).toContainEqual(["ch14-checkpoint.ipynb", "notebook"]);
      expect(readFileSync(join(root, TARGET), "utf8")).toContain(marker);
      expect(lstatSync(join(root, LINK)).isSymbolicLink(), "the save replaced the link with a copy").toBe(true);
    },
    IMPORT_GUARD_MS,
  );
});
