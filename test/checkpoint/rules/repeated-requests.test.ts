// One operation sends each of its requests once (server-records.ts, repeatedRequests): what the
// server received while it ran is judged by the requests among it, whatever else came between
// (notifications, answers to the server's own requests, lines it could not read).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repeatedRequests } from "../../../lib/src/grading/checkpoint/rules/server-records.js";

const requests = ["initialize", "tools/list", "tools/call"] as const;
const others = fc.constantFrom("notifications/initialized", "(response)", "(other)", "ping", "shutdown");

describe("the requests one operation sent", () => {
  it("are fine when each came once, in any order among anything else", () => {
    fc.assert(
      fc.property(fc.array(others, { maxLength: 6 }), (between) =>
        fc.assert(
          fc.property(fc.shuffledSubarray([...requests, ...between]), (received) => {
            expect(repeatedRequests(received)).toBeUndefined();
          }),
          { numRuns: 5 },
        ),
      ),
      { numRuns: 20 },
    );
  });

  it("name each request that came more than once, and how often", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...requests),
        fc.integer({ min: 2, max: 5 }),
        fc.array(others),
        (method, times, between) => {
          const received = [...between, ...Array.from({ length: times }, () => method)];
          expect(repeatedRequests(received)).toBe(`${method} ${times} times`);
        },
      ),
    );
  });
});
