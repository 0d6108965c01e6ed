// What the graded code sees of its own process, made to look like a learner's: no constant it can
// key on to behave only when graded. The uid it runs as is drawn per grading from a range (as a
// class's jobs have uids of their own), not nobody's 65534; its argv, title and environment name a
// tslab kernel, not the host, the checkpoint or a test runner.
import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** The range a grading's uid is drawn from: above the system's and people's users, below a class's job slots (60000 + slot). */
export const GRADING_UIDS = { from: 20_000, to: 60_000 } as const;

let drawn: { uid: number; gid: number } | undefined;

/** The uids and gids /etc/passwd names: a drawn uid is none of them. */
function listedIds(): Set<number> {
  try {
    return new Set(
      readFileSync("/etc/passwd", "utf8")
        .split("\n")
        .flatMap((line) => line.split(":").slice(2, 4).map(Number))
        .filter(Number.isInteger),
    );
  } catch {
    return new Set();
  }
}

/** The uid (and the gid, the same number) this grading's graded code runs as: drawn once per grading process. */
export function drawnGradingUser(): { uid: number; gid: number } {
  if (drawn === undefined) {
    const listed = listedIds();
    let uid = randomInt(GRADING_UIDS.from, GRADING_UIDS.to);
    while (listed.has(uid)) uid = randomInt(GRADING_UIDS.from, GRADING_UIDS.to);
    drawn = { uid, gid: uid };
  }
  return drawn;
}

/**
 * Makes the host's process read as a tslab kernel's before the graded code loads: process.argv,
 * the command line /proc shows (process.title, as long as the original allows) and an environment
 * with nothing named for the workbook.
 */
export function lookLikeAKernel(): void {
  const tslab = join(dirname(dirname(process.execPath)), "lib", "node_modules", "tslab", "bin", "tslab");
  const connection = join(tmpdir(), `kernel-${randomBytes(4).toString("hex")}.json`);
  process.argv = [process.execPath, tslab, "kernel", "--config-path", connection];
  process.title = `node ${tslab} kernel --config-path ${connection}`;
  for (const name of Object.keys(process.env)) if (/^WORKBOOK_/u.test(name)) delete process.env[name];
}
