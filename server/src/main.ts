/**
 * The teaching MCP server's entry point: `node server/dist/main.js [--mode M] [--log FILE]`.
 * Reads newline-delimited JSON-RPC on stdin, answers on stdout, diagnoses on stderr, and exits
 * 0 when stdin ends. It depends on nothing but Node.
 */
import { startServer } from "./serve.js";
import { processIo } from "./server-io.js";

const started = startServer(process.argv.slice(2), processIo());
if (started !== "serving") process.exitCode = started.status;
