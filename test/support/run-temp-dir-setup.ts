// vitest globalSetup: every temporary file or folder a test run makes goes under one folder of its
// own, removed when the run ends, so a test (or a process it started) that leaves one behind leaves
// nothing on the machine. os.tmpdir() reads TMPDIR, and the workers, the processes tests start and
// the README's commands inherit it. The folder is 0755: the grader's unprivileged host must be able
// to pass through it to the folders a rule hands it, as it passes through /tmp.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "workbook-test-run-"));
  chmodSync(dir, 0o755);
  process.env["TMPDIR"] = dir;
  return () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
