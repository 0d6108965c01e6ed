// How a mutation run is judged against checkpoints/mutation/equivalent.json. A listed mutant is
// named by what it is, not where: its file, the function around it, the mutator, the code it
// changes and the replacement, so an edit above it moves no entry. Each equivalent entry says how
// sure the claim is: "certain" (no caller can tell the mutant from the original) or "judgement"
// (a caller can, but only in a choice the chapter leaves open, which the entry cites: the chapter's
// lines and/or a free choice the rules accept). A survivor no graded path reaches is no
// equivalent: it is listed as known ("not reached") and counts against the score. The score is
// printed twice: judgement entries counted as equivalent, and counted as survivors. An entry that
// matches no survivor of the run is stale and fails it, as an unlisted survivor or an uncited
// judgement does. On a loaded machine Stryker can time out a mutant no rule fails (a timeout
// counts as detected): an entry left short of survivors claims such timed-out mutants of its own
// key, which are then counted as the entry says, not as detected, and printed, so load alone
// neither makes an entry stale nor raises the score.
// The same change can occur more than once in one function ("true" -> "false" on two returns):
// an entry then says how many of them it claims, and claims exactly that many.
import ts from "typescript";

/** A mutant as a run reports it, with the function around it. */
export interface RunMutant {
  readonly file: string;
  readonly function: string;
  /** First line in the copy, to point a reader at it (never part of the key). */
  readonly line: number;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  /** Stryker's status: Killed, Survived, NoCoverage, Timeout, Ignored, CompileError, RuntimeError. */
  readonly status: string;
}

/** The fields that name a mutant. */
export interface MutantKey {
  readonly file: string;
  readonly function: string;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
}

export type EquivalenceKind = "certain" | "judgement";

/**
 * The free choice a judgement rests on: lines of the chapter (reference/000_7b55a53db26c1c02.txt)
 * that leave the behaviour open, and/or the key of a free choice in the rules' FREE_CHOICES.
 */
export interface Citation {
  readonly chapterLines?: readonly number[];
  readonly freeChoice?: string;
}

export interface EquivalentEntry extends MutantKey {
  readonly kind: EquivalenceKind;
  readonly reason: string;
  /** Required of a judgement: the chapter's open choice it rests on. */
  readonly cites?: Citation;
  /** How many mutants of this function the entry claims (default 1). */
  readonly occurrences?: number;
}

export interface KnownEntry extends MutantKey {
  readonly reason: string;
  readonly occurrences?: number;
}

/** checkpoints/mutation/equivalent.json. */
export interface EquivalentsFile {
  /** Lines that only word an error are left unmutated (Stryker's "Ignored"): why, and how sure. */
  readonly wording: { readonly reason: string; readonly kind: EquivalenceKind; readonly cites?: Citation };
  readonly mutants: readonly EquivalentEntry[];
  /** Survivors that are not equivalent, that no graded path reaches yet: they count against the score. */
  readonly known: readonly KnownEntry[];
}

/** True when `cites` names at least one chapter line or free choice. */
export function cited(cites: Citation | undefined): boolean {
  return (cites?.chapterLines?.length ?? 0) > 0 || (cites?.freeChoice ?? "") !== "";
}

/** The judgement entries (the wording's included) that cite no free choice: each fails the run. */
export function uncitedJudgements(listing: EquivalentsFile): MutantKey[] {
  const wording: MutantKey[] =
    listing.wording.kind === "judgement" && !cited(listing.wording.cites)
      ? [{ file: "(every file)", function: "(wording)", mutator: "Ignored", original: "", replacement: "" }]
      : [];
  return [
    ...wording,
    ...listing.mutants.filter((entry) => entry.kind === "judgement" && !cited(entry.cites)).map(keyOf),
  ];
}

/** The listing with only the entries for `files` (a scoped run mutates no other file, so no other entry can be met). */
export function listingFor(listing: EquivalentsFile, files: readonly string[]): EquivalentsFile {
  const inScope = (entry: MutantKey): boolean => files.includes(entry.file);
  return { ...listing, mutants: listing.mutants.filter(inScope), known: listing.known.filter(inScope) };
}

export function sameMutant(entry: MutantKey, mutant: MutantKey): boolean {
  return (
    entry.file === mutant.file &&
    entry.function === mutant.function &&
    entry.mutator === mutant.mutator &&
    entry.original === mutant.original &&
    entry.replacement === mutant.replacement
  );
}

/**
 * The function a position lies in, as a reader names it: a function's or method's name (a
 * method as Class.method), or the variable or property an anonymous function is assigned to;
 * an anonymous callback counts as part of the named function around it. "(module)" outside any.
 */
