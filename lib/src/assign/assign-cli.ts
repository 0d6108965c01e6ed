// `npm run notebooks:assign`: refresh each master's generated text (the build notebook's demands
// and counts, from the rules), then regenerate every learner copy and solutions copy from it,
// validating each pair first; nothing is written for a pair that fails. `--check` writes
// nothing and exits 1 if a committed copy differs from what its master gives.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ASSIGNMENTS, generate, REPO_ROOT } from "./assignments.js";
import { argumentsOrExit, readFlags } from "../flags/flags.js";

const USAGE =
  "usage: npm run notebooks:assign [-- --check]\n  refreshes each master's generated text and regenerates every learner and solutions copy from it; --check writes nothing and exits 1 on a difference";

async function main(argv: readonly string[]): Promise<number> {
  const { values } = argumentsOrExit("notebooks:assign", USAGE, () =>
    readFlags(argv, { check: { type: "boolean" }, help: { type: "boolean" } }),
  );
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const checkOnly = values.check === true;
  let status = 0;
  for (const assignment of ASSIGNMENTS) {
    const copies = generate(assignment);
    const said = await assignment.validate(copies.student, copies.solutions);
    for (const [path, text] of [
      [assignment.master, copies.masterText],
      [assignment.student, copies.studentText],
      [assignment.solutions, copies.solutionsText],
    ] as const) {
      const full = resolve(REPO_ROOT, path);
      let current: string | undefined;
      try {
        current = readFileSync(full, "utf8");
      } catch {
        current = undefined;
      }
      if (current === text) continue;
      if (checkOnly) {
        process.stderr.write(
          path === assignment.master
            ? `${path}: its generated text (demands, counts) is stale\n`
            : `${path} differs from what ${assignment.master} gives\n`,
        );
        status = 1;
      } else {
        writeFileSync(full, text);
        process.stdout.write(`wrote ${path}\n`);
      }
    }
    process.stdout.write(`${assignment.master}: ${said}\n`);
  }
  return status;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`notebooks:assign: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
