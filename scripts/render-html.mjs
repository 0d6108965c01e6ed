#!/usr/bin/env node
// Executed copies of the notebooks as HTML, for reading without a kernel (npm run notebooks:html).
// Committed notebooks carry no outputs, so each one is first run top to bottom in a fresh tslab
// kernel (scripts/run_notebook.py, which fails on any errored, aborted or skipped cell), then
// converted with nbconvert.
//
// Charts: nbconvert 6.5 (Debian 12's) passes every SVG output through lxml's clean_html, which
// strips the SVG's elements and leaves only its text, so a chart arrives blank. The template below
// extends nbconvert's "lab" template and embeds each SVG output as an <img> with a data: URI
// instead: the SVG is in the HTML file, drawn exactly as the library rendered it, and a browser
// never runs script inside an SVG shown as an image, so nothing is trusted that was not before.
// nbconvert 7 (set-up's .venv) keeps the template and writes each tag closed as `<img ... />`: every
// chart is drawn with either (test/notebooks/part-a.slow.test.ts counts them in the HTML).
//
//   node scripts/render-html.mjs [--out-dir DIR] [--executed] [NOTEBOOK...]
//
// Without paths: the committed notebooks/*.ipynb and checkpoints/*.ipynb (git ls-files); each one's
// time is printed.
// --out-dir   where NAME.ipynb (executed) and NAME.html go (default build/notebooks)
// --executed  the paths are notebooks that already ran: convert them, run nothing
// Exit 0 every notebook ran and converted; 1 some did not (each named; a notebook whose run failed
// is still converted, so the HTML shows where it stopped); 2 usage error or no Jupyter.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NOTEBOOK_FOLDERS = ["notebooks", "notebooks/solutions", "checkpoints"];
const CELL_TIMEOUT_SECONDS = "300";
const TEMPLATE_NAME = "workbook_html";
const TEMPLATE_CONF = { base_template: "lab", mimetypes: { "text/html": true } };
const TEMPLATE_INDEX = `{%- extends 'lab/index.html.j2' -%}
{% block data_svg scoped -%}
<div class="jp-RenderedSVG jp-OutputArea-output {{ extra_class }}" data-mime-type="image/svg+xml">
<img alt="{{ output.data.get('text/plain', 'chart') | escape_html }}" src="data:image/svg+xml;charset=utf-8,{{ output.data['image/svg+xml'] | urlencode }}">
</div>
{%- endblock data_svg %}
`;

/** Writes the template to a fresh folder; nbconvert finds it through extra_template_basedirs. */
function writeTemplate() {
  const base = mkdtempSync(join(tmpdir(), "workbook-nbconvert-"));
  mkdirSync(join(base, TEMPLATE_NAME));
  writeFileSync(join(base, TEMPLATE_NAME, "conf.json"), JSON.stringify(TEMPLATE_CONF));
  writeFileSync(join(base, TEMPLATE_NAME, "index.html.j2"), TEMPLATE_INDEX);
  return base;
}

const HELP = `usage: node scripts/render-html.mjs [--out-dir DIR] [--executed] [NOTEBOOK...]
  Runs each notebook in a fresh tslab kernel and converts the executed copy to HTML.
  Without paths: the committed notebooks/*.ipynb and checkpoints/*.ipynb (git ls-files).
  --out-dir DIR  where NAME.ipynb (executed) and NAME.html go (default build/notebooks)
  --executed     the paths already ran: convert only
`;

function usage(message) {
  process.stderr.write(`render-html: ${message}\n${HELP}`);
  process.exit(2);
}

