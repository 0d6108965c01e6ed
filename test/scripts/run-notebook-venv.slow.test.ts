// Complete tier only: it makes two venvs and starts run_notebook.py in each (seconds, though no kernel).
// run_notebook.py re-executes itself with the Python scripts/jupyter-python.sh names when the one it
// was started with cannot import Jupyter. A venv's python resolves (realpath) to the interpreter it
// was made from, so comparing real paths took a venv with Jupyter for the very Python that lacked it
// and stopped with "Jupyter is missing". Here both are venvs of one interpreter: one bare, one that
// sees Jupyter (Debian's, through --system-site-packages, or set-up's .venv); `--help` is enough,
// since the imports come before the arguments are read.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const BASE = "/usr/bin/python3";
const scratch = mkdtempSync(join(tmpdir(), "workbook-run-notebook-venv-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const imports = (python: string, module: string) =>
  spawnSync(python, ["-c", `import ${module}`], { stdio: "ignore" }).status === 0;

/** A venv of BASE (no pip: quick to make), seeing the system's packages or not. */
function venv(name: string, systemPackages: boolean): string {
  const dir = join(scratch, name);
  const made = spawnSync(
    BASE,
    ["-m", "venv", "--without-pip", ...(systemPackages ? ["--system-site-packages"] : []), dir],
    {
      encoding: "utf8",
    },
  );
  if (made.status !== 0) throw new Error(`python3 -m venv failed: ${made.stderr}`);
  return join(dir, "bin", "python");
}

const canTry = existsSync(BASE) && imports(BASE, "venv");

it.skipIf(!canTry)(
  "runs under the venv WORKBOOK_PYTHON names when started by a bare venv of the same interpreter",
  () => {
    const bare = venv("bare", false);
    const withJupyter = imports(BASE, "nbclient") ? venv("with-jupyter", true) : join(REPO, ".venv", "bin", "python");
    if (!existsSync(withJupyter)) return; // no Jupyter to point at: nothing to show here
    expect(realpathSync(bare)).toBe(realpathSync(withJupyter)); // what fooled the old check
    expect(imports(bare, "nbclient")).toBe(false);

    const run = spawnSync(bare, [join(REPO, "scripts", "run_notebook.py"), "--help"], {
      encoding: "utf8",
      env: { PATH: process.env["PATH"]!, WORKBOOK_PYTHON: withJupyter },
    });
    expect(run.stderr).not.toContain("Jupyter is missing");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("usage: run_notebook.py");
  },
);

it.skipIf(!canTry)(
  "reports, without a second re-execution, a Python the finder names that cannot import Jupyter after all",
  () => {
    const bare = venv("bare-again", false);
    // The finder's probe (python -c ...) hears "nothing missing"; run as a script, it is the bare venv.
    const liar = join(scratch, "liar-python");
    writeFileSync(liar, `#!/bin/sh\n[ "$1" = -c ] && exit 0\nexec "${bare}" "$@"\n`);
    chmodSync(liar, 0o755);
    const run = spawnSync(bare, [join(REPO, "scripts", "run_notebook.py"), "--help"], {
      encoding: "utf8",
      timeout: 60_000,
      env: { PATH: process.env["PATH"]!, WORKBOOK_PYTHON: liar },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${liar} was named by`);
    expect(run.stderr.match(/Jupyter is missing/gu)?.length).toBe(1);
  },
);
