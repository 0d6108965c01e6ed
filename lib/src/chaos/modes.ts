import { execFileSync } from "node:child_process";
import { TEACHING_SERVER } from "../client/teaching-server.js";

/** Every mode of the teaching server, read from its own --help, so a new mode is never missed. */
export function teachingModes(): string[] {
  const help = execFileSync(process.execPath, [TEACHING_SERVER, "--help"], { encoding: "utf8" });
  const section = help.slice(help.indexOf("\nmodes:\n") + "\nmodes:\n".length);
  return section
    .split("\n")
    .map((line) => /^ {2}(\S+)\s/.exec(line)?.[1])
    .filter((mode): mode is string => mode !== undefined);
}