export function enclosingFunction(text: string, line: number, column: number, fileName = "file.ts"): string {
  const source = parsed(text, fileName);
  const lines = source.getLineStarts();
  const position = (lines[line - 1] ?? text.length) + column - 1;
  let name = "(module)";
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(source) || position >= node.getEnd()) return;
    const named = functionName(node);
    if (named !== undefined) name = named;
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return name;
}

const PARSED = new Map<string, ts.SourceFile>();

/** A run names hundreds of mutants in a few files: each file's text is parsed once. */
function parsed(text: string, fileName: string): ts.SourceFile {
  let source = PARSED.get(text);
  if (source === undefined) {
    source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
    PARSED.set(text, source);
  }
  return source;
}

function functionName(node: ts.Node): string | undefined {
  const owner = (member: ts.Node): string => {
    const parent = member.parent;
    return (ts.isClassDeclaration(parent) || ts.isClassExpression(parent)) && parent.name ? `${parent.name.text}.` : "";
  };
  if (ts.isFunctionDeclaration(node)) return node.name?.text;
  if (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node))
    return `${owner(node)}${node.name.getText()}`;
  if (ts.isConstructorDeclaration(node)) return `${owner(node)}constructor`;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (ts.isFunctionExpression(node) && node.name) return node.name.text;
    const parent = node.parent;
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  }
  return undefined;
}

export interface Judged {
  readonly total: number;
  readonly killed: number;
  readonly timedOut: number;
  readonly invalid: number;
  /** Left unmutated as an error's wording. */
  readonly wording: number;
  readonly certain: readonly RunMutant[];
  readonly judgement: readonly RunMutant[];
  readonly known: ReadonlyArray<{ readonly mutant: RunMutant; readonly reason: string }>;
  /** Survivors neither listed equivalent nor known. */
  readonly unexplained: readonly RunMutant[];
  /** Listed mutants this run timed out (load, not a rule): claimed by their entries, not counted as detected. */
  readonly timedOutListed: readonly RunMutant[];
  /** Entries (equivalent or known) that claim more survivors than this run has, with how many it has. */
  readonly stale: ReadonlyArray<MutantKey & { readonly claimed: number; readonly found: number }>;
  /** Detected over non-equivalent, judgement entries (and judged wording) counted as equivalent. */
  readonly scoreJudgementEquivalent: number;
  /** The same with judgement entries (and judged wording) counted as survivors. */
  readonly scoreJudgementSurviving: number;
  /** Judgement entries that cite no free choice. */
  readonly uncited: readonly MutantKey[];
  /** True when the run must fail: an unexplained survivor, a stale entry or an uncited judgement. */
  readonly fails: boolean;
}

const SURVIVING = new Set(["Survived", "NoCoverage"]);

export function judgeRun(mutants: readonly RunMutant[], listing: EquivalentsFile): Judged {
  const count = (status: string): number => mutants.filter((mutant) => mutant.status === status).length;
  let left = mutants.filter((mutant) => SURVIVING.has(mutant.status));
  let timedOutLeft = mutants.filter((mutant) => mutant.status === "Timeout");
  const timedOutListed: RunMutant[] = [];
  const stale: Array<MutantKey & { claimed: number; found: number }> = [];
  /**
   * The survivors an entry claims, taken out of those left, then (when short) timed-out mutants of
   * its key, since entries are met first and the unlisted ones keep their timeouts as detected. A
   * claim the run cannot meet either way is stale.
   */
  const claim = (entry: MutantKey & { readonly occurrences?: number }): RunMutant[] => {
    const claimed = entry.occurrences ?? 1;
    const matching = left.filter((mutant) => sameMutant(entry, mutant)).slice(0, claimed);
    const timedOut = timedOutLeft.filter((mutant) => sameMutant(entry, mutant)).slice(0, claimed - matching.length);
    if (matching.length + timedOut.length < claimed)
      stale.push({ ...keyOf(entry), claimed, found: matching.length + timedOut.length });
    left = left.filter((mutant) => !matching.includes(mutant));
    timedOutLeft = timedOutLeft.filter((mutant) => !timedOut.includes(mutant));
    timedOutListed.push(...timedOut);
    return [...matching, ...timedOut];
  };
  const certain: RunMutant[] = [];
  const judgement: RunMutant[] = [];
  for (const entry of listing.mutants) (entry.kind === "certain" ? certain : judgement).push(...claim(entry));
  const known = listing.known.flatMap((entry) => claim(entry).map((mutant) => ({ mutant, reason: entry.reason })));
  const unexplained = left;
  const killed = count("Killed");
  const timedOut = count("Timeout") - timedOutListed.length;
  const invalid = count("CompileError") + count("RuntimeError");
  const wording = count("Ignored");
  const detected = killed + timedOut;
  const judgedWording = listing.wording.kind === "judgement" ? wording : 0;
  // Mutants that could be told apart from the original at all: the score's denominator.
  const scored = mutants.length - invalid - wording - certain.length + judgedWording;
  const ratio = (over: number): number => (over === 0 ? 1 : detected / over);
  const uncited = uncitedJudgements(listing);
  return {
    total: mutants.length,
    killed,
    timedOut,
    invalid,
    wording,
    certain,
    judgement,
    known,
    unexplained,
    timedOutListed,
    stale,
    scoreJudgementEquivalent: ratio(scored - judgement.length - judgedWording),
    scoreJudgementSurviving: ratio(scored),
    uncited,
    fails: unexplained.length > 0 || stale.length > 0 || uncited.length > 0,
  };
}

