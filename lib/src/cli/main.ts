#!/usr/bin/env node
import { runCallCommand } from "./call.js";
import { runDemoCommand } from "./demo.js";
import { runServeCommand } from "./serve.js";
import { closeClientsOnSignals } from "./signals.js";

const USAGE = `usage: mcp-workbook <command> [options]
  serve [--mode M] [--log FILE]     the teaching server on stdio (--help lists the modes)
  call [--allow a,b] [--timeout-ms N] [--json] TOOL ARGS_JSON [-- SERVER_CMD...]
  demo [MODE|all]                   every failure mode, live, as a table
  experiment ...                    Part A's tool-selection experiment (--help)
  checkpoint ...                    the chapter checkpoint, headless (--help)`;

type Command = (argv: readonly string[]) => Promise<number>;

/** Subcommands load lazily, so `serve` starts without loading the experiment's dependencies. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => runServeCommand,
  call: async () => (argv) => runCallCommand(argv),
  demo: async () => runDemoCommand,
  experiment: async () => {
    const { runExperimentCommand } = await import("./experiment.js");
    return (argv) => runExperimentCommand([...argv]);
  },
  checkpoint: async () => {
    // A class starts a grader per learner, each loading the same modules: compiled once, kept (compile-cache.ts).
    const cache = await import("../grading/checkpoint/host/compile-cache.js");
    cache.enableGraderCompileCache();
    const { runCheckpointCommand } = await import("./checkpoint.js");
    const { hideGraderCommandLine } = await import("../grading/checkpoint/host/host-probe.js");
    cache.flushCompileCache();
    return (argv) => {
      hideGraderCommandLine();
      return runCheckpointCommand(argv);
    };
  },
};

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "help") {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`mcp-workbook: unknown command ${JSON.stringify(name)}\n${USAGE}\n`);
    return 2;
  }
  // serve shares its process group with the server it runs: a signal already reaches both.
  if (name !== "serve") closeClientsOnSignals();
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `mcp-workbook: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
