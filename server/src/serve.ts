/**
 * One teaching server's life on the I/O it is given (server-io.ts): newline-delimited JSON-RPC read
 * from its input, answered on its output, diagnosed on its stderr, and leaving when its input ends
 * (or as its mode says). main.ts serves on the real process's; a grader may serve on its own.
 */
import { parseArgs, usageText, type ServerOptions } from "./args.js";
import { stderrDiagnostics } from "./diagnostics.js";
import { startFamily, startForgottenChild } from "./forgotten-child.js";
import { setTimeout as delay } from "node:timers/promises";
import { LineReader, type LineEvent } from "./lines.js";
import { CallLog } from "./log.js";
import { Output } from "./output.js";
import { LifeRecord } from "./record.js";
import type { ServerIo } from "./server-io.js";
import { Session } from "./session.js";
import { shutdownOf } from "./modes.js";
import { leave, stay, watchSigterm } from "./shutdown.js";

/** Once stdin ends, how long the server waits for a client that stopped reading its replies. */
const FLUSH_GRACE_MS = 2000;

/**
 * How long a server that leaves at the end of its input waits first, for a SIGTERM sent with it:
 * well inside the moment (100 ms or more) a client gives a server to leave on its own.
 */
const SIGNAL_SETTLE_MS = 30;

/**
 * Backpressure: while more than UNSENT_HIGH bytes of replies wait for the client to read them,
 * the server takes no new request (and stops reading stdin, so the client's writes block in
 * the pipe); it goes on once they are down to UNSENT_LOW. Memory stays bounded by these, one
 * reply and one chunk of input, whatever a client sends.
 */
export const UNSENT_HIGH = 1024 * 1024;
const UNSENT_LOW = 256 * 1024;

/**
 * A server started with `argv` (past node and the main file) on `io`: "serving", or the status it
 * ends with at once (a usage error: 2, said on its stderr; --help: 0, the usage on its stdout).
 */
export function startServer(argv: readonly string[], io: ServerIo): "serving" | { readonly status: number } {
  const parsed = parseArgs(argv);
  switch (parsed.kind) {
    case "help":
      io.stdout.write(usageText());
      return { status: 0 };
    case "usage-error":
      io.stderr.write(`lucy-teaching-server: ${parsed.message}\n\n${usageText()}`);
      return { status: 2 };
    case "run": {
      const log = parsed.options.logFile === undefined ? CallLog.none() : CallLog.open(parsed.options.logFile);
      if (!(log instanceof CallLog)) {
        io.stderr.write(`lucy-teaching-server: ${log.problem}\n\n${usageText()}`);
        return { status: 2 };
      }
      void serve(parsed.options, log, io);
      return "serving";
    }
  }
}

async function serve(options: ServerOptions, log: CallLog, io: ServerIo): Promise<void> {
  const { stdin, stdout, ended } = io;
  const diagnose = stderrDiagnostics(io.stderr);
  const shutdown = shutdownOf(options.mode);
  const record = new LifeRecord(options.recordFile, options.protocol);
  // Every wait of the session stops once the server has ended (a process's never does: exit ends them).
  const wait = (ms: number): Promise<void> => delay(ms, undefined, { signal: ended }).catch(() => undefined);
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") diagnose(`stdout failed: ${error.message}`);
    // The client stopped reading our replies: there is nobody left to answer, unless this mode stays.
    if (error.code === "EPIPE" && shutdown.eof === "stays") return;
    leave(record, error.code === "EPIPE" ? 0 : 1, io);
  });

  const output = new Output(stdout, diagnose);
  const session = new Session(options, output, diagnose, log);
  ended.addEventListener(
    "abort",
    () => {
      output.stop();
      session.stop();
      log.close();
    },
    { once: true },
  );
  const reader = new LineReader();
  // SIGTERM is met as the mode says before "start" is written, so a start in the record means a
  // SIGTERM from then on is recorded and acted on (one sent between the two would meet the default).
  watchSigterm(record, shutdown, io);
  record.write({ event: "start", ...io.start });
  // Input waits in the pipe until the grandchild is armed, so a client that has finished the
  // handshake knows there is a SIGTERM-proof process in the group.
  if (options.mode === "grandchild") await startForgottenChild(diagnose);
  if (options.family !== undefined)
    await startFamily(
      diagnose,
      options.family,
      options.recordFile === undefined ? undefined : { recordFile: options.recordFile },
    );

  // Lines read but not yet handled: at most one chunk's worth, since reading pauses while any wait.
  let waiting: LineEvent[] = [];
  let next = 0; // an index, not shift(): a chunk of newlines is 65,536 lines
  let pumping = false;
  let pumped = Promise.resolve();
  const pump = async (): Promise<void> => {
    pumping = true;
    try {
      while (next < waiting.length && !ended.aborted) {
        if (output.unsentBytes > UNSENT_HIGH) {
          stdin.pause();
          await output.below(UNSENT_LOW);
          continue;
        }
        handle(waiting[next]!);
        next += 1;
      }
      waiting = [];
      next = 0;
    } finally {
      pumping = false;
    }
    if (!finishing) stdin.resume();
  };
  const handle = (event: LineEvent): void => {
    try {
      session.handle(event);
    } catch (error) {
      // Session.handle answers its own failures; this is the last guard against a bug in it.
      diagnose(
        `could not handle a message: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  };
  stdin.on("data", (chunk: Buffer) => {
    for (const event of reader.feed(chunk)) {
      if (event.kind === "line") record.line(event.text);
      waiting.push(event);
    }
    if (!pumping) pumped = pump();
  });

  let finishing = false;
  const finish = async (): Promise<void> => {
    if (finishing || ended.aborted) return;
    finishing = true;
    record.write({ event: "eof" });
    if (reader.pendingBytes > 0)
      diagnose(`input ended inside an unfinished line of ${reader.pendingBytes} bytes; ignored`);
    // Answer what was read, as long as the client keeps reading; give up once it has stopped.
    while (pumping && !ended.aborted && Date.now() - output.lastProgress < FLUSH_GRACE_MS)
      await Promise.race([pumped, wait(100)]);
    if (ended.aborted) return;
    session.finish();
    if (shutdown.eof === "stays") {
      stay(diagnose, record, io);
      return;
    }
    await output.close(FLUSH_GRACE_MS, ended);
    // A SIGTERM that came with the end of input (a close() that signalled at once, met by a server
    // the machine held) must be recorded and acted on, not lost in an exit 0. libuv handles signals
    // last in a turn, and another of Node's threads may take the signal and tell the loop only after
    // this turn's poll: a short wait, a few turns long, lets it arrive.
    // --leave-after-eof-ms: a server that takes a little longer to leave, so a grace shorter than
    // the moment a grader allows meets it still there.
    await wait(Math.max(SIGNAL_SETTLE_MS, options.leaveAfterEofMs ?? 0));
    if (!ended.aborted) leave(record, 0, io);
  };
  stdin.on("end", () => void finish());
  stdin.on("error", (error) => {
    diagnose(`stdin failed: ${error.message}`);
    void finish();
  });
}
