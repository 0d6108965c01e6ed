// The two test tiers, chosen by a rule on the file's name. A test file that starts a tslab kernel,
// Jupyter, a browser or a git clone is named `*.slow.test.ts`; every other test file is
// `*.test.ts`. `npm run test:quick` runs the second kind only, `npm test` runs both.
// vitest.config.mts reads the globs from here; tier-rule.ts checks a file's name against its code.

/** Every test file, either tier. */
export const TEST_GLOB = "test/**/*.test.ts";
/** The complete tier's extra files: left out of the quick tier. */
export const SLOW_GLOB = "test/**/*.slow.test.ts";

export type Tier = "quick" | "slow";

/** A file's tier by its name, or undefined for a file vitest never runs (a helper, or a misnamed test). */
export function tierOf(path: string): Tier | undefined {
  if (path.endsWith(".slow.test.ts")) return "slow";
  if (path.endsWith(".test.ts")) return "quick";
  return undefined;
}

/**
 * The reason a test file gives, on a line of its own, for how it is scheduled:
 *   // LABEL: a sentence saying why
 * A bare mark is no reason: the reason must be a sentence (16 characters or more).
 */
export function declaredReason(label: string, source: string): string | undefined {
  return new RegExp(`^// ${label}: (?<reason>\\S.{15,})$`, "mu").exec(source)?.groups?.["reason"];
}
