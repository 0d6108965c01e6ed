// The class command's pieces that need no grading: the seed each learner gets, the gradebook's
// text and its reading back, an archive's paths, and what a class folder holds (with every kind of
// bad input a class hands in), each tested against the function itself.
import fc from "fast-check";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { classProgress, secondsLeft } from "../../lib/src/grading/class/class-progress.js";
import {
  gradebookCsv,
  readGradebook,
  writeGradebook,
  type GradebookRow,
} from "../../lib/src/grading/class/gradebook.js";
import { parseCsv } from "../../lib/src/text/csv.js";
import { chooseIsolation, isolatedCommand } from "../../lib/src/grading/class/job-isolation.js";
import { shellQuote } from "../../lib/src/grading/checkpoint/host/private-files.js";
import { namespaceArgs } from "../../lib/src/grading/checkpoint/host/containment.js";
import { learnerSeed } from "../../lib/src/grading/class/learner-seed.js";
import { submissionHash } from "../../lib/src/grading/class/submission-hash.js";
import { findSubmissions, notebookProblem } from "../../lib/src/grading/class/submissions.js";
import { outsideReason, unpackArchive } from "../../lib/src/grading/class/zip-archive.js";
import { runClassGrading } from "../../lib/src/cli/checkpoint-class.js";
import { gradeClass } from "../../lib/src/grading/class/grade-class.js";

const root = mkdtempSync(join(tmpdir(), "class-inputs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
function folder(): string {
  folders += 1;
  const dir = join(root, String(folders));
  mkdirSync(dir);
  return dir;
}

const notebook = (cells: ReadonlyArray<{ tags?: string[]; source: string }>): string =>
  JSON.stringify({
    cells: cells.map((cell) => ({
      cell_type: "code",
      metadata: { tags: cell.tags ?? [] },
      source: cell.source,
      outputs: [],
    })),
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  });
const BUILD = notebook([{ tags: ["build-piece"], source: "function encodeFrame(m: unknown) { return ''; }" }]);

describe("learnerSeed", () => {
  it("is a whole number from 1 to 2^48 - 1, the same for the same id and (almost always) different for two", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const seed = learnerSeed(a);
        expect(Number.isSafeInteger(seed) && seed >= 1 && seed < 2 ** 48).toBe(true);
        expect(learnerSeed(a)).toBe(seed);
        if (a !== b) expect(learnerSeed(b)).not.toBe(seed);
      }),
    );
  });
  it("is pinned: the README's example and resumed classes depend on it never changing", () => {
    expect(learnerSeed("alice")).toMatchInlineSnapshot(`120062339420346`);
  });
});

describe("the gradebook", () => {
  const rowArbitrary = fc.record({
    learner: fc.string({ minLength: 1 }),
    score: fc.option(fc.nat(100), { nil: undefined }),
    max: fc.option(fc.nat(100), { nil: undefined }),
    status: fc.string(),
    points: fc.record({ a: fc.nat(5), "b-c": fc.nat(5) }, { requiredKeys: [] }),
    hash: fc.stringMatching(/^[0-9a-f]{0,16}$/u),
    grader: fc.string(),
    seconds: fc.option(
      fc.integer({ min: 0, max: 10_000 }).map((tenths) => tenths / 10),
      { nil: undefined },
    ),
  });
  it("reads back every row it wrote, commas, quotes and newlines included, sorted by learner", () => {
    fc.assert(
      fc.property(fc.uniqueArray(rowArbitrary, { selector: (row) => row.learner }), (rows: GradebookRow[]) => {
        const dir = folder();
        writeGradebook(
          dir,
          [
            { id: "a", points: 5 },
            { id: "b-c", points: 1 },
          ],
          rows,
        );
        const back = readGradebook(dir);
        const sorted = [...rows].sort((x, y) => (x.learner < y.learner ? -1 : x.learner > y.learner ? 1 : 0));
        expect(back).toEqual(sorted);
        expect(readdirSync(dir)).toEqual(["grades.csv"]); // the temporary file was renamed, not left
      }),
      { numRuns: 50 },
    );
  });
  it("has exactly the columns learner, score, max, status, the rules with their full marks, then hash, grader version and seconds", () => {
    const csv = gradebookCsv(
      [
        { id: "ids-fresh", points: 2 },
        { id: "close-group", points: 1 },
      ],
      [],
    );
    expect(parseCsv(csv)[0]).toEqual([
      "learner",
      "score",
      "max",
      "status",
      "ids-fresh (2 points)",
      "close-group (1 point)",
      "submission_hash",
      "grader_version",
      "seconds",
    ]);
  });
});

