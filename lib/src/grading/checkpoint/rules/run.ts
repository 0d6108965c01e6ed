// Runs rules (one after another, or a few at once), each with its own probe and a fresh folder,
// and turns each into one verdict. Never throws: a missing export, a failed dependency, a type
// error in the file that holds an export, a probe that stops answering: each becomes that rule's
// FAIL and nothing more.
// Every server a rule started is ended afterwards (servers.ts).
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bounded, CheckFailure } from "../../trials/harness.js";
import { cpuWaitMeter } from "../../trials/starvation.js";
import { RULES } from "./index.js";
import { directServers, type ServerSource } from "./servers.js";
import type { ClockDriver } from "../host/clock-driver.js";
import {
  type Probe,
  type ProbeAnswer,
  type ProbeRequest,
  type Rule,
  type RuleContext,
  type RuleVerdict,
} from "./types.js";
import { showWire } from "./wire.js";

/** A probe for one rule, and what the graded code printed while it ran. */
export interface ProbeSession {
  readonly probe: Probe;
  /** What moves the graded code's virtual clock, where the grading host gives it one. */
  readonly clock?: ClockDriver;
  /** The process the graded code runs in (the host, in grading), whose tree's wait for a CPU a rule's bound forgives. */
  readonly pid?: number;
  /** Ends the probe (the host process, in grading) and returns what the graded code printed. */
  close(): Promise<string>;
}

export interface RunOptions {
  readonly openProbe: (rule: Rule) => Promise<ProbeSession>;
  readonly rules?: readonly Rule[];
  readonly seed?: number;
  /** Exports whose source does not compile, with the compiler's errors: rules needing them FAIL. */
  readonly broken?: ReadonlyMap<string, string>;
  /** The user the graded code runs as, so the servers it starts can write in the rule's folder. */
  readonly owner?: { readonly uid: number; readonly gid: number };
  /** The teaching server's main file as the graded code can reach it (default: this checkout's). */
  readonly serverMain?: string;
  /** Where each rule's servers come from (default: the client starts the teaching server itself, see servers.ts). */
  readonly servers?: () => ServerSource;
  /**
   * How many rules run at once (default 1). Each needs a probe of its own: openProbe must not hand
   * one probe to two rules running together (hostPool keeps a host per running rule).
   */
  readonly concurrency?: number;
  /** Called after each rule, in the rules' order, for progress lines. */
  readonly onVerdict?: (verdict: RuleVerdict) => void;
  /**
   * Where a learner looks when `rule` fails, given what its FAIL said (default: the rule's own
   * `where`, learner/'s file): a build notebook's grading names the notebook's section instead.
   */
  readonly whereOf?: (rule: Rule, said: string) => string;
}

/**
 * `text` cut to `max` characters with an ellipsis; a cut inside a quoted string closes it, so the
 * line's quoted words (the graded code's, a value shown) stay apart from the grader's own.
 */
function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max - 2);
  const open = kept.replace(/"(?:[^"\\]|\\.)*"/gu, "").includes('"');
  return `${kept}…${open ? '"' : ""}`;
}

function oneLine(text: string, max = 600): string {
  return cutTo(text.replace(/\s*\n\s*/gu, " | ").trim(), max);
}

/** How much of a FAIL line its text may take before it is cut (where to look comes after). */
const FAIL_ROOM = 520;

/** The least of what was checked, and of what was expected, a FAIL line keeps when it makes room. */
const LEAST_PART = 60;

/**
 * A failure's text for `rule`'s line: what was received is what a reader needs (the outcome), so a
 * text too long for the line gives up the ends of what was checked and of what was expected first.
 */
export function failureText(rule: Pick<Rule, "id">, failure: CheckFailure): string {
  if (failure.expected === undefined) return failure.message;
  const room = FAIL_ROOM - `FAIL ${rule.id}: `.length;
  if (failure.message.length <= room) return failure.message;
  const { what, expected } = failure;
  const received = failure.received ?? "nothing";
  const spare = room - ": expected ; received ".length - received.length;
  // Half each, what one of them leaves over going to the other.
  const whatRoom = Math.max(LEAST_PART, spare - Math.min(expected.length, Math.ceil(spare / 2)));
  const expectedRoom = Math.max(LEAST_PART, spare - Math.min(what.length, whatRoom));
  return `${cutTo(what, whatRoom)}: expected ${cutTo(expected, expectedRoom)}; received ${received}`;
}

/** The rule's one line; a long FAIL is cut in its middle, so where to look always shows. */
export function verdictLine(
  rule: Rule,
  ok: boolean,
  text: string,
  status?: RuleVerdict["status"],
  where: string = rule.where,
): string {
  if (status === "not-applicable") return oneLine(`n/a ${rule.title} (${text})`);
  if (ok) return oneLine(text === "" ? `ok ${rule.title}` : `ok ${rule.title} (${text})`);
  return `${oneLine(`FAIL ${rule.id}: ${text}`, FAIL_ROOM)} (look at: ${where})`;
}

