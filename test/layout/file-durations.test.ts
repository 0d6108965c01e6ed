// The order the complete tier starts its files in: the longest first by the committed record of
// each file's time, so a fresh clone (CI) schedules as well as a machine that ran the suite before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { DURATIONS_FILE, mergedDurations, readDurations, type FileDurations } from "../support/file-durations.js";
import { declaredWaitingReason, longestFirst } from "../support/longest-first-sequencer.js";

const scratch = mkdtempSync(join(tmpdir(), "durations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** longestFirst's rule, over generated files (most with a record): every file once, longer recorded files first, ties in order. */
function ordersLongestFirst(order: (files: readonly string[], durations: FileDurations) => string[]) {
  const file = fc.tuple(fc.nat(40), fc.boolean()).map(([n, slow]) => `test/f${n}${slow ? ".slow" : ""}.test.ts`);
  const seconds = fc.option(fc.integer({ min: 0, max: 200 }), { freq: 4 }); // null: no record yet
  const run = fc.uniqueArray(fc.tuple(file, seconds), { selector: ([path]) => path, maxLength: 30 }).map((entries) => ({
    files: entries.map(([path]) => path),
    durations: Object.fromEntries(entries.flatMap(([path, s]) => (s === null ? [] : [[path, s] as const]))),
  }));
  return fc.property(run, ({ files, durations }) => {
    const ordered = order(files, durations);
    expect([...ordered].sort()).toEqual([...files].sort());
    for (let index = 1; index < ordered.length; index += 1) {
      const [before, after] = [ordered[index - 1]!, ordered[index]!];
      if (before in durations && after in durations) {
        expect(durations[before]!).toBeGreaterThanOrEqual(durations[after]!);
        if (durations[before] === durations[after]) expect(files.indexOf(before)).toBeLessThan(files.indexOf(after));
      }
    }
  });
}

describe("longestFirst", () => {
  it("puts unrecorded slow files first, then the recorded ones longest first, then unrecorded quick ones", () => {
    const durations = { "test/a.test.ts": 14, "test/b.slow.test.ts": 3, "test/c.slow.test.ts": 160 };
    expect(
      longestFirst(
        ["test/new.test.ts", "test/a.test.ts", "test/b.slow.test.ts", "test/new.slow.test.ts", "test/c.slow.test.ts"],
        durations,
      ),
    ).toEqual([
      "test/new.slow.test.ts",
      "test/c.slow.test.ts",
      "test/a.test.ts",
      "test/b.slow.test.ts",
      "test/new.test.ts",
    ]);
  });

  it("keeps every file once, never puts a shorter recorded file before a longer one, and keeps ties in order", () => {
    fc.assert(ordersLongestFirst(longestFirst));
  });

  it("the same property fails a comparator that answers true or false (a sort that never moves a file up)", () => {
    const booleanComparator = (files: readonly string[], durations: FileDurations): string[] =>
      [...files].sort((a, b) => Number((durations[b] ?? 0) > (durations[a] ?? 0)));
    expect(fc.check(ordersLongestFirst(booleanComparator)).failed).toBe(true);
  });
});

type Order = (
  files: readonly string[],
  durations: FileDurations,
  waiting: ReadonlySet<string>,
  workers: number,
) => string[];

/**
 * The rule for one file that mostly waits, over generated records: the others keep their longest-first
 * order, and it starts once the others before it, spread over the workers, first fill half of what the
 * run has left without it.
 */
function startsMidRun(order: Order) {
  const run = fc.record({
    seconds: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 25 }),
    pick: fc.nat(),
    workers: fc.integer({ min: 1, max: 4 }),
  });
  return fc.property(run, ({ seconds, pick, workers }) => {
    const files = seconds.map((_, index) => `test/f${index}.slow.test.ts`);
    const durations = Object.fromEntries(files.map((file, index) => [file, seconds[index]!]));
    const waiter = files[pick % files.length]!;
    const ordered = order(files, durations, new Set([waiter]), workers);
    const others = ordered.filter((file) => file !== waiter);
    expect(others).toEqual(longestFirst(files, durations).filter((file) => file !== waiter));
    const total = seconds.reduce((sum, each) => sum + each, 0);
    const target = (total - durations[waiter]! * workers) / 2;
    const before = others.slice(0, ordered.indexOf(waiter)).map((file) => durations[file]!);
    const filled = before.reduce((sum, each) => sum + each, 0);
    // It goes no earlier than the target, and no later than the first file that reaches it.
    if (before.length < others.length) expect(filled).toBeGreaterThanOrEqual(target);
    if (before.length > 0) expect(filled - before.at(-1)!).toBeLessThan(target);
  });
}

