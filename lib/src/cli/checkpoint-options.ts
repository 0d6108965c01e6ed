// The checkpoint command's options, in one table: what readFlags accepts and what --help says
// are both derived from it, so the usage line can never leave out an option the command takes.
// A new option is one entry here.
import type { FlagSpec } from "../flags/flags.js";

export interface CheckpointOption {
  /** The option's name, without its dashes. */
  readonly name: string;
  /** The value's placeholder ("PATH"), or undefined for a switch. */
  readonly value?: string;
  /** What it does, in the lines --help prints (wrapped by hand, one string a line). */
  readonly says: readonly string[];
  /** Also read by `--notebook` grading. */
  readonly notebook?: boolean;
}

export const CHECKPOINT_OPTIONS: readonly CheckpointOption[] = [
  {
    name: "impl",
    value: "PATH",
    says: [
      "what to grade: a learner copy (a folder with src/index.ts, compiled on its own",
      "into a temporary folder), a built package folder, or a .js module exporting the",
      "Part B names (default: the workbook's own library)",
    ],
  },
  {
    name: "notebook",
    value: "PATH",
    notebook: true,
    says: [
      "grade a saved build notebook (notebooks/ch14-part-b-build.ipynb) without",
      "running it: each build cell is compiled on its own, so one that does not",
      "compile costs only its rules; a failing rule names the notebook's section",
    ],
  },
  {
    name: "rules",
    value: "ID,...",
    says: [
      "only these Part B rules (and the rules they depend on), in the checkpoint's",
      "order: a quicker run that still writes both reports (default: every rule)",
    ],
  },
  {
    name: "hidden",
    value: "DIR",
    says: ["also run the rules exported (as `rules`) by DIR/*.js, grader-side modules"],
  },
  {
    name: "exercises",
    says: [
      "also grade the optional exercises from the implementation's exercise1 ...",
      "exercise7 exports (learner/src/exercises/ex1.ts ...); a stub scores 0,",
      '"not attempted"',
    ],
  },
  {
    name: "seed",
    value: "N",
    notebook: true,
    says: ["per-learner hidden inputs (ids, texts, limits); 0 gives the public ones"],
  },
  {
    name: "report-dir",
    value: "DIR",
    notebook: true,
    says: [
      "where results.json (Gradescope) and junit.xml go (default checkpoints/reports);",
      "both are removed when a run starts and written when it ends",
    ],
  },
  { name: "help", says: ["this text"] },
];

/** The flags readFlags reads for `options` (every option, or --notebook's). */
export function flagSpec(options: readonly CheckpointOption[]): FlagSpec {
  return Object.fromEntries(
    options.map((option) => [option.name, { type: option.value === undefined ? "boolean" : "string" } as const]),
  );
}

/** "[--impl PATH] [--exercises] ...": the usage line's options, every one of `options`. */
export function usageOptions(options: readonly CheckpointOption[]): string {
  return options.map((option) => `[--${option.name}${option.value === undefined ? "" : ` ${option.value}`}]`).join(" ");
}

/** Each option with what it does, aligned as --help prints them. */
export function optionLines(options: readonly CheckpointOption[]): string[] {
  const heads = options.map((option) => `--${option.name}${option.value === undefined ? "" : ` ${option.value}`}`);
  const width = Math.max(...heads.map((head) => head.length)) + 2;
  return options.flatMap((option, index) =>
    option.says.map((line, at) => `  ${(at === 0 ? heads[index]! : "").padEnd(width)} ${line}`.trimEnd()),
  );
}

/** The options `--notebook` grading reads. */
export const NOTEBOOK_OPTIONS = CHECKPOINT_OPTIONS.filter(
  (option) => option.notebook === true || option.name === "help",
);
