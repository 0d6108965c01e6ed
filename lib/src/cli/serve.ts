import { spawn } from "node:child_process";
import { TEACHING_SERVER } from "../client/teaching-server.js";

/**
 * `mcp-workbook serve [--mode M] [--log FILE]`: the teaching server on this process's stdio.
 * It runs as a child sharing our stdin/stdout and our process group, so a client that ends the
 * group ends both. Its exit code (or signal) becomes ours.
 */
export function runServeCommand(argv: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TEACHING_SERVER, ...argv], { stdio: "inherit" });
    child.on("error", (error) => {
      process.stderr.write(`mcp-workbook serve: could not start the teaching server: ${error.message}\n`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      if (signal) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}