/** A zip of stored entries (no compression), enough for the reader's path checks. */
function zipOf(entries: ReadonlyArray<{ name: string; data: string }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.from(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe("a class handed in as a zip", () => {
  it("unpacks what stays inside and refuses every path that leads outside, naming its learner", () => {
    const dir = folder();
    const zip = join(dir, "class.zip");
    writeFileSync(
      zip,
      zipOf([
        { name: "alice.ipynb", data: BUILD },
        { name: "mallory/../../escaped.txt", data: "out" },
        { name: "/etc/escaped", data: "out" },
        { name: "bob/src/index.ts", data: "export {};" },
      ]),
    );
    const into = join(dir, "into");
    mkdirSync(into);
    const { refused } = unpackArchive(zip, into);
    expect(refused.map((each) => [each.name, each.learner])).toEqual([
      ["mallory/../../escaped.txt", "mallory"],
      ["/etc/escaped", undefined],
    ]);
    expect(readFileSync(join(into, "alice.ipynb"), "utf8")).toBe(BUILD);
    expect(existsSync(join(dir, "escaped.txt"))).toBe(false);
    expect(existsSync(join(root, "escaped.txt"))).toBe(false);
  });
  it("finds every path with a '..' part, an absolute start or a drive letter, and passes the rest", () => {
    const part = fc.stringMatching(/^[a-z0-9_.-]{1,6}$/u).filter((each) => each !== ".." && each !== ".");
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), fc.nat(4), (parts, at) => {
        expect(outsideReason(parts.join("/"))).toBeUndefined();
        const sneaky = [...parts];
        sneaky.splice(Math.min(at, parts.length), 0, "..");
        expect(outsideReason(sneaky.join("/"))).toBeDefined();
        expect(outsideReason(`/${parts.join("/")}`)).toBeDefined();
        expect(outsideReason(`C:\\${parts.join("\\")}`)).toBeDefined();
      }),
    );
  });
});

