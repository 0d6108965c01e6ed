import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI can read. A test
 * file that fails before its tests run (a crash in set-up or import), and an error outside any
 * test, each count as one failure, so a broken run can never read as a clean one.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const counts = { passed: 0, failed: unhandled.length, skipped: 0 };
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") failedHere += 1;
        else counts.skipped += 1;
      }
      if (failedHere === 0 && (module.state() === "failed" || module.errors().length > 0)) failedHere = 1;
      counts.failed += failedHere;
    }
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
