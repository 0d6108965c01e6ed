// Every notebook a page or a notebook sends a reader to (learner-paths.ts) exists and lies outside a
// folder named `checkpoints`: Jupyter's contents API answers /api/contents/checkpoints with the root's
// saved checkpoints, so that folder lists empty in the file browser of Notebook 7 and JupyterLab and
// nothing in it can be opened from there. The walk test (walk.slow.test.ts) opens each path through
// a running server's contents API, folder by folder, as the file browser does.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { learnerPaths, pathsIn } from "./learner-paths.js";

const paths = learnerPaths(REPO_ROOT);

it("reads links relative to where they are written and paths from the root", () => {
  expect(pathsIn("[next](ch14-part-a.ipynb) and [up](../x/y.ipynb#top)", "notebooks")).toEqual([
    "notebooks/ch14-part-a.ipynb",
    "x/y.ipynb",
  ]);
  expect(pathsIn("open `notebooks/start-here.ipynb`, not lib/notebooks/z.ipynb", "docs")).toEqual([
    "notebooks/start-here.ipynb",
  ]);
});

it("finds the notebooks the pages name, the checkpoint among them", () => {
  expect(paths.map(({ path }) => path)).toEqual(
    expect.arrayContaining(["notebooks/start-here.ipynb", "notebooks/ch14-checkpoint.ipynb"]),
  );
});

it("names only notebooks that exist, none inside a folder named checkpoints", () => {
  const wrong = paths.filter(
    ({ path }) => !existsSync(join(REPO_ROOT, path)) || path.split("/").slice(0, -1).includes("checkpoints"),
  );
  expect(wrong.map(({ path, from }) => `${from}: ${path}`)).toEqual([]);
});
