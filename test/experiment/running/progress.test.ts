import { describe, expect, it } from "vitest";
import { progressLine, terminalProgress } from "../../../lib/src/experiment/running/progress.js";
import type { Progress } from "../../../lib/src/experiment/running/runner.js";

const event = (done: number, model: string): Progress => ({
  done,
  total: 20,
  resumed: 0,
  model,
  condition: { kind: "unrelated", size: 64, protocol: "choice-none" },
  requestId: "none-thanks",
});

describe("progress for a run of several models", () => {
  it("names the model being asked", () => {
    expect(progressLine(event(10, "qwen2.5:7b"), 10)).toBe(
      "[#####.....] 10/20 qwen2.5:7b unrelated 64 choice-none none-thanks",
    );
  });

  it("prints every tenth row when not on a terminal", () => {
    const written: string[] = [];
    const sink = terminalProgress({ write: (text: string) => written.push(text) });
    for (let done = 1; done <= 20; done++) sink(event(done, done <= 10 ? "a:1b" : "b:7b"));
    expect(written.map((line) => line.split(" ").slice(1, 3).join(" "))).toEqual(["10/20 a:1b", "20/20 b:7b"]);
  });

  it("never draws a bar longer than its width (done past total was the 'Invalid count value: -1' crash)", () => {
    expect(progressLine({ ...event(30, "m"), total: 20 }, 10)).toMatch(/^\[##########\] 30\/20 /);
  });
});
