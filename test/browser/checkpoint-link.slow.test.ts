// The checkpoint notebook as a file browser finds it. Jupyter's contents API reserves the name
// `checkpoints` (GET /api/contents/checkpoints lists the root's saved checkpoints), so the
// checkpoints/ folder lists empty in every Jupyter file browser; notebooks/ch14-checkpoint.ipynb is a
// link to the notebook there, so a learner browsing notebooks/ finds it, and what they save is the
// one file. Tried here through the contents API every file browser uses, against the classic
// Notebook 6.4 and against Jupyter Server 2 (Notebook 7 and JupyterLab 4 share it), each serving a
// scratch copy of the two folders with the repository's own link, so no committed file is written.
import { execFileSync } from "node:child_process";
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserTestPrerequisites, startJupyterServer, type JupyterServer } from "./jupyter-server.js";

const REPO = resolve(__dirname, "../..");
const LINK = "notebooks/ch14-checkpoint.ipynb";
const TARGET = "checkpoints/ch14-checkpoint.ipynb";

const jupyters = [
  { name: "the classic Notebook 6.4", ...browserTestPrerequisites(REPO, "classic"), frontEnd: "classic" as const },
  {
    name: "Jupyter Server 2 (Notebook 7, JupyterLab 4)",
    ...browserTestPrerequisites(REPO, "current"),
    frontEnd: "notebook7" as const,
  },
];

interface Listing {
  content: Array<{ name: string; type: string }>;
}

for (const jupyter of jupyters) {
  describe.skipIf(jupyter.missing !== undefined)(
    `${LINK} in ${jupyter.name}${jupyter.missing ? ` (skipped: ${jupyter.missing})` : ""}`,
    () => {
      let root = "";
      let server: JupyterServer;
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`${server.url}/api/contents/${path}`, {
          ...init,
          headers: { Authorization: `token ${server.token}`, "Content-Type": "application/json" },
        });

      beforeAll(async () => {
        root = mkdtempSync(join(tmpdir(), "workbook-checkpoint-link-"));
        mkdirSync(join(root, "notebooks"));
        mkdirSync(join(root, "checkpoints"));
        copyFileSync(join(REPO, TARGET), join(root, TARGET));
        symlinkSync(readlinkSync(join(REPO, LINK)), join(root, LINK));
        server = await startJupyterServer({
          python: jupyter.python!,
          repo: REPO,
          notebookDir: root,
          frontEnd: jupyter.frontEnd,
        });
      }, 90_000);

      afterAll(async () => {
        expect(await server?.stop()).toEqual([]);
        rmSync(root, { recursive: true, force: true });
      }, 30_000);

      it("lists checkpoints/ as empty (the reserved name) and the link in notebooks/", async () => {
        const reserved = await api("checkpoints");
        expect(reserved.status).toBe(200);
        expect(await reserved.json()).toEqual([]);
        const listing = (await (await api("notebooks")).json()) as Listing;
        expect(listing.content.map(({ name, type }) => ({ name, type }))).toContainEqual({
          name: "ch14-checkpoint.ipynb",
          type: "notebook",
        });
      });

      it("saves through the browsed path into the one file at checkpoints/, the link kept", async () => {
        const opened = (await (await api(LINK)).json()) as { content: { cells: Array<{ source: string }> } };
        const marker = `saved through ${LINK} at ${Date.now()}`;
        opened.content.cells[0]!.source += `\n\n${marker}`;
        const saved = await api(LINK, {
          method: "PUT",
          body: JSON.stringify({ type: "notebook", format: "json", content: opened.content }),
        });
        expect(saved.status, await saved.clone().text()).toBe(200);
        expect(readFileSync(join(root, TARGET), "utf8")).toContain(marker);
        expect(lstatSync(join(root, LINK)).isSymbolicLink(), "the save replaced the link with a copy").toBe(true);
      });
    },
  );
}

it("is committed as a link (git mode 120000) to the checkpoint notebook, which VS Code's explorer shows as it is", () => {
  const [mode] = execFileSync("git", ["ls-files", "-s", LINK], { cwd: REPO, encoding: "utf8" }).split(" ");
  expect(mode).toBe("120000");
  expect(resolve(REPO, "notebooks", readlinkSync(join(REPO, LINK)))).toBe(join(REPO, TARGET));
});