describe("what a class folder holds", () => {
  it("names every learner and, for bad input, says why in words a learner can act on", () => {
    const dir = folder();
    writeFileSync(join(dir, "alice.ipynb"), BUILD);
    writeFileSync(join(dir, "empty.ipynb"), "");
    writeFileSync(join(dir, "text.ipynb"), "hello, not JSON");
    writeFileSync(join(dir, "prose.ipynb"), notebook([{ source: "1 + 1" }]));
    writeFileSync(join(dir, "twice.ipynb"), BUILD);
    mkdirSync(join(dir, "twice", "src"), { recursive: true });
    writeFileSync(join(dir, "twice", "src", "index.ts"), "export {};");
    mkdirSync(join(dir, "copy", "src"), { recursive: true });
    writeFileSync(join(dir, "copy", "src", "index.ts"), "export {};");
    mkdirSync(join(dir, "nb", "ps1"), { recursive: true });
    writeFileSync(join(dir, "nb", "ps1", "build.ipynb"), BUILD);
    writeFileSync(join(dir, "nb", "ps1", "notes.ipynb"), notebook([]));
    mkdirSync(join(dir, "two", "ps1"), { recursive: true });
    writeFileSync(join(dir, "two", "ps1", "a.ipynb"), BUILD);
    writeFileSync(join(dir, "two", "ps1", "b.ipynb"), BUILD);
    mkdirSync(join(dir, "nothing"));
    writeFileSync(join(dir, "notes.txt"), "an instructor's note");
    const { submissions, ignored } = findSubmissions(dir);
    const shown = Object.fromEntries(
      submissions.map((each) => [
        each.learner,
        "problem" in each ? each.problem : `${each.kind}: ${each.path.slice(dir.length + 1)}`,
      ]),
    );
    expect(shown).toMatchInlineSnapshot(`
      {
        "alice": "notebook: alice.ipynb",
        "copy": "learner copy: copy",
        "empty": "the notebook file is empty: save the notebook in Jupyter and hand it in again",
        "nb": "notebook: nb/ps1/build.ipynb",
        "nothing": "the folder holds no submission (expected src/index.ts, a build notebook, or a module)",
        "prose": "the notebook has no build cells (code cells tagged "build-piece"): hand in the Part B build notebook",
        "text": "the file is not a notebook (it is not JSON): hand in the .ipynb file Jupyter saves",
        "twice": "two submissions for one learner (twice.ipynb and twice/): hand in one",
        "two": "2 notebooks hold build cells (ps1/a.ipynb, ps1/b.ipynb): keep the build cells in one notebook",
      }
    `);
    expect(ignored).toEqual(["notes.txt"]);
  });
  it("hashes a submission by its files' paths and bytes, so a changed file changes the hash", () => {
    const dir = folder();
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "index.ts"), "export const a = 1;");
    const before = submissionHash(dir);
    expect(submissionHash(dir)).toBe(before);
    writeFileSync(join(dir, "src", "index.ts"), "export const a = 2;");
    expect(submissionHash(dir)).not.toBe(before);
    expect(notebookProblem(join(dir, "src", "index.ts"))).toMatch(/not a notebook/u);
  });
});

describe("the progress it shows", () => {
  it("prints a plain line per learner when not on a terminal, and rewrites one line on a terminal", () => {
    const plain: string[] = [];
    const off = classProgress({ write: (text) => plain.push(text), live: false }, 2, 2);
    off.started("alice");
    off.finished("alice", "graded", 4);
    expect(plain).toEqual(["[1/2] alice: graded (4.0 s)\n"]);
    const live: string[] = [];
    const on = classProgress({ write: (text) => live.push(text), live: true }, 3, 1);
    on.started("alice");
    on.finished("alice", "graded", 30);
    on.started("bob");
    on.close();
    expect(live.at(-2)).toBe("\r\u001b[Kgraded 1/3; grading bob; about 1 min 0 s left");
    expect(live.at(-1)).toBe("\n");
    expect(secondsLeft([], 3, 2)).toBeUndefined();
  });
});

describe("a job's isolation", () => {
  it("covers the report folder and every submission, mounts the job's own folder back, makes the rest read-only, and runs the checkpoint as the user again", () => {
    const command = isolatedCommand(
      { kind: "user-namespace" },
      {
        own: "/out/.work/1",
        view: "/tmp/workbook-class-job-1",
        out: "/out",
        hidden: [{ path: "/class/it's", directory: true }],
        cgroupProcs: [],
      },
      ["node", "main.js"],
    );
    expect(command.slice(0, 2)).toEqual(["unshare", "--user"]);
    // Its PID namespace is spelled where the hosts' are (containment.ts): the checkpoint is its first process.
    expect(command.slice(1, command.indexOf("--"))).toEqual(
      namespaceArgs({ userNamespace: "--map-root-user", privateMounts: true, privateIpc: true }),
    );
    const script = command[command.indexOf("-c") + 1]!;
    expect(script).toContain(`mount -t tmpfs -o mode=0,size=4k hidden ${shellQuote("/class/it's")}`);
    expect(script.indexOf("class-reports '/out'")).toBeLessThan(script.indexOf("--bind . '/tmp/workbook-class-job-1'"));
    // The private file view (private-files.ts) comes after the covers, the job's folder its one writable one.
    expect(script.indexOf("remount,bind,ro")).toBeGreaterThan(script.indexOf("--bind . '/tmp/workbook-class-job-1'"));
    expect(script).toContain("mount -o remount,bind,rw '/tmp/workbook-class-job-1'");
    // The checkpoint runs as the user again, in a user namespace of its own: no capability is left to lift a cover.
    expect(script).toMatch(/exec 'unshare' '--map-user=\d+' '--map-group=\d+' '--' prlimit/u);
    expect(command.slice(-2)).toEqual(["node", "main.js"]);
    expect(
      isolatedCommand({ kind: "trusted" }, { own: "", view: "", out: "", hidden: [], cgroupProcs: [] }, ["node"]),
    ).toEqual(["node"]);
  });
});

