import { BaseSequencer, type TestSpecification } from "vitest/node";
import { tierOf } from "./tiers.js";

/**
 * Starts the slow tier's files first (kernels, Jupyter, the browser, the README's clone), in vitest's
 * own order among them (longest last time, or largest on a fresh clone), then the quick ones: the
 * long files start while the short ones fill the other worker, so no long file starts last.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (spec: TestSpecification) => tierOf(spec.moduleId) === "slow";
    return [...sorted.filter(slow), ...sorted.filter((spec) => !slow(spec))];
  }
}