describe("a file that mostly waits", () => {
  it("starts mid-run: the others in their order, and it once they fill half of what is left", () => {
    fc.assert(startsMidRun(longestFirst));
  });

  it("the same property fails an order that leaves it first, or puts it last", () => {
    const first: Order = (files, durations, waiting) => [
      ...waiting,
      ...longestFirst(files, durations).filter((file) => !waiting.has(file)),
    ];
    const last: Order = (files, durations, waiting) => [
      ...longestFirst(files, durations).filter((file) => !waiting.has(file)),
      ...waiting,
    ];
    expect(fc.check(startsMidRun(first)).failed).toBe(true);
    expect(fc.check(startsMidRun(last)).failed).toBe(true);
  });

  it("the same property fails a placement that counts one worker whatever the run has", () => {
    const forgetsWorkers: Order = (files, durations, waiting) => longestFirst(files, durations, waiting, 1);
    expect(fc.check(startsMidRun(forgetsWorkers)).failed).toBe(true);
  });

  it("without a record it stays where an unrecorded file goes", () => {
    expect(
      longestFirst(
        ["test/a.test.ts", "test/new.slow.test.ts"],
        { "test/a.test.ts": 5 },
        new Set(["test/new.slow.test.ts"]),
      ),
    ).toEqual(["test/new.slow.test.ts", "test/a.test.ts"]);
  });

  it("says so on a line of its own with a reason; the README test does, and the committed record starts it after the longest files", () => {
    expect(declaredWaitingReason("// Mostly waits: runs each line of a document as a process tree.\nit();")).toBe(
      "runs each line of a document as a process tree.",
    );
    expect(declaredWaitingReason("// Mostly waits: yes\n")).toBeUndefined();
    expect(
      declaredWaitingReason("const note = 'x'; // Mostly waits: runs each line of a document as a process tree."),
    ).toBeUndefined();
    const readme = "test/readme/readme.slow.test.ts";
    expect(declaredWaitingReason(readFileSync(readme, "utf8"))).toBeDefined();
    const record = readDurations();
    const ordered = longestFirst(Object.keys(record), record, new Set([readme]));
    const longest = longestFirst(Object.keys(record), record)
      .filter((file) => file !== readme)
      .slice(0, 2);
    for (const file of longest) expect(ordered.indexOf(file)).toBeLessThan(ordered.indexOf(readme));
  });
});

describe("the record of each file's time", () => {
  it("is committed, and every entry is seconds for a test file", () => {
    const recorded = readDurations(DURATIONS_FILE);
    expect(Object.keys(recorded).length).toBeGreaterThan(100);
    expect(Object.keys(recorded).filter((path) => !/^test\/.+\.test\.ts$/u.test(path))).toEqual([]);
  });

  it("takes this run's seconds to a tenth, keeps the others while their files exist, sorted by path", () => {
    const merged = mergedDurations(
      { "test/z.test.ts": 4, "test/gone.test.ts": 9, "test/a.test.ts": 1 },
      { "test/a.test.ts": 2.345, "test/m.slow.test.ts": 70.06 },
      (path) => path !== "test/gone.test.ts",
    );
    expect(Object.entries(merged)).toEqual([
      ["test/a.test.ts", 2.3],
      ["test/m.slow.test.ts", 70.1],
      ["test/z.test.ts", 4],
    ]);
  });

  it("refuses a record that is not seconds by file, saying what it expected and what came", () => {
    const bad = join(scratch, "bad.json");
    writeFileSync(bad, "[1, 2]");
    expect(() => readDurations(bad)).toThrow(/expected an object of seconds by test file, received \[1,2\]/u);
    writeFileSync(bad, '{"test/a.test.ts": "slow"}');
    expect(() => readDurations(bad)).toThrow(/test\/a\.test\.ts: expected seconds \(a number >= 0\), received "slow"/u);
    expect(readDurations(join(scratch, "missing.json"))).toEqual({});
  });
});
