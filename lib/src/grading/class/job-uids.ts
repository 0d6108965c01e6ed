// The uids a class's jobs run graded code as (root only). Two classes graded at once on one machine
// (a soak beside a test, two courses) must not share one: a job's uid is how its leftover processes
// are found and killed, and its process limit counts every process of that uid. So each uid is
// claimed with a lock file made exclusively in the temporary folder (sticky: only root may remove
// it), naming the claiming process; a lock whose process is gone is taken over.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIRST_JOB_UID } from "./job-isolation.js";

const LAST_JOB_UID = FIRST_JOB_UID + 999;

function lockOf(uid: number): string {
  return join(tmpdir(), `.workbook-class-uid-${uid}.lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims `count` free uids from FIRST_JOB_UID + 1 up (60001, 60002 ... when no other class runs). */
export function claimJobUids(count: number): { uids: number[]; release: () => void } {
  const uids: number[] = [];
  for (let uid = FIRST_JOB_UID + 1; uid <= LAST_JOB_UID && uids.length < count; uid += 1) {
    const lock = lockOf(uid);
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx", mode: 0o644 });
      uids.push(uid);
    } catch {
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(lock, "utf8"));
      } catch {
        // unreadable: leave it
      }
      if (Number.isSafeInteger(holder) && holder > 0 && !alive(holder)) {
        rmSync(lock, { force: true });
        uid -= 1; // try this uid again
      }
    }
  }
  if (uids.length < count) throw new Error(`no ${count} free job uids from ${FIRST_JOB_UID + 1} to ${LAST_JOB_UID}`);
  return { uids, release: () => uids.forEach((uid) => rmSync(lockOf(uid), { force: true })) };
}
