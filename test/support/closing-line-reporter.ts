import type { Reporter, SerializedError, TestModule } from "vitest/node";
import { awaitSourceChecks } from "./source-checks.js";

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI can read. A test
 * file that fails before its tests run (a crash in set-up or import), and an error outside any
 * test, each count as one failure, so a broken run can never read as a clean one. Under npm test
 * the source checks run beside the tests (WORKBOOK_SOURCE_CHECKS names their folder): the line
 * waits for them, prints what each that failed found, and counts it as one failure.
 */
export default class ClosingLineReporter implements Reporter {
  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): Promise<void> {
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
    const checks = process.env["WORKBOOK_SOURCE_CHECKS"];
    for (const failed of checks ? await awaitSourceChecks(checks) : []) {
      process.stdout.write(`\ntest: ${failed.name} found problems:\n${failed.output.trimEnd()}\n`);
      counts.failed += 1;
    }
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