function verdict(
  rule: Rule,
  status: RuleVerdict["status"],
  text: string,
  extra: {
    expected?: string;
    received?: string;
    output?: string;
    ms?: number;
    seed?: number;
    whereOf?: RunOptions["whereOf"];
  } = {},
): RuleVerdict {
  const where = extra.whereOf?.(rule, text) ?? rule.where;
  const ok = status === "passed" || status === "not-applicable";
  const points = status === "not-applicable" ? 0 : rule.points;
  const visibility =
    rule.seeded === true && (extra.seed ?? 0) !== 0 && rule.visibility === "visible"
      ? "after_due_date"
      : rule.visibility;
  return {
    name: rule.id,
    rule: rule.id,
    title: rule.title,
    ok,
    status,
    points,
    score: ok ? points : 0,
    visibility,
    where,
    hint: ok ? undefined : where,
    expected: extra.expected,
    received: extra.received,
    line: verdictLine(rule, ok, text, status, where),
    output: extra.output ?? "",
    ms: extra.ms ?? 0,
  };
}

export async function runRules(options: RunOptions): Promise<RuleVerdict[]> {
  const rules = options.rules ?? RULES;
  const lanes = new Lanes(Math.max(1, Math.floor(options.concurrency ?? 1)));
  const byId = new Map<string, Promise<RuleVerdict>>();
  // A rule that runs alone starts once every rule before it has ended; the rules after it wait for it.
  let barrier: Promise<unknown> = Promise.resolve();
  let sinceBarrier: Promise<RuleVerdict>[] = [];
  // When each rule began (or ended without beginning): a rule that waits starts once every rule
  // before it has begun.
  const begun: Promise<void>[] = [];
  const results = rules.map((rule, index) => {
    const before = rule.alone === true ? Promise.all([barrier, ...sinceBarrier]) : barrier;
    let began!: () => void;
    begun.push(new Promise<void>((resolve) => (began = resolve)));
    const earlierBegun = Promise.all(begun.slice(0, index));
    const result = (async () => {
      // A rule waits for the rules it depends on without holding a lane, so lanes never wait on each other.
      const dependencies = await Promise.all(rule.dependsOn.flatMap((id) => byId.get(id) ?? []));
      await before;
      // A rule that mostly waits runs beside the lanes, so its wait overlaps the rules that work; it
      // starts in its turn, once every rule before it has begun, so the sessions it opens do not
      // crowd the first rules (pure functions under a whole-rule deadline) off a busy machine's CPUs.
      if (rule.waits === true) {
        await earlierBegun;
        began();
        return runRule(rule, options, dependencies);
      }
      return lanes.run(() => {
        began();
        return runRule(rule, options, dependencies);
      });
    })();
    // A rule that waits on others holds no later rule back (it may be waiting on one of them), nor
    // does one that ends before it begins.
    if (rule.dependsOn.length > 0) began();
    void result.finally(() => began());
    byId.set(rule.id, result);
    if (rule.alone === true) {
      barrier = result;
      sinceBarrier = [];
    } else sinceBarrier.push(result);
    return result;
  });
  // Progress in the rules' order, whichever lane finishes first.
  const verdicts: RuleVerdict[] = [];
  for (const result of results) {
    const verdict = await result;
    verdicts.push(verdict);
    options.onVerdict?.(verdict);
  }
  return verdicts;
}

