import { describe, expect, test } from "vitest";
import { WireTrace, type TraceSnapshot } from "../../lib/src/client/wire-trace.js";
import { DIAGRAM_MAX_ROWS, traceDiagramSpec } from "../../lib/src/charts/sequence-diagram.js";
import { renderSvg } from "../../lib/src/charts/render.js";
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
    const svg = await renderSvg(traceDiagramSpec(wrongId, "wrong-id"));
    for (const text of [
      "client",
      "server",
      "accepted as the answer",
      "refused · 75 B: ProtocolError [wrong-id]",
      "tools/call +1.0 ms",
      "&quot;id&quot;:4",
    ]) {
      expect(svg).toContain(text);
    }
    const trickled = await renderSvg(traceDiagramSpec(trickle));
    for (const text of [
      "held, no newline yet · 1 B",
      "deadline ended the operation",
      "signal: SIGTERM to process group 4242",
      "tools/call +400.0 ms",
    ]) {
      expect(trickled).toContain(text);
    }
  });

  test("is pure: the trace is not touched", () => {
    const before = JSON.stringify(trickle);
    traceDiagramSpec(trickle);
    expect(JSON.stringify(trickle)).toBe(before);
    expect(traceDiagramSpec(trickle)).toEqual(traceDiagramSpec(trickle));
  });

  test("marks entries the trace left out, and draws at most DIAGRAM_MAX_ROWS rows", () => {
    const gap = scripted((trace) => {
      for (let index = 0; index < 30; index += 1) trace.held(Buffer.from("x"), index + 1);
    });
    expect(gap.omitted).toBe(0);
    const small = scripted(() => undefined);
    expect(JSON.stringify(traceDiagramSpec(small))).toContain("0 entries");
    const cut = new WireTrace({ maxEntries: 20, now: () => 0 });
    for (let index = 0; index < 30; index += 1) cut.held(Buffer.from("x"), index + 1);
    expect(JSON.stringify(traceDiagramSpec(cut.snapshot()))).toContain("… 10 entries left out …");
    const long = scripted((trace) => {
      for (let index = 0; index < 500; index += 1) trace.held(Buffer.from("x"), index + 1);
    });
    const spec = JSON.stringify(traceDiagramSpec(long));
    expect(spec).toContain(`… ${500 - (DIAGRAM_MAX_ROWS - 1)} entries not drawn …`);
    const rows = [...spec.matchAll(/"row":(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...rows)).toBe(DIAGRAM_MAX_ROWS - 1);
  });
});
