import { defineConfig } from "vitest/config";

// The suite `npm run grader:mutation` runs under Stryker: the rules grading the copy of the
// reference pieces (scripts/mutation/grade-copy.mutation.ts), in one worker, in file order.
export default defineConfig({
  test: {
    include: ["scripts/mutation/grade-copy.mutation.ts"],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
