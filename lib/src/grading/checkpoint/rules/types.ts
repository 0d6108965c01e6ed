// The shapes every rule of the checkpoint shares. A rule never touches the graded code: it sends
// plain-data requests through a Probe and judges the plain-data answers, together with evidence
// it gathers itself (the teaching server's log and record in a folder the grader made, /proc).
import type { PieceName } from "../../../assembly/piece-names.js";
import { CheckFailure, type Verdict } from "../../trials/harness.js";
import type { Implementation } from "../../trials/implementation.js";
import type { ClockDriver } from "../host/clock-driver.js";
import type { ClockedScript } from "../host/clocked-peer.js";
import type { BytesForm } from "./wire.js";

/** Names an implementation exports (lib's `Implementation` type). */
export type ExportName = keyof Implementation;

/** Gradescope's visibility values; a hidden rule's line stays out of view until the grader publishes. */
export type Visibility = "visible" | "hidden" | "after_due_date" | "after_published";

/** A value as it crosses the pipe: JSON, with tagged objects for what JSON cannot hold (see wire.ts). */
export type Wire = unknown;

/** An error the graded code raised, as plain data: its class name, message, and stable reason/code if any. */
export interface ProbeError {
  readonly name: string;
  readonly message: string;
  readonly reason?: string;
  readonly code?: string;
}

/** The client methods a rule may ask a client under test to run. */
export type ClientMethod = "initialize" | "listTools" | "allowedTools" | "callTool" | "close";

/** The pure functions a rule may call by name. */
export type PureFunction =
  | "requestMessage"
  | "notificationMessage"
  | "answerFor"
  | "encodeFrame"
  | "parseFrame"
  | "checkInitialize"
  | "checkTools"
  | "resultText";

/** How parseFrame (typed `Uint8Array | string`) may be handed a frame: any bytes form, or its text. */
export type FrameForm = BytesForm | "string";

/** One request to the graded code, as plain data. */
export type ProbeRequest =
  /** typeof of each export, so a rule can say which name is missing. */
  | { readonly op: "exports" }
  /** PROTOCOL_VERSION and other constants the implementation exports. */
  | { readonly op: "constant"; readonly name: "PROTOCOL_VERSION" }
  | { readonly op: "call"; readonly fn: PureFunction; readonly args: readonly Wire[] }
  /**
   * parseFrame called on one frame (base64) once in each of `forms`: as each bytes form (wire.ts
   * inForm), and as the string its bytes decode to; answers each outcome in the order asked.
   */
  | { readonly op: "parseFrame.forms"; readonly frame: string; readonly forms: readonly FrameForm[] }
  /**
   * A fresh FrameReader(limit) fed `chunks` (base64) in order, each repeated `times` (default 1), each
   * in its form of `forms` (a Buffer when none); stops at the first throw, then feeds `after` (base64)
   * once, if given: the line after a refusal. With `others`, those readers are made too (after the
   * first, before any read, each with its own limit), and read `index` goes to reader `to[index]`.
   */
  | {
      readonly op: "frameReader.feed";
      readonly limit?: number;
      readonly others?: readonly number[];
      readonly to?: readonly number[];
      readonly chunks: readonly string[];
      readonly forms?: readonly BytesForm[];
      readonly times?: number;
      readonly after?: string;
    }
  /** topTools with the library's BM25 scorer, once per query (a score function cannot cross a pipe). */
  | {
      readonly op: "topTools.bm25";
      readonly queries: ReadonlyArray<{
        readonly request: string;
        readonly tools: readonly Wire[];
        readonly m: number;
      }>;
    }
  /**
   * topTools with a seeded scorer (seeded-scorer.ts): each text's score is one of `scores` (strings,
   * so -0 crosses), picked by a hash of the request and the text as the piece hands them over.
   */
  | {
      readonly op: "topTools.seeded";
      readonly seed: number;
      readonly scores: readonly string[];
      readonly queries: ReadonlyArray<{
        readonly request: string;
        readonly tools: readonly Wire[];
        readonly m: number;
      }>;
    }
  /** Exercise 4: the learner's cursor loop run on one trial (scripted pages or a live server's argv); answers its plain outcome. */
  | { readonly op: "exercise.cursorTrial"; readonly fn: `exercise${number}`; readonly trial: Wire }
  /** Exercise 5: the learner's outstanding-id table run on one trial (a live server's argv or scripted replies); answers its plain outcome. */
  | { readonly op: "exercise.inFlightTrial"; readonly fn: `exercise${number}`; readonly trial: Wire }
  /** Exercise 7: the learner's dual-era connect step run against one scripted server (a probe script); answers its plain outcome. */
  | { readonly op: "exercise.dualEraTrial"; readonly fn: `exercise${number}`; readonly trial: Wire }
  | { readonly op: "client.new"; readonly command: readonly string[]; readonly options: Readonly<Record<string, Wire>> }
  | {
      readonly op: "client.call";
      readonly handle: number;
      readonly method: ClientMethod;
      readonly args: readonly Wire[];
    }
  /** Answers after `ms` on the graded code's clock (the grader's virtual one where it gives one): a pause between operations. */
  | { readonly op: "clock.sleep"; readonly ms: number };