describe("where learners cannot be kept apart", () => {
  it("refuses (the class command's exit 2), unless --trust-submissions says every submission is trusted", () => {
    const path = process.env["PATH"];
    process.env["PATH"] = join(root, "no-tools-here"); // no unshare, setpriv or prlimit
    try {
      const refused = chooseIsolation(false);
      expect("refused" in refused && refused.refused).toMatch(/^cannot keep learners apart/u);
      expect(chooseIsolation(true)).toEqual({ kind: "trusted" });
    } finally {
      process.env["PATH"] = path;
    }
  });
});

describe("the class command's usage", () => {
  it("exits 2 with the usage for a missing report folder or a bad --jobs, before grading anyone", async () => {
    for (const argv of [
      ["--class", root],
      ["--class", root, "--report-dir", join(root, "out"), "--jobs", "0"],
    ]) {
      const err: string[] = [];
      const code = await runClassGrading(argv, { stdout: () => undefined, stderr: (text) => err.push(text) }, () => []);
      expect(code).toBe(2);
      expect(err.join("")).toMatch(/usage: mcp-workbook checkpoint --class DIR --report-dir OUT/u);
    }
  });
});

describe("a class zip with nothing gradable", () => {
  it("gives each learner a row saying why, unpacks only inside OUT, and never writes outside it", async () => {
    const dir = folder();
    const zip = join(dir, "export.zip");
    writeFileSync(
      zip,
      zipOf([
        { name: "export/empty.ipynb", data: "" },
        { name: "export/prose.ipynb", data: notebook([{ source: "1 + 1" }]) },
        // A name the learner chose, as a formula: the gradebook writes it inert.
        { name: "export/=HYPERLINK(1).ipynb", data: "" },
        { name: "export/mallory/../../../slipped.txt", data: "out" },
      ]),
    );
    const out = join(dir, "out");
    const result = await gradeClass({
      dir: zip,
      out,
      jobs: 2,
      fresh: false,
      trusted: true,
      rules: [{ id: "ids-fresh", points: 2 }],
      timeLimitSeconds: 10,
      progress: { write: () => undefined, live: false },
      log: () => undefined,
    });
    expect(result.rows.map((row) => [row.learner, row.status])).toEqual([
      ["=HYPERLINK(1)", "not graded: the notebook file is empty: save the notebook in Jupyter and hand it in again"],
      ["empty", "not graded: the notebook file is empty: save the notebook in Jupyter and hand it in again"],
      [
        "mallory",
        "not graded: the archive holds \"export/mallory/../../../slipped.txt\", a path through '..' leading outside its folder: it was not unpacked",
      ],
      [
        "prose",
        'not graded: the notebook has no build cells (code cells tagged "build-piece"): hand in the Part B build notebook',
      ],
    ]);
    expect(readdirSync(dir).sort()).toEqual(["export.zip", "out"]);
    expect(readdirSync(out)).toEqual(["grades.csv"]);
    expect(readFileSync(join(out, "grades.csv"), "utf8")).toMatch(/^'=HYPERLINK\(1\),,,not graded: /mu);
    expect(readGradebook(out)[0]!.learner).toBe("=HYPERLINK(1)");
  });
});
