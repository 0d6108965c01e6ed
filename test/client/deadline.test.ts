import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadline } from "../../lib/src/client/deadline.js";
import { DeadlineError } from "../../lib/src/errors/deadline-error.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Deadline, reused operation after operation", () => {
  it("restart() counts the full timeout from the restart, not from the first operation", () => {
    const deadline = new Deadline("initialize", 100);
    vi.advanceTimersByTime(90);
    deadline.dispose();
    deadline.restart("tools/call");
    const expired = vi.fn();
    deadline.onExpire(expired);
    vi.advanceTimersByTime(99);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
    const reason = expired.mock.calls[0]![0] as DeadlineError;
    expect(reason).toBeInstanceOf(DeadlineError);
    expect(reason.message).toMatch(
      /^tools\/call did not finish within its deadline; expected a complete answer within 100 ms/,
    );
  });

  it("a timer that fires between operations touches nothing, and the next operation starts clean", () => {
    const deadline = new Deadline("tools/list", 50);
    const late = vi.fn();
    deadline.onExpire(late);
    deadline.dispose();
    vi.advanceTimersByTime(200);
    expect(late).not.toHaveBeenCalled();
    deadline.restart("tools/call");
    const next = vi.fn();
    deadline.onExpire(next);
    expect(next).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("after an expiry, restart() clears the reason; stop() ends the timer for good", () => {
    const deadline = new Deadline("a", 10);
    vi.advanceTimersByTime(10);
    const immediate = vi.fn();
    deadline.onExpire(immediate);
    expect(immediate).toHaveBeenCalledTimes(1);
    deadline.dispose();
    deadline.restart("b");
    const fresh = vi.fn();
    deadline.onExpire(fresh);
    expect(fresh).not.toHaveBeenCalled();
    deadline.stop();
    vi.advanceTimersByTime(1000);
    expect(fresh).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
