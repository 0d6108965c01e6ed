// The checks that only read the sources (tsc, eslint, prettier) run beside the tests, at the
// lowest CPU priority (scripts/test.sh): they use the cores the tests leave idle while they wait
// on deadlines and servers. Each writes NAME.out and then NAME.status (its exit code) into one
// folder; the closing line waits for all three and counts each that failed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const SOURCE_CHECKS = ["tsc", "eslint", "prettier"] as const;

export interface FailedCheck {
  readonly name: string;
  /** Why: the check's own output, or that it never finished. */
  readonly output: string;
}

/** Waits until every check in `dir` has written its status (at most `limitMs`), then returns the ones that failed. */
export async function awaitSourceChecks(dir: string, limitMs = 600_000, pollMs = 200): Promise<FailedCheck[]> {
  const statusOf = (name: string) => join(dir, `${name}.status`);
  const started = Date.now();
  // The test command removes the folder when it ends: a run it left behind stops waiting then.
  while (
    existsSync(dir) &&
    !SOURCE_CHECKS.every((name) => existsSync(statusOf(name))) &&
    Date.now() - started < limitMs
  )
    await sleep(pollMs);
  if (!existsSync(dir))
    return [{ name: "source checks", output: `their folder ${dir} is gone: the test command ended` }];
  return SOURCE_CHECKS.flatMap((name) => {
    if (!existsSync(statusOf(name)))
      return [{ name, output: `no outcome within ${limitMs / 1000} s (${statusOf(name)} was never written)` }];
    const status = readFileSync(statusOf(name), "utf8").trim();
    if (status === "0") return [];
    const output = existsSync(join(dir, `${name}.out`)) ? readFileSync(join(dir, `${name}.out`), "utf8") : "";
    return [{ name, output: `exit status ${status}\n${output}` }];
  });
}
