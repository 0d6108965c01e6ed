import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests start real processes; the machine has two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./test/support/closing-line-reporter.ts"],
  },
});
