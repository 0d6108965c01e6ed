import { describe, expect, it } from "vitest";
import { DEFAULT_ENDLESS_BYTES, parseArgs, usageText } from "../../server/src/args.js";
import { MODES, MODE_NAMES, isModeName } from "../../server/src/modes.js";

describe("parseArgs", () => {
  it("defaults to normal mode, no log, 1 GiB for the endless line", () => {
    expect(parseArgs([])).toEqual({
      kind: "run",
      options: {
        mode: "normal",
        protocol: "2025-06-18",
        logFile: undefined,
        endlessBytes: DEFAULT_ENDLESS_BYTES,
        recordFile: undefined,
        notifications: 0,
      },
    });
    expect(DEFAULT_ENDLESS_BYTES).toBe(1_073_741_824);
  });

  it("reads --flag value and --flag=value", () => {
    expect(parseArgs(["--mode", "hang", "--log=/tmp/x.jsonl", "--endless-bytes", "5"])).toEqual({
      kind: "run",
      options: {
        mode: "hang",
        protocol: "2025-06-18",
        logFile: "/tmp/x.jsonl",
        endlessBytes: 5,
        recordFile: undefined,
        notifications: 0,
      },
    });
  });

  it.each<[readonly string[], string]>([
    [["--mode", "sideways"], 'unknown mode "sideways"'],
    [["--mode"], "--mode expects a value, got none"],
    [["--log="], "--log expects a value, got none"],
    [["--mode", "hang", "--mode", "ping"], "--mode given twice"],
    [["serve"], 'unknown argument "serve"'],
    [["--endless-bytes", "0"], '--endless-bytes expects a whole number of bytes >= 1, got "0"'],
    [["--endless-bytes", "1e3"], '--endless-bytes expects a whole number of bytes >= 1, got "1e3"'],
    [["--family", "0"], '--family expects a whole number from 1 to 8, got "0"'],
    [["--family", "9"], '--family expects a whole number from 1 to 8, got "9"'],
    [["--extra-tools", "a,b"], '--extra-tools expects a JSON array of distinct non-empty names, got "a,b"'],
    [
      ["--extra-tools", '["a","a"]'],
      '--extra-tools expects a JSON array of distinct non-empty names, got "[\\"a\\",\\"a\\"]"',
    ],
    [["--extra-tools", '[""]'], '--extra-tools expects a JSON array of distinct non-empty names, got "[\\"\\"]"'],
    [
      ["--mode", "paged", "--extra-tools", '["x"]'],
      "--extra-tools adds to the shop's tools; mode paged advertises its own",
    ],
    [["--only-tools", "[1]"], '--only-tools expects a JSON array of distinct non-empty names, got "[1]"'],
    [
      ["--only-tools", "[]", "--extra-tools", '["x"]'],
      "--only-tools replaces the shop's tools and --extra-tools adds to them: give one",
    ],
    [
      ["--mode", "many-tools", "--only-tools", "[]"],
      "--only-tools replaces the shop's tools; mode many-tools advertises its own",
    ],
    ...["[]", '{"word_count":{"type":"object"}}', '{"t":[]}', '{"t":null}', '{"":{}}', "{"].map(
      (json): [readonly string[], string] => [
        ["--schema-tools", json],
        `--schema-tools expects a JSON object naming tools (none named twice) with an object schema each, got ${JSON.stringify(json)}`,
      ],
    ),
    [
      ["--extra-tools", '["t"]', "--schema-tools", '{"t":{}}'],
      '--schema-tools expects a JSON object naming tools (none named twice) with an object schema each, got "{\\"t\\":{}}"',
    ],
    [
      ["--mode", "paged", "--schema-tools", '{"t":{}}'],
      "--schema-tools adds to the shop's tools; mode paged advertises its own",
    ],
  ])("refuses %j: %s", (argv, message) => {
    expect(parseArgs(argv)).toEqual({ kind: "usage-error", message });
  });

  it("reads --extra-tools as any names, the prototype's included, and --family as a count", () => {
    const names = ["constructor", "__proto__", "Tool 1.v2", "名前"];
    expect(parseArgs(["--extra-tools", JSON.stringify(names), "--family", "3"])).toMatchObject({
      kind: "run",
      options: { extraTools: names, family: 3 },
    });
  });

  it("reads --only-tools as the whole catalog, an empty one included", () => {
    expect(parseArgs(["--only-tools", "[]"])).toMatchObject({ kind: "run", options: { onlyTools: [] } });
    expect(parseArgs(["--only-tools", '["a","b"]'])).toMatchObject({ kind: "run", options: { onlyTools: ["a", "b"] } });
  });

  it("reads --schema-tools as tools named by any string, each with the schema given", () => {
    const schemas = JSON.parse(
      '{"__proto__":{"type":"object"},"t":{"type":"object","properties":{"a":{"default":1}}}}',
    );
    const parsed = parseArgs(["--schema-tools", JSON.stringify(schemas)]);
    expect(parsed).toMatchObject({ kind: "run", options: { schemaTools: schemas } });
    expect(Object.keys((parsed as { options: { schemaTools: object } }).options.schemaTools)).toEqual([
      "__proto__",
      "t",
    ]);
  });

  it("answers --help before looking at anything else", () => {
    expect(parseArgs(["--mode", "sideways", "--help"])).toEqual({ kind: "help" });
  });
});