/** At most `size` tasks at once; the rest start in the order they asked. */
class Lanes {
  private free: number;
  private readonly queue: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

async function runRule(rule: Rule, options: RunOptions, earlier: readonly RuleVerdict[]): Promise<RuleVerdict> {
  const failedFirst = rule.dependsOn.filter((id) => earlier.some((each) => each.rule === id && !each.ok));
  const seed = options.seed ?? 0;
  if (failedFirst.length > 0)
    return verdict(rule, "not-graded", `not graded: it means something only once ${failedFirst.join(", ")} passes`, {
      seed,
      whereOf: options.whereOf,
    });
  const broken = rule.needs.filter((name) => options.broken?.has(name));
  if (broken.length > 0) {
    const errors = [...new Set(broken.map((name) => options.broken!.get(name)!))].join("\n");
    return verdict(rule, "failed", `${broken.join(", ")} did not compile: ${errors.split("\n")[0] ?? ""}`, {
      output: errors,
      seed,
      whereOf: options.whereOf,
    });
  }

  const started = performance.now();
  // A neutral name: nothing the graded code can see names a rule.
  const dir = mkdtempSync(join(tmpdir(), "mcp-"));
  if (options.owner) chownSync(dir, options.owner.uid, options.owner.gid);
  const servers =
    options.servers?.() ??
    directServers(dir, {
      ...(options.owner ? { owner: options.owner } : {}),
      ...(options.serverMain ? { serverMain: options.serverMain } : {}),
    });
  let session: ProbeSession | undefined;
  let status: RuleVerdict["status"] = "failed";
  let text = "";
  let expected: string | undefined;
  let received: string | undefined;
  try {
    session = await options.openProbe(rule);
    const probe = session.probe;
    const context = makeContext(probe, dir, options, servers, session.clock);
    const kinds = await context.ask({ op: "exports" });
    const exported = kinds.ok ? (kinds.value as Record<string, string>) : {};
    const missing = rule.needs.filter((name) => exported[name] === undefined || exported[name] === "undefined");
    if (missing.length > 0)
      throw new CheckFailure(
        "the implementation's exports",
        `${missing.join(", ")}`,
        kinds.ok ? "not exported" : `no answer (${kinds.error.message})`,
      );
    // This process and the graded code's tree: what they waited for a CPU, the rule's bound waits again.
    const host = session.pid;
    const waited = cpuWaitMeter(() => [
      { pid: process.pid, withDescendants: false },
      ...(host === undefined ? [] : [{ pid: host, withDescendants: true }]),
    ]);
    const outcome = await bounded(
      rule.deadlineMs,
      () => rule.body(context),
      () => new CheckFailure("the whole rule", `an outcome within ${rule.deadlineMs} ms`, "none"),
      waited,
    );
    if (typeof outcome === "string") {
      text = outcome;
      status = "passed";
    } else {
      text = outcome.notApplicable;
      status = "not-applicable";
    }
  } catch (error) {
    if (error instanceof CheckFailure) {
      text = failureText(rule, error);
      expected = error.expected;
      received = error.received;
    } else {
      text = `the check itself failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const output = session ? await session.close().catch((error: unknown) => `(output lost: ${String(error)})`) : "";
  const leftovers = await servers.end();
  rmSync(dir, { recursive: true, force: true });
  if (status !== "failed" && leftovers.length > 0) {
    status = "failed";
    text = `processes were left running after the rule and had to be killed: ${leftovers.join(", ")}`;
  }
  return verdict(rule, status, text, {
    ...(expected === undefined ? {} : { expected }),
    ...(received === undefined ? {} : { received }),
    output,
    ms: Math.round(performance.now() - started),
    seed,
    whereOf: options.whereOf,
  });
}

function makeContext(
  probe: Probe,
  dir: string,
  options: RunOptions,
  servers: ServerSource,
  driver: ClockDriver | undefined,
): RuleContext {
  const clocked = servers.clocked?.bind(servers);
  return {
    ...(driver && clocked
      ? { clock: { driver, server: (script, settings) => clocked(script, driver, settings) } }
      : {}),
    dir,
    seed: options.seed ?? 0,
    ask: async (request: ProbeRequest, boundMs = 10_000): Promise<ProbeAnswer> => {
      const answer = await bounded(
        boundMs,
        () => probe(request),
        () =>
          new CheckFailure(
            describeRequest(request),
            `an answer within ${boundMs} ms`,
            "none (is every read under one deadline?)",
          ),
      );
      // Every rule that hands the graded code an object judges this: a piece never changes its inputs.
      if (answer.inputsChanged !== undefined && answer.inputsChanged.length > 0)
        throw new CheckFailure(
          `what ${describeRequest(request)} was handed`,
          "the same values after the call as before it (a piece never changes its inputs)",
          `${answer.inputsChanged.slice(0, 3).join(", ")}${
            answer.inputsChanged.length > 3 ? ` and ${answer.inputsChanged.length - 3} more` : ""
          } changed by the call`,
        );
      if (answer.inputsShared !== undefined && answer.inputsShared.length > 0)
        throw new CheckFailure(
          `what ${describeRequest(request)} handed back`,
          "a new list (the caller may push onto it or sort it, and what it was handed must not change)",
          `the list handed back is ${answer.inputsShared.slice(0, 3).join(", ")}: a push onto it reached them`,
        );
      if (answer.resultShared !== undefined)
        throw new CheckFailure(
          `what ${request.op === "call" ? `${request.fn}(${request.args.map((arg) => showWire(arg, 60)).join(", ")})` : describeRequest(request)} returned, called twice`,
          "a value of its own each time: a caller's change to one, at any depth, reaches no other (each message its own, with its own params)",
          answer.resultShared,
        );
      return answer;
    },
    server: (mode, settings) => servers.server(mode, settings),
  };
}

function describeRequest(request: ProbeRequest): string {
  switch (request.op) {
    case "call":
      return `${request.fn}(...)`;
    case "client.call":
      return `client.${request.method}()`;
    case "client.new":
      return "new StdioClient(...)";
    default:
      return request.op;
  }
}