function parseCommandLine(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { "out-dir": { type: "string" }, executed: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    usage(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  if (values["out-dir"] === "") usage("--out-dir expects a folder");
  return {
    outDir: values["out-dir"] === undefined ? join(REPO, "build", "notebooks") : resolve(values["out-dir"]),
    executed: values.executed === true,
    paths: positionals.map((path) => resolve(path)),
  };
}

/**
 * The committed notebooks of the notebook folders (git ls-files), in name order: a stray copy, an
 * executed copy or a checkpoint file that is not in the repository is not rendered. Outside a git
 * checkout, every .ipynb directly in those folders.
 */
export function workbookNotebooks(repo = REPO) {
  const listed = spawnSync("git", ["ls-files", "-z", "--", ...NOTEBOOK_FOLDERS.map((f) => `${f}/*.ipynb`)], {
    cwd: repo,
    encoding: "utf8",
  });
  if (listed.status === 0) {
    return listed.stdout
      .split("\0")
      .filter((path) => path !== "" && NOTEBOOK_FOLDERS.includes(dirname(path)))
      .sort()
      .map((path) => join(repo, path));
  }
  return NOTEBOOK_FOLDERS.flatMap((folder) => {
    const dir = join(repo, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith(".ipynb"))
      .sort()
      .map((name) => join(dir, name));
  });
}

/** The Python that has Jupyter and nbconvert (scripts/jupyter-python.sh explains the search). */
function jupyterPython() {
  const found = spawnSync("bash", [join(REPO, "scripts", "jupyter-python.sh")], { encoding: "utf8" });
  if (found.status !== 0) {
    process.stderr.write(`render-html: no Python with Jupyter and nbconvert; run npm run setup\n${found.stderr}`);
    process.exit(2);
  }
  return found.stdout.trim();
}

/** Runs one notebook in a fresh kernel, writing the executed copy; true when every cell ran clean. */
function execute(python, notebook, executedPath) {
  const run = spawnSync(
    python,
    [join(REPO, "scripts", "run_notebook.py"), notebook, "--out", executedPath, "--timeout", CELL_TIMEOUT_SECONDS],
    {
      cwd: REPO,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  return run.status === 0;
}

/** Converts one executed notebook to NAME.html in outDir; returns the HTML's path, or null on failure. */
function toHtml(python, templateBase, executedPath, outDir, name) {
  const args = [
    "-m",
    "nbconvert",
    "--to",
    "html",
    `--TemplateExporter.extra_template_basedirs=${templateBase}`,
    "--template",
    TEMPLATE_NAME,
    "--output-dir",
    outDir,
    "--output",
    name,
    executedPath,
  ];
  const run = spawnSync(python, args, {
    cwd: REPO,
    encoding: "utf8",
  });
  if (run.status !== 0) {
    process.stderr.write(`render-html: nbconvert failed on ${executedPath}:\n${run.stderr}`);
    return null;
  }
  return join(outDir, `${name}.html`);
}

function main() {
  const options = parseCommandLine(process.argv.slice(2));
  const notebooks = options.paths.length > 0 ? options.paths : workbookNotebooks();
  if (options.executed && options.paths.length === 0) usage("--executed needs the paths of executed notebooks");
  const missing = notebooks.filter((path) => !existsSync(path));
  if (missing.length > 0) usage(`no notebook at ${missing.join(", ")}`);
  if (notebooks.length === 0) usage("found no notebooks to render");

  const python = jupyterPython();
  mkdirSync(options.outDir, { recursive: true });
  const templateBase = writeTemplate();
  process.on("exit", () => rmSync(templateBase, { recursive: true, force: true }));
  const failed = [];
  const timings = [];
  for (const notebook of notebooks) {
    const started = performance.now();
    const name = basename(notebook, ".ipynb");
    let executedPath = notebook;
    if (!options.executed) {
      executedPath = join(options.outDir, `${name}.ipynb`);
      if (!execute(python, notebook, executedPath))
        failed.push(`${relative(REPO, notebook)} (a cell failed; see above)`);
      if (!existsSync(executedPath)) continue; // the kernel never started: nothing to convert
    }
    const html = toHtml(python, templateBase, executedPath, options.outDir, name);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    timings.push(`${relative(REPO, notebook)} ${seconds} s`);
    if (html === null) failed.push(`${relative(REPO, notebook)} (nbconvert failed)`);
    else process.stdout.write(`render-html: wrote ${relative(process.cwd(), html)} in ${seconds} s\n`);
  }
  process.stdout.write(`render-html: time per notebook (run and convert):\n  ${timings.join("\n  ")}\n`);
  if (failed.length > 0) {
    process.stderr.write(
      `render-html: ${failed.length} of ${notebooks.length} notebooks failed:\n  ${failed.join("\n  ")}\n`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
