/**
 * The teaching MCP server's entry point: `node server/dist/main.js [--mode M] [--log FILE]`.
 * Reads newline-delimited JSON-RPC on stdin, answers on stdout, diagnoses on stderr, and exits
 * 0 when stdin ends. It depends on nothing but Node.
 */
import { parseArgs, usageText, type ServerOptions } from "./args.js";
import { stderrDiagnostics } from "./diagnostics.js";
import { startForgottenChild } from "./grandchild.js";
import { LineReader } from "./lines.js";
import { Output } from "./output.js";
import { LifeRecord } from "./record.js";
import { Session } from "./session.js";

/** How long, at most, the server waits for queued replies to reach the pipe once stdin ends. */
const FLUSH_GRACE_MS = 2000;

async function serve(options: ServerOptions): Promise<void> {
  const diagnose = stderrDiagnostics();
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    // The client stopped reading our replies: there is nobody left to answer.
    if (error.code !== "EPIPE") diagnose(`stdout failed: ${error.message}`);
    process.exit(error.code === "EPIPE" ? 0 : 1);
  });

  const output = new Output(process.stdout, diagnose);
  const session = new Session(options, output, diagnose);
  const reader = new LineReader();
  const record = new LifeRecord(options.recordFile);
  record.write({ event: "start", pid: process.pid, argv: process.argv.slice(2), env: Object.keys(process.env).sort() });
  record.watchSigterm();
  // Input waits in the pipe until the grandchild is armed, so a client that has finished the
  // handshake knows there is a SIGTERM-proof process in the group.
  if (options.mode === "grandchild") await startForgottenChild(diagnose);

  process.stdin.on("data", (chunk: Buffer) => {
    for (const event of reader.feed(chunk)) {
      if (event.kind === "line") record.line(event.text);
      try {
        session.handle(event);
      } catch (error) {
        // A bug in one answer must not take the whole server down with it.
        diagnose(`could not handle a message: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  });

  let finishing = false;
  const finish = (): void => {
    if (finishing) return;
    finishing = true;
    record.write({ event: "eof" });
    if (reader.pendingBytes > 0) diagnose(`input ended inside an unfinished line of ${reader.pendingBytes} bytes; ignored`);
    session.finish();
    void output.close(FLUSH_GRACE_MS).then(() => process.exit(0));
  };
  process.stdin.on("end", finish);
  process.stdin.on("error", (error) => {
    diagnose(`stdin failed: ${error.message}`);
    finish();
  });
}

function main(argv: readonly string[]): void {
  const parsed = parseArgs(argv);
  switch (parsed.kind) {
    case "help":
      process.stdout.write(usageText());
      return;
    case "usage-error":
      process.stderr.write(`lucy-teaching-server: ${parsed.message}\n\n${usageText()}`);
      process.exitCode = 2;
      return;
    case "run":
      void serve(parsed.options);
  }
}

main(process.argv.slice(2));
