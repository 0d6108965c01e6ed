export interface NotebookMistake {
  readonly name: string;
  readonly piece: string;
  readonly client: boolean;
  readonly breaks: string;
  readonly edits: ReadonlyArray<{ readonly find: string; readonly replace: string }>;
}
export interface ModuleMistake {
  readonly name: string;
  readonly file: string;
  readonly breaks: string;
}
export const FRESH_DIR: string;
export const SOLVED_NOTEBOOK: string;
export function notebookMistakes(): NotebookMistake[];
export function moduleMistakes(): ModuleMistake[];
export function variantNotebook(mistake: NotebookMistake, solved?: unknown): { cells: unknown[] };
