// `npm run class:sample -- --class DIR --roster FILE`: writes the small sample class and its roster
// (sample-class.ts), to try `checkpoint --class ... --export ...` without a class of one's own.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { argumentsOrExit, readFlags } from "../../flags/flags.js";
import { UsageError } from "../../errors/usage-error.js";
import { SMALL_CLASS, writeSmallClass } from "./sample-class.js";

const USAGE = "usage: npm run class:sample -- --class DIR --roster FILE   (DIR and FILE must not exist yet)";

const { dir, roster } = argumentsOrExit("class:sample", USAGE, () => {
  const { values } = readFlags(process.argv.slice(2), { class: { type: "string" }, roster: { type: "string" } });
  if (values.class === undefined || values.roster === undefined)
    throw new UsageError("arguments", {
      what: "the class folder and the roster file are both needed",
      expected: "--class DIR --roster FILE",
    });
  const base = process.env["INIT_CWD"] ?? process.cwd();
  const paths = { dir: resolve(base, values.class), roster: resolve(base, values.roster) };
  for (const path of Object.values(paths))
    if (existsSync(path))
      throw new UsageError("arguments", { what: `${path} exists already`, expected: "a path that does not exist yet" });
  return paths;
});
writeSmallClass(dir, roster);
process.stdout.write(`class: ${dir} (${SMALL_CLASS.join(", ")})\nroster: ${roster}\n`);
