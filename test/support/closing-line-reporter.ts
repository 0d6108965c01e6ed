import type { Reporter, TestModule } from "vitest/node";

/** Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI can read. */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
