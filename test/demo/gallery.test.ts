import { describe, expect, it } from "vitest";
import type { ModeOutcome } from "../../lib/src/demo/failure-modes.js";
import {
  GALLERY_MODES,
  galleryTable,
  modeReport,
  outcomeLabel,
  showMode,
  type GalleryOutcome,
} from "../../lib/src/demo/gallery.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { MODE_NAMES } from "../../server/src/modes.js";

const outcome = (fields: Partial<GalleryOutcome>): GalleryOutcome => ({
  mode: "old-version",
  outcome: "version",
  detail: 'ProtocolError: server speaks "2024-11-05", not 2025-06-18',
  expected: "version",
  asExpected: true,
  ms: 12,
  leftBehind: 0,
  exitStatus: 0,
  teaches: "the handshake stops it",
  trace: { entries: [], omitted: 0, omittedAt: 0 },
  groupBeforeClose: [4242],
  serverRan: [],
  ...fields,
});

describe("the gallery's modes", () => {
  it("cover every mode the teaching server has, once each", () => {
    const names = GALLERY_MODES.map((entry) => entry.mode);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...MODE_NAMES].sort());
  });

  it("judge a live mode by its outcome and by what was left behind", async () => {
    const normal = await showMode("normal");
    expect(normal).toMatchObject({
      mode: "normal",
      outcome: "result",
      detail: "3",
      expected: "result",
      asExpected: true,
      leftBehind: 0,
      exitStatus: 0,
    });
    const endless = await showMode("endless");
    expect(endless).toMatchObject({ outcome: "frame-limit", expected: "frame-limit", asExpected: true, leftBehind: 0 });
  }, 20_000);

  it("refuses a mode the server does not have", async () => {
    await expect(showMode("sideways")).rejects.toThrow(UsageError);
    await expect(showMode("sideways")).rejects.toThrow(/unknown teaching-server mode; expected one of normal, /);
  });
});

describe("what the gallery shows", () => {
  it("labels an answer by its text and a refusal by its error class", () => {
    expect(outcomeLabel(outcome({ outcome: "result", detail: "3" }) as ModeOutcome)).toBe('answered "3"');
    expect(outcomeLabel(outcome({}))).toBe("ProtocolError");
    expect(outcomeLabel(outcome({ outcome: "deadline", detail: "DeadlineError: tools/call did not finish" }))).toBe(
      "DeadlineError",
    );
  });

  it("puts mode, outcome, reason and time in the table, and flags a surprise", () => {
    const table = galleryTable([
      outcome({}),
      outcome({ mode: "hang", outcome: "result", detail: "3", expected: "deadline", asExpected: false }),
    ]);
    expect(table).toContain(
      '<td style="text-align:left">old-version</td><td style="text-align:left">ProtocolError</td><td style="text-align:left">version</td><td style="text-align:left">12</td>',
    );
    expect(table).toContain("NO (expected deadline)");
  });

  it("reads one mode out line by line, ending with what was left behind", () => {
    expect(modeReport(outcome({})).split("\n")).toEqual([
      "mode:        old-version",
      "shows:       the handshake stops it",
      "outcome:     ProtocolError [version]",
      'message:     ProtocolError: server speaks "2024-11-05", not 2025-06-18',
      "time:        12 ms",
      "exit status: 0",
      "left behind: 0",
      "as expected: yes",
    ]);
    expect(modeReport(outcome({ outcome: "result", detail: "3" }))).not.toContain("message:");
  });
});
