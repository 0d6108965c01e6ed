// The host's side of the grader's clock: it moves only while a request waits. Between requests the
// grader reckons the next request's times (its horizon) from where the last answer said the clock
// stood; a move it asked for as that answer went out must not be taken, or the next session
// starts off the grader's reckoning.
import { expect, it } from "vitest";
import { idlePoints, type IdleReport } from "../../../lib/src/grading/checkpoint/host/idle-point.js";
import type { VirtualClock } from "../../../lib/src/grading/checkpoint/host/virtual-clock.js";

/** A clock that stands at `at` with one timer due at `due`. */
function stillClock(due: number): VirtualClock & { at: number } {
  const clock = {
    at: 0,
    now: () => clock.at,
    nextDue: () => due,
    advanceTo: (to: number) => {
      clock.at = to;
    },
    uninstall: () => undefined,
  };
  return clock;
}

async function firstReport(reports: IdleReport[]): Promise<IdleReport> {
  for (let turn = 0; reports.length === 0 && turn < 1000; turn += 1)
    await new Promise((resolve) => setTimeout(resolve, 1));
  expect(reports.length).toBeGreaterThan(0);
  return reports[0]!;
}

it.each([
  { waits: true, moved: 5 },
  { waits: false, moved: 0 },
])("takes the move a report asked for only while a request waits ($waits)", async ({ waits, moved }) => {
  const clock = stillClock(5);
  let waiting = true;
  const reports: IdleReport[] = [];
  const points = idlePoints(
    clock,
    { running: () => [] },
    () => waiting,
    (each) => reports.push(each),
    {
      setTimeout,
      clearTimeout,
    },
  );
  try {
    points.wake();
    const { epoch } = await firstReport(reports);
    waiting = waits; // the request answered, or not, before the move came
    expect(points.advance(epoch, 5)).toBe(waits);
    expect(clock.now()).toBe(moved);
  } finally {
    waiting = false;
    points.stop();
  }
});
