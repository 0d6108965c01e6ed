#!/usr/bin/env node
// Entry for `npm run checkpoint`, until the package's bin dispatches `mcp-workbook checkpoint`.
import { runCheckpointCommand } from "../cli/checkpoint.js";

runCheckpointCommand(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mcp-workbook checkpoint: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