/** The graded code's answer: a value, or the error it raised; `detail` carries partial results (frames before a throw). */
export type ProbeAnswer = (
  | { readonly ok: true; readonly value: Wire }
  | { readonly ok: false; readonly error: ProbeError; readonly detail?: Wire }
) & {
  /** How long the process that ran the graded code waited for a CPU while answering (grading/trials/starvation.ts), as it says. */
  readonly starvedMs?: number;
  /** The CPU the process that ran the graded code used while answering, in ms (grading/trials/starvation.ts), as it says. */
  readonly cpuMs?: number;
  /**
   * When the graded code ended a child's input before its first signal: the ms the host's event loop
   * sat waiting between the two, that is, the wait the code itself made (host/first-signal.ts).
   */
  readonly graceBeforeSignalMs?: number;
  /** The same span on the grader's clock, where the host gives the graded code one (ms of the timeline). */
  readonly graceOnClockMs?: number;
  /**
   * When the graded code ended a child's input and that child ended before the answer: how it
   * really ended, as Node reported it to the host (host/first-signal.ts).
   */
  readonly inputEndedChildEnd?: { readonly code: number | null; readonly signal: string | null };
  /**
   * The values handed to the graded code that the call changed (compared deeply with a copy decoded
   * afresh), each said as "argument 1 of topTools": a piece never changes what it is handed.
   */
  readonly inputsChanged?: readonly string[];
  /**
   * The values handed to the graded code that what it handed back writes through to (a push onto
   * the list it returned reached the list it was given), each said as "the tools of topTools call 1":
   * a piece the chapter has build a new collection never returns the one it was handed.
   */
  readonly inputsShared?: readonly string[];
  /**
   * Where what a pure piece returned is not its own (rules/answer.ts, sharedWithAnotherCall): a
   * second call with the same arguments changed it, or a caller's change to it showed in the
   * second's value. Each request is its own message with its own params (chapter lines 196-202).
   */
  readonly resultShared?: string;
  /**
   * Where the host gives the graded code the grader's virtual clock (host/virtual-clock.ts): that
   * clock's time when the request came and when the answer left, and how many times the grader
   * moved it in between (none: the answer came on real time alone).
   */
  readonly virtual?: { readonly fromMs: number; readonly toMs: number; readonly advances: number };
};

export type Probe = (request: ProbeRequest) => Promise<ProbeAnswer>;

/** A teaching server a rule starts: the argv to hand the client, and where the server writes its evidence. */
export interface ServerRun {
  readonly command: readonly string[];
  /** The server's tools/call log (log.ts). */
  readonly logFile: string;
  /** The server's life record (record.ts). */
  readonly recordFile: string;
  /**
   * Where the process the client starts for this run stands: "serving" once it can answer at once
   * (loaded; relayed, connected to a server that is loaded too), "starting" while it runs but is
   * not there yet, "absent" while no process of it runs (not started yet, or gone).
   */
  readonly standing: () => ServerStanding;
  /**
   * Resolves once the grader has read all that the processes the client started for this run said
   * (a relayed run: every relay's connection closed), or after a bound: a rule reads the record
   * after it, so a relay's last word is not still on its way when the record is judged.
   */
  readonly settled: () => Promise<void>;
}

export type ServerStanding = "serving" | "starting" | "absent";

export interface ServerSettings {
  readonly notifications?: number;
  /** How long the server takes to leave once its input ends, in ms (it leaves at once otherwise). */
  readonly leaveAfterEofMs?: number;
  /** What the notifications are: methods cycled through, with pings to the client spread among them. */
  readonly skippedMix?: { readonly methods: readonly string[]; readonly pings: number };
  /** A folder of its own for this server's files (the argv rule puts spaces and $ in it). */
  readonly subdir?: string;
  readonly endlessBytes?: number;
  /** Placeholder tools the server advertises beside the shop's, by name (names made up at run time among them). */
  readonly extraTools?: readonly string[];
  /** The only tools the server advertises, instead of the shop's ([]: none at all, a valid empty catalog). */
  readonly onlyTools?: readonly string[];
  /** Tools the server advertises after those, each with the input schema given, each taking any arguments. */
  readonly schemaTools?: Readonly<Record<string, unknown>>;
  /**
   * Members in the process group of the process the client starts, each ended by SIGTERM's default
   * action, and a witness outside the group that records what ended each (server/src/family.ts).
   */
  readonly family?: number;
  /** The ids of the server's own requests to the client, in order (ping and sampling ask once with each). */
  readonly askIds?: readonly (string | number)[];
}

