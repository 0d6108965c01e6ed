import { configDefaults, defineConfig } from "vitest/config";
import { SLOW_GLOB, TEST_GLOB } from "./test/support/tiers.js";

// WORKBOOK_TIER=quick (npm run test:quick) leaves out the files that start a kernel, Jupyter, a
// browser or a clone; npm test runs every file (test/support/tiers.ts has the rule).
const quick = process.env["WORKBOOK_TIER"] === "quick";

export default defineConfig({
  test: {
    include: [TEST_GLOB],
    exclude: quick ? [...configDefaults.exclude, SLOW_GLOB] : configDefaults.exclude,
    // Integration tests start real processes; the machine has two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./test/support/closing-line-reporter.ts"],
  },
});