describe("modes", () => {
  // No count of modes here: a new mode is one row of MODES and its fault, not an edit to this test too.
  it("lists every mode once, normal first, each with a one-line summary in the usage text", () => {
    expect(MODE_NAMES).toHaveLength(MODES.length);
    expect(new Set(MODE_NAMES).size).toBe(MODES.length);
    expect(MODE_NAMES[0]).toBe("normal");
    const usage = usageText();
    for (const mode of MODES)
      expect(usage).toMatch(
        new RegExp(
          `^  ${mode.name} +${mode.summary.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}${mode.eras.length === 1 ? " \\(2025-06-18 only\\)" : ""}$`,
          "mu",
        ),
      );
    expect(isModeName("stale")).toBe(true);
    expect(isModeName("Stale")).toBe(false);
  });
});

describe("--protocol", () => {
  it.each(["2025-06-18", "2026-07-28", "both"])("reads %s", (protocol) => {
    expect(parseArgs(["--protocol", protocol])).toMatchObject({ kind: "run", options: { protocol } });
  });

  it.each([
    [["--protocol", "2025-11-25"], '--protocol expects one of 2025-06-18, 2026-07-28, both, got "2025-11-25"'],
    [["--protocol", "modern"], '--protocol expects one of 2025-06-18, 2026-07-28, both, got "modern"'],
  ])("refuses %j", (argv, message) => {
    expect(parseArgs(argv)).toEqual({ kind: "usage-error", message });
  });

  it("refuses a mode whose fault belongs to no era it would serve, and takes it under both", () => {
    for (const mode of MODES) {
      const modernOnly = parseArgs(["--mode", mode.name, "--protocol", "2026-07-28"]);
      if ((mode.eras as readonly string[]).includes("2026-07-28")) expect(modernOnly).toMatchObject({ kind: "run" });
      else
        expect(modernOnly).toEqual({
          kind: "usage-error",
          message: `mode ${mode.name} applies only to 2025-06-18 requests; --protocol 2026-07-28 serves none`,
        });
      expect(parseArgs(["--mode", mode.name, "--protocol", "both"])).toMatchObject({ kind: "run" });
    }
    expect(MODES.filter((mode) => mode.eras.length === 1).map((mode) => mode.name)).toEqual([
      "old-version",
      "ping",
      "sampling",
    ]);
  });
});

describe("the checkpoint's evidence settings", () => {
  it("reads --record and --notifications, and refuses a count that is not a whole number", () => {
    expect(parseArgs(["--record", "/tmp/r.jsonl", "--notifications", "17"])).toMatchObject({
      kind: "run",
      options: { recordFile: "/tmp/r.jsonl", notifications: 17 },
    });
    expect(parseArgs(["--notifications", "-1"])).toMatchObject({
      kind: "usage-error",
      message: expect.stringMatching(/--notifications expects a whole number/u),
    });
  });

  it("reads --skipped-mix, and refuses one without methods or with a ping count out of range", () => {
    const mix = { methods: ["notifications/progress", "made-up/x"], pings: 2 };
    expect(parseArgs(["--notifications", "5", "--skipped-mix", JSON.stringify(mix)])).toMatchObject({
      kind: "run",
      options: { notifications: 5, skippedMix: mix },
    });
    for (const bad of [
      '{"methods":[],"pings":0}',
      '{"methods":[""],"pings":0}',
      '{"methods":["a"],"pings":-1}',
      "[]",
      "x",
    ])
      expect(parseArgs(["--skipped-mix", bad])).toMatchObject({
        kind: "usage-error",
        message: expect.stringMatching(/--skipped-mix expects/u),
      });
  });

  it("reads --ask-ids as distinct strings or numbers, and refuses null, duplicates, none or too many", () => {
    expect(parseArgs(["--ask-ids", '[0,"","0",-1,0.5]'])).toMatchObject({
      kind: "run",
      options: { askIds: [0, "", "0", -1, 0.5] },
    });
    for (const bad of [
      "[]",
      "[null]",
      "[true]",
      "[1,1]",
      '["a","a"]',
      "{}",
      "x",
      JSON.stringify(Array.from({ length: 17 }, (_, k) => k)),
    ])
      expect(parseArgs(["--ask-ids", bad])).toMatchObject({
        kind: "usage-error",
        message: expect.stringMatching(/--ask-ids expects a JSON array of 1 to 16 distinct ids/u),
      });
  });

  it("reads --leave-after-eof-ms, and refuses one that is not a whole number of ms up to 10000", () => {
    expect(parseArgs(["--leave-after-eof-ms", "99"])).toMatchObject({ kind: "run", options: { leaveAfterEofMs: 99 } });
    for (const bad of ["-1", "1.5", "10001", "soon"])
      expect(parseArgs(["--leave-after-eof-ms", bad])).toMatchObject({
        kind: "usage-error",
        message: expect.stringMatching(/--leave-after-eof-ms expects/u),
      });
  });
});