/** What a rule body may use. */
export interface RuleContext {
  /** Asks the graded code; FAILs the rule when no answer comes within `boundMs` (default 10 s). */
  ask(request: ProbeRequest, boundMs?: number): Promise<ProbeAnswer>;
  /** A folder the grader made for this rule; removed afterwards. */
  readonly dir: string;
  /** The per-learner seed (hidden inputs vary with it). */
  readonly seed: number;
  /** A teaching server in `mode` whose log and record live in this rule's folder. */
  server(mode: string, settings?: ServerSettings): ServerRun;
  /**
   * The graded code's virtual clock, where the grading host gives one (a rule that asks for it,
   * graded in a host): its driver, and servers the grader plays on its timeline.
   */
  readonly clock?: {
    readonly driver: ClockDriver;
    server(script: ClockedScript, settings?: ServerSettings): ServerRun;
  };
}

/** One thing the chapter demands, in our words, with the chapter lines it rests on. */
export interface Demand {
  /** The demand as a learner reads it where the piece is taught ("a reply whose error is not an object is refused"). */
  readonly says: string;
  /** 1-based line numbers in the chapter's text (shared/reference/000_7b55a53db26c1c02.txt). */
  readonly chapterLines: readonly number[];
}

/** The chapter's six expected observations, numbered in its order (checkpoint/summary.ts words them). */
export type ObservationNumber = 1 | 2 | 3 | 4 | 5 | 6;

/** One rule of Part B: its own line, its own points. */
export interface Rule {
  /** Stable id: "ids-exact", "framing-utf8-split", ... */
  readonly id: string;
  /** Graded in a host of its own that gives the graded code the grader's virtual clock (RuleContext.clock). */
  readonly virtualClock?: boolean;
  /**
   * The expected observation this rule stands behind, which the summary groups it under. Every
   * built-in rule says (ObservedRule, the type RULES holds); an exercise's or a hidden rule stands
   * under none.
   */
  readonly observation?: ObservationNumber;
  /** What an ok line says. */
  readonly title: string;
  readonly points: number;
  /** The exports the rule calls; a rule is graded only if all of them are there. */
  readonly needs: readonly (ExportName | `exercise${number}`)[];
  /**
   * The build notebook's pieces the rule exercises (what it calls, directly or through the
   * client assembled from them). Every grouping is derived from this: a check cell's rules, the
   * rules --notebook and --impl grade, the piece a rule waits for (checkpoint/rules/groups.ts).
   */
  readonly pieces: readonly PieceName[];
  /** Rules whose failure makes this one meaningless: it is then not graded (0 points, says why). */
  readonly dependsOn: readonly string[];
  readonly visibility: Visibility;
  /** True when --seed changes its inputs: with a seed other than 0 its line is "after_due_date", so seeded inputs stay unseen until then. */
  readonly seeded?: boolean;
  /** Where a learner looks when it fails: "learner/src/framing.ts, FrameReader.feed". */
  readonly where: string;
  /**
   * Words the rule table of docs/rules.md (docs-tables/rule-table.ts) adds to this rule's row: after
   * the exports it needs, and in place of the rules it depends on.
   */
  readonly tableNotes?: { readonly needs?: string; readonly once?: string };
  /**
   * What the chapter demands that this rule judges, each citing the chapter's lines. A rule judges
   * these and nothing else; the build notebook states them where the piece is taught.
   */
  readonly demands: readonly Demand[];
  /**
   * Choices the chapter leaves to the learner that this rule must accept (both designs pass),
   * worded once in free-choices.ts; a fair implementation makes each of them.
   */
  readonly freeChoices: readonly string[];
  /** The whole rule's bound, in ms. */
  readonly deadlineMs: number;
  /**
   * True when the rule's check reads state the whole grading process shares (the processes it
   * started): it then runs with no other rule beside it, whatever RunOptions.concurrency says.
   */
  readonly alone?: boolean;
  /**
   * True when the rule's time is mostly a wait on servers that use no CPU (a deadline, a grace): it
   * then runs beside the lanes from the start, not in one, so its waits overlap the other rules.
   */
  readonly waits?: boolean;
  /**
   * Returns a detail for the ok line ("" for none), or notApplicable(why) when the submission
   * gives it nothing to check (0 points, exit code unchanged); throws (failRule) to FAIL.
   */
  readonly body: (context: RuleContext) => Promise<string | NotApplicable>;
}

/** A built-in rule: one of RULES, placed under an observation (a rule without one does not compile there). */
export type ObservedRule = Rule & { readonly observation: ObservationNumber };

/** A rule's outcome when there is nothing to check: its line reads "n/a <title> (why)". */
export interface NotApplicable {
  readonly notApplicable: string;
}

/** What a rule body returns when the submission gives it nothing to check. */
export function notApplicable(why: string): NotApplicable {
  return { notApplicable: why };
}

/** Raises the rule's FAIL: the one failure shape (harness.ts), what was expected and what came. */
export function failRule(what: string, expected: string, received: string): never {
  throw new CheckFailure(what, expected, received);
}

/** One rule's outcome, as reports and feedback show it: the one Verdict, with the rule's own fields. */
export interface RuleVerdict extends Verdict {
  /** The rule's id (the same as `name`). */
  readonly rule: string;
  readonly visibility: Visibility;
  /** Where a learner of learner/ looks (`hint` is where a notebook learner looks). */
  readonly where: string;
}
