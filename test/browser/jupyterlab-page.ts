// What the browser tests do in a page of Notebook 7 or JupyterLab 4: both are built from JupyterLab's
// parts and, started with expose_app_in_browser (jupyter-server.ts does), hand the page their app as
// `window.jupyterapp`. These helpers reach the notebook through it: which file is open, its kernel,
// running cells with the app's own commands, and reading what the cells printed. The test's
// tsconfig has no DOM types, so the page's objects are described here by the parts we touch.
import type { Page } from "playwright-core";

interface CellModel {
  type: string;
  executionCount: number | null;
  sharedModel: { getSource(): string };
  outputs?: { toJSON(): Array<{ output_type: string; name?: string; text?: string | string[] }> };
}
interface NotebookPanel {
  context?: { path: string; model: { dirty: boolean } };
  sessionContext?: {
    ready: Promise<void>;
    session?: { kernel?: { name: string; status: string; info: Promise<unknown> } | null } | null;
  };
  content?: {
    widgets: Array<{ model: CellModel }>;
    activeCellIndex: number;
    extendContiguousSelectionTo(index: number): void;
  };
}
interface LabPage {
  jupyterapp?: {
    shell: { currentWidget: NotebookPanel | null };
    commands: { execute(id: string, args?: object): Promise<unknown> };
  };
}

/** What the page shows: the open notebook's path and its kernel's name and state. */
export interface OpenNotebook {
  path: string;
  kernel: string;
  status: string;
}

/**
 * Waits until the app is up and `path` is the notebook in front, with a kernel session (its kernel
 * may still be starting: runCells waits for it to answer). A bound, not a measure: a new tab loads
 * the app's megabytes of script and asks for a session, which took over 60 s once beside the suite.
 */
export async function waitForNotebook(page: Page, path: string, timeoutMs = 120_000): Promise<OpenNotebook> {
  await page.waitForFunction(
    (path) => {
      const panel = (globalThis as unknown as LabPage).jupyterapp?.shell.currentWidget;
      const kernel = panel?.sessionContext?.session?.kernel;
      return panel?.context?.path === path && typeof kernel?.name === "string";
    },
    path,
    { timeout: timeoutMs },
  );
  return page.evaluate(() => {
    const panel = (globalThis as unknown as LabPage).jupyterapp!.shell.currentWidget!;
    const kernel = panel.sessionContext!.session!.kernel!;
    return { path: panel.context!.path, kernel: kernel.name, status: kernel.status };
  });
}

/**
 * Whether the notebook in front has changes to save once its kernel has started and answered
 * kernel_info: the front end then writes the kernel's language_info and kernelspec into the
 * notebook's metadata, and a notebook whose metadata that changed is dirty (and autosaved).
 */
export async function changedByOpening(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const panel = (globalThis as unknown as LabPage).jupyterapp!.shell.currentWidget!;
    await panel.sessionContext!.ready;
    await panel.sessionContext!.session!.kernel!.info;
    // The panel copies the reply into the metadata when the promise resolves: let that run first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return panel.context!.model.dirty;
  });
}

/** Opens `path` in the running app without reloading the page (the app's own "open" command). */
export async function openInApp(page: Page, path: string): Promise<OpenNotebook> {
  // The command resolves to the widget: not returned, since the page would have to copy it all out.
  await page.evaluate(async (path) => {
    await (globalThis as unknown as LabPage).jupyterapp!.commands.execute("docmanager:open", { path });
  }, path);
  return waitForNotebook(page, path);
}

/** The index of the first code cell whose source includes `text`, or -1. */
export function codeCellIndex(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (text) =>
      (globalThis as unknown as LabPage).jupyterapp!.shell.currentWidget!.content!.widgets.findIndex(
        (cell) => cell.model.type === "code" && cell.model.sharedModel.getSource().includes(text),
      ),
    text,
  );
}

/** What the run of cells [from, to] left: how many code cells, how many numbered, errors, their text. */
export interface CellsRun {
  codeCells: number;
  numbered: number;
  counts: Array<number | null>;
  errors: string[];
  idle: boolean;
  text: string;
}

function cellsState(page: Page, from: number, to: number): Promise<CellsRun> {
  return page.evaluate(
    ([from, to]) => {
      const panel = (globalThis as unknown as LabPage).jupyterapp!.shell.currentWidget!;
      const code = panel
        .content!.widgets.slice(from, to + 1)
        .map((cell) => cell.model)
        .filter((model) => model.type === "code" && model.sharedModel.getSource().trim() !== "");
      const outputs = code.flatMap((model) => model.outputs?.toJSON() ?? []);
      const textOf = (o: { text?: string | string[] }) => (Array.isArray(o.text) ? o.text.join("") : (o.text ?? ""));
      return {
        codeCells: code.length,
        numbered: code.filter((model) => typeof model.executionCount === "number").length,
        counts: code.map((model) => model.executionCount),
        errors: outputs
          .filter((o) => o.output_type === "error" || o.name === "stderr")
          .map((o) => textOf(o) || o.output_type),
        idle: panel.sessionContext?.session?.kernel?.status === "idle",
        text: outputs.map(textOf).join(""),
      };
    },
    [from, to] as const,
  );
}

/**
 * Runs cells `from`..`to` of the notebook in front as a learner does: selects them and gives the
 * app's "run" command; then waits until each has a new number and the kernel is idle, or an error
 * shows, or `timeoutMs` passes.
 */
export async function runCells(page: Page, from: number, to: number, timeoutMs: number): Promise<CellsRun> {
  const before = await cellsState(page, from, to);
  await page.evaluate(
    ([from, to]) => {
      const app = (globalThis as unknown as LabPage).jupyterapp!;
      const notebook = app.shell.currentWidget!.content!;
      notebook.activeCellIndex = from;
      notebook.extendContiguousSelectionTo(to);
      // Not awaited: the command's promise ends with the last cell, and the loop below waits with a
      // limit and says what it saw.
      void app.commands.execute("notebook:run-cell");
    },
    [from, to] as const,
  );
  const started = Date.now();
  let state = await cellsState(page, from, to);
  // Each cell done: numbered, and with a number it did not have before (a re-run gets a new one).
  while (Date.now() - started < timeoutMs) {
    state = await cellsState(page, from, to);
    const renumbered = state.counts.every((count, i) => typeof count === "number" && count !== before.counts[i]);
    const done = renumbered && state.idle;
    if (state.errors.length > 0 || done) break;
    await page.waitForTimeout(250);
  }
  return state;
}
