import fc from "fast-check";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { settledInOrder } from "../../../lib/src/grading/checkpoint/rules/settled.js";

describe("settledInOrder: a rule's scenarios side by side", () => {
  it("keeps the items' order, never runs more than `width` at once, and throws the first failure in order only after every scenario ended", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ ms: fc.integer({ min: 0, max: 5 }), fails: fc.boolean() }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (items, width) => {
          let running = 0;
          let most = 0;
          const ended: number[] = [];
          const outcome = await settledInOrder(
            items.map((item, index) => ({ ...item, index })),
            width,
            async ({ ms, fails, index }) => {
              most = Math.max(most, ++running);
              await sleep(ms);
              running -= 1;
              ended.push(index);
              if (fails) throw new Error(`scenario ${index}`);
              return index;
            },
          ).catch((error: Error) => error);
          expect(most).toBeLessThanOrEqual(width);
          expect(ended).toHaveLength(items.length); // none still running when the rule ends
          const firstFailure = items.findIndex((item) => item.fails);
          if (firstFailure === -1) expect(outcome).toEqual(items.map((_, index) => index));
          else expect((outcome as Error).message).toBe(`scenario ${firstFailure}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
