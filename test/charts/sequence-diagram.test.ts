import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { WireTrace, type TraceSnapshot } from "../../lib/src/client/wire-trace.js";
import {
  DIAGRAM_MAX_ROWS,
  DIAGRAM_TONES,
  traceDiagramSpec,
  traceDiagramsSideBySide,
  wrapToWidth,
} from "../../lib/src/charts/sequence-diagram.js";
import { renderSvg } from "../../lib/src/charts/render.js";
import { AA_TEXT_CONTRAST, contrastRatio } from "../../lib/src/charts/contrast.js";
import { dejaVuWidth } from "../../lib/src/charts/text-metrics.js";
import { svgTexts, svgViewBoxWidth } from "./svg-texts.js";
import { ProtocolError } from "../../lib/src/errors/protocol-error.js";
import { DeadlineError } from "../../lib/src/errors/deadline-error.js";

/** A trace built by hand on a fixed clock: the same every run. */
function scripted(build: (trace: WireTrace, at: (ms: number) => void) => void): TraceSnapshot {
  let clock = 0;
  const trace = new WireTrace({ now: () => clock });
  build(trace, (ms) => {
    clock = ms;
  });
  return trace.snapshot();
}

const handshake = (trace: WireTrace, at: (ms: number) => void): void => {
  trace.begin("initialize");
  trace.wrote(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n'), "sent");
  at(30);
  trace.read(
    Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18"}}'),
    "accepted as the answer",
    "request 1",
  );
};

const wrongId = scripted((trace, at) => {
  handshake(trace, at);
  trace.begin("tools/call");
  trace.wrote(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"word_count"}}\n'), "sent");
  at(31);
  trace.refusedFrame(
    Buffer.from('{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"3"}]}}'),
    new ProtocolError("wrong-id", { what: "response id 4 does not answer request 3" }),
  );
});

const trickle = scripted((trace, at) => {
  handshake(trace, at);
  trace.begin("tools/call");
  trace.wrote(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"word_count"}}\n'), "sent");
  for (const [index, byte] of ["{", '"', "j"].entries()) {
    at(30 + 200 * index);
    trace.held(Buffer.from(byte), index + 1);
  }
  at(1030);
  trace.failed(new DeadlineError("deadline", { what: "tools/call did not finish within its deadline" }));
  trace.begin("close");
  trace.signalled("SIGTERM", 4242);
  trace.exited("SIGTERM");
});

/** A classic Notebook cell's width at a 1280 px window (the browser test measures it on the page). */
const CELL_AT_1280 = 990;
const LONG_MESSAGE =
  "DeadlineError [deadline]: tools/call did not finish within its deadline; expected a complete answer within 1000 ms; limit: deadline 1000 ms for the whole operation, every write and read included";

const deadline = scripted((trace, at) => {
  handshake(trace, at);
  trace.begin("tools/call");
  at(1000);
  trace.failed(new DeadlineError("deadline", { what: LONG_MESSAGE }));
});

/** The words of `text` with every space removed: a wrapped message reads back the same. */
const squeezed = (text: string) => text.replace(/\s+/g, "");

describe("traceDiagramSpec", () => {
  test("two different traces give two different drawings, each the same every time", async () => {
    const a = await renderSvg(traceDiagramSpec(wrongId, "wrong-id"));
    const b = await renderSvg(traceDiagramSpec(trickle, "trickle"));
    expect(a).not.toBe(b);
    await expect(a).toMatchFileSnapshot("./__snapshots__/trace-wrong-id.svg");
    await expect(b).toMatchFileSnapshot("./__snapshots__/trace-trickle.svg");
    expect(await renderSvg(traceDiagramSpec(wrongId, "wrong-id"))).toBe(a);
  });

  test("draws what the client decided, the frames' first bytes and the times", async () => {
    const shown = svgTexts(await renderSvg(traceDiagramSpec(wrongId, "wrong-id")))
      .map((text) => text.text)
      .join("\n");
    for (const text of [
      "client",
      "server",
      "✓ accepted as the answer",
      "✗ refused · 75 B",
      "tools/call",
      "+1.0 ms",
      '"id":4',
    ]) {
      expect(shown).toContain(text);
    }
    const trickled = svgTexts(await renderSvg(traceDiagramSpec(trickle)))
      .map((text) => text.text)
      .join("\n");
    for (const text of ["held, no newline yet · 1 B", "✗ deadline ended the operation", "+400.0 ms"]) {
      expect(trickled).toContain(text);
    }
    expect(squeezed(trickled)).toContain(squeezed("signal: SIGTERM to process group 4242"));
  });

  test("is pure: the trace is not touched", () => {
    const before = JSON.stringify(trickle);
    traceDiagramSpec(trickle);
    expect(JSON.stringify(trickle)).toBe(before);
    expect(traceDiagramSpec(trickle)).toEqual(traceDiagramSpec(trickle));
  });

  test("marks entries the trace left out, and draws at most DIAGRAM_MAX_ROWS entries", () => {
    const small = scripted(() => undefined);
    expect(JSON.stringify(traceDiagramSpec(small))).toContain("0 entries");
    const cut = new WireTrace({ maxEntries: 20, now: () => 0 });
    for (let index = 0; index < 30; index += 1) cut.held(Buffer.from("x"), index + 1);
    expect(JSON.stringify(traceDiagramSpec(cut.snapshot()))).toContain("(10 entries left out here)");
    const long = scripted((trace) => {
      for (let index = 0; index < 500; index += 1) trace.held(Buffer.from("x"), index + 1);
    });
    const spec = JSON.stringify(traceDiagramSpec(long));
    expect(spec).toContain(`(${500 - (DIAGRAM_MAX_ROWS - 1)} entries not drawn here)`);
    expect([...spec.matchAll(/held, no newline yet/g)]).toHaveLength(DIAGRAM_MAX_ROWS - 1);
  });
});