function keyOf(entry: MutantKey): MutantKey {
  const { file, function: name, mutator, original, replacement } = entry;
  return { file, function: name, mutator, original, replacement };
}

function shown(text: string): string {
  return JSON.stringify(text.length > 70 ? `${text.slice(0, 69)}…` : text);
}

function named(mutant: RunMutant): string {
  return `${mutant.file}:${mutant.line} ${mutant.function}() ${mutant.mutator}: ${shown(mutant.original)} -> ${shown(mutant.replacement)}`;
}

/** The run's closing lines: survivors, stale entries, the counts and the score both ways. */
export function judgedLines(judged: Judged): string[] {
  const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;
  const detected = judged.killed + judged.timedOut;
  return [
    ...judged.unexplained.map(
      (mutant) => `SURVIVED ${named(mutant)}${mutant.status === "NoCoverage" ? " (no rule reaches it)" : ""}`,
    ),
    ...judged.known.map(({ mutant, reason }) => `SURVIVED, known ${named(mutant)} (${reason})`),
    ...judged.timedOutListed.map(
      (mutant) => `TIMED OUT, listed ${named(mutant)} (counted as its entry says, not as detected)`,
    ),
    ...judged.uncited.map(
      (entry) =>
        `UNCITED judgement in equivalent.json: ${entry.file} ${entry.function}() ${entry.mutator}: ${shown(entry.original)} -> ${shown(entry.replacement)} ` +
        "cites no chapter line and no free choice",
    ),
    ...judged.stale.map(
      (entry) =>
        `STALE entry in equivalent.json: ${entry.file} ${entry.function}() ${entry.mutator}: ${shown(entry.original)} -> ${shown(entry.replacement)} ` +
        `claims ${entry.claimed} survivor${entry.claimed === 1 ? "" : "s"}, this run has ${entry.found}`,
    ),
    `${judged.total} mutants: ${judged.killed} killed, ${judged.timedOut} timed out, ` +
      `${judged.unexplained.length + judged.known.length} survived (${judged.known.length} of them known), ` +
      `${judged.certain.length} listed equivalent for certain, ${judged.judgement.length} listed equivalent by judgement, ` +
      `${judged.wording} an error's wording left unmutated` +
      (judged.invalid > 0 ? `, ${judged.invalid} invalid` : "") +
      (judged.timedOutListed.length > 0
        ? ` (${judged.timedOutListed.length} listed ones timed out, counted as listed)`
        : ""),
    `mutation score ${percent(judged.scoreJudgementEquivalent)} with judgement entries counted as equivalent; ` +
      `${percent(judged.scoreJudgementSurviving)} with them counted as survivors (${detected} killed or timed out)`,
  ];
}

/** One file of Stryker's JSON report (mutation-testing-report-schema), the fields read here. */
export interface ReportFile {
  readonly source: string;
  readonly mutants: ReadonlyArray<{
    readonly mutatorName: string;
    readonly replacement?: string;
    readonly status: string;
    readonly location: {
      readonly start: { readonly line: number; readonly column: number };
      readonly end: { readonly line: number; readonly column: number };
    };
  }>;
}

/** The mutants of a report, each named by `fileOf(report path)`, the function around it and the code it changes. */
export function reportMutants(
  files: Readonly<Record<string, ReportFile>>,
  fileOf: (reportPath: string) => string,
): RunMutant[] {
  return Object.entries(files).flatMap(([path, file]) => {
    const lines = file.source.split("\n");
    return file.mutants.map((mutant) => {
      const { start, end } = mutant.location;
      const original =
        start.line === end.line
          ? (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1)
          : [
              (lines[start.line - 1] ?? "").slice(start.column - 1),
              ...lines.slice(start.line, end.line - 1),
              (lines[end.line - 1] ?? "").slice(0, end.column - 1),
            ].join("\n");
      return {
        file: fileOf(path),
        function: enclosingFunction(file.source, start.line, start.column, path),
        line: start.line,
        mutator: mutant.mutatorName,
        original,
        replacement: mutant.replacement ?? "",
        status: mutant.status,
      };
    });
  });
}
