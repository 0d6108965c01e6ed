// `npm run student-copy -- DIR`: writes the student copy of this checkout's tracked files into DIR
// (see student-copy.ts for what it leaves out). Exit 0 on success, 2 on a usage error.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { WorkbookError } from "../errors/workbook-error.js";
import { REPO_ROOT } from "../grading/checkpoint/paths.js";
import { STUDENT_COPY_LEAVES_OUT, writeStudentCopy } from "./student-copy.js";

const USAGE = "usage: npm run student-copy -- DIR   (DIR: a new or empty folder outside the repository)";

function main(argv: readonly string[]): number {
  const [dir, ...rest] = argv;
  if (dir === undefined || rest.length > 0 || dir.startsWith("-")) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const out = resolve(process.env["INIT_CWD"] ?? process.cwd(), dir);
  if (existsSync(out) && readdirSync(out).length > 0) {
    process.stderr.write(`student-copy: ${out} is not empty\n${USAGE}\n`);
    return 2;
  }
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "");
  try {
    const done = writeStudentCopy(REPO_ROOT, out, files);
    process.stdout.write(
      `student-copy: ${done.written} files written to ${out}; ${done.leftOut} left out; ${done.revealsRemoved} reveal cells taken out of the notebooks\n` +
        STUDENT_COPY_LEAVES_OUT.map((entry) => `  left out: ${entry.path} (${entry.why})\n`).join(""),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    process.stderr.write(`student-copy: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
