import path from "node:path";

/** The compiled teaching server, started with node alone. */
export const TEACHING_SERVER = path.resolve(__dirname, "../../../server/dist/main.js");

/** The argv that starts the teaching server in `mode`, logging every tools/call to `log`. */
export function teachingServerCommand(mode = "normal", log?: string): string[] {
  const command = [process.execPath, TEACHING_SERVER, "--mode", mode];
  if (log !== undefined) command.push("--log", log);
  return command;
}
