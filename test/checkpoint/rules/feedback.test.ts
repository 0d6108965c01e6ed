// The rules API a learner's notebook calls: feedback over functions looked up at run time.
import { describe, expect, it, vi } from "vitest";
import { feedback, rulesFor } from "../../../lib/src/grading/checkpoint/rules/feedback.js";
import { RULES } from "../../../lib/src/grading/checkpoint/rules/index.js";
import { FrameReader } from "../../../lib/src/protocol/frame-reader.js";
import { answerFor } from "../../../lib/src/protocol/messages.js";

describe("feedback", () => {
  it("names rules by id or by piece, and refuses a name it does not know", () => {
    expect(rulesFor("FrameReader").map((rule) => rule.id)).toContain("frame-limit-endless");
    expect(rulesFor(["ids-exact", "ids-exact"]).map((rule) => rule.id)).toEqual(["ids-exact"]);
    expect(rulesFor("all")).toHaveLength(RULES.length);
    expect(() => rulesFor("no-such-rule")).toThrow(/no rule or piece named "no-such-rule"/u);
  });

  it("says ok for a right piece and not yet, with expected and received, for a wrong one", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const right = await feedback("ids-exact", { answerFor });
      expect(right.map((each) => each.ok)).toEqual([true]);
      const loose = (id: number, message: { id?: unknown; result?: unknown; method?: unknown }) =>
        "method" in message ? null : message.id == id ? message.result : null;
      const [wrong] = await feedback("ids-exact", { answerFor: loose });
      expect(wrong).toMatchObject({ ok: false, rule: "ids-exact" });
      expect(wrong!.line).toMatch(/^not yet ids-exact: /u);
      expect(wrong!.expected).toMatch(/refusal/u);
      expect(wrong!.received).toMatch(/returned/u);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/^ok a reply answers/u));
    } finally {
      log.mockRestore();
    }
  });

  it("looks the pieces up on every run, so a redefined function is the one checked", async () => {
    let pieces: Record<string, unknown> = {
      FrameReader: class {
        feed(): Buffer[] {
          throw new Error("not implemented: FrameReader.feed");
        }
      },
    };
    const first = await feedback("framing-newline", () => pieces, { print: false });
    expect(first[0]!.ok).toBe(false);
    expect(first[0]!.received).toMatch(/not written yet/u);
    pieces = { FrameReader };
    const second = await feedback("framing-newline", () => pieces, { print: false });
    expect(second[0]!.ok).toBe(true);
  });
});