describe("a diagram read from the back of a room (computed from the SVG)", () => {
  const drawings = {
    "wrong-id": () => renderSvg(traceDiagramSpec(wrongId, "wrong-id")),
    trickle: () => renderSvg(traceDiagramSpec(trickle, "trickle")),
    deadline: () => renderSvg(traceDiagramSpec(deadline, "a long deadline message")),
    "hang beside trickle": () =>
      renderSvg(
        traceDiagramsSideBySide([
          { title: "hang", trace: deadline },
          { title: "trickle", trace: trickle },
        ]),
      ),
  };

  test.each(Object.keys(drawings))(
    "%s: fills its cell, no text under 14 px at 1280 px, none under 4.5:1, nothing cut",
    async (name) => {
      const svg = await drawings[name as keyof typeof drawings]();
      expect(svg).toMatch(/^<svg[^>]* width="100%"/);
      const viewBox = svgViewBoxWidth(svg);
      expect(viewBox).toBeLessThanOrEqual(CELL_AT_1280);
      const scale = CELL_AT_1280 / viewBox; // shown at the cell's width: never smaller than drawn
      const texts = svgTexts(svg);
      expect(texts.length).toBeGreaterThan(5);
      for (const text of texts) {
        expect({ text: text.text, px: text.fontPx * scale >= 14 }).toEqual({ text: text.text, px: true });
        expect({ text: text.text, contrast: contrastRatio(text.fill, "#ffffff") >= AA_TEXT_CONTRAST }).toEqual({
          text: text.text,
          contrast: true,
        });
        expect(text.text).not.toContain("…");
      }
    },
  );

  test("an error message is drawn whole, wrapped over lines", async () => {
    const texts = svgTexts(await renderSvg(traceDiagramSpec(deadline)));
    const red = texts.filter((text) => text.fill === DIAGRAM_TONES.refused).map((text) => text.text);
    expect(red.length).toBeGreaterThan(1);
    expect(squeezed(red.join(" "))).toContain(squeezed(LONG_MESSAGE));
  });

  test("a colour that means accepted or refused always comes with its symbol", async () => {
    for (const trace of [wrongId, trickle, deadline]) {
      const texts = svgTexts(await renderSvg(traceDiagramSpec(trace)));
      // The first line of each label carries the symbol; its wrapped lines follow it directly.
      let previous = "";
      for (const text of texts) {
        if (text.fill === DIAGRAM_TONES.accepted && previous !== DIAGRAM_TONES.accepted)
          expect(text.text).toMatch(/^✓ /);
        if (text.fill === DIAGRAM_TONES.refused && previous !== DIAGRAM_TONES.refused) expect(text.text).toMatch(/^✗ /);
        previous = text.fill;
      }
    }
  });

  test("every tone is at least 4.5:1 on white", () => {
    for (const colour of Object.values(DIAGRAM_TONES))
      expect(contrastRatio(colour, "#fff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#888888", "#ffffff")).toBeLessThan(4.5); // the old held-bytes grey, which failed
  });
});

describe("wrapToWidth", () => {
  const measure = (text: string) => dejaVuWidth(text, 15);
  test("keeps every character, and no line is wider than the room", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 40, max: 900 }), (text, px) => {
        const lines = wrapToWidth(text, px, measure);
        expect(lines.join("").replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
        for (const line of lines) expect(measure(line) <= px || [...line].length === 1).toBe(true);
      }),
    );
  });
});
