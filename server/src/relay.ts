/**
 * The relay: `node server/dist/relay.js SOCKET`. A client under grading starts this instead of the
 * teaching server, and it carries the session's bytes both ways between the client's pipes and a
 * teaching server the grader runs itself (reached over the Unix socket SOCKET), so the server's
 * log and record stay where the graded user cannot write. Everything the client does to the
 * process it started still happens to a process it started: the relay ends when its input ends
 * (after the server has answered and exited, with the server's status; a server that stays keeps
 * it there too), meets SIGTERM as the server's mode does (a correct server's: it dies of it, saying
 * so first, even once the server has exited: the status the client then sees is the relay's, and
 * the grader must know it), and in grandchild mode starts the SIGTERM-proof grandchild in its
 * own process group, which only a close() that ends the whole group removes; asked for a family,
 * it starts the members whose ends say whether SIGTERM reached the whole group (family.ts).
 */
import { connect } from "node:net";
import { stderrDiagnostics } from "./diagnostics.js";
import { startFamily, startForgottenChild } from "./forgotten-child.js";
import { FRAME, framePayload, relayFrame, RelayFrameReader, type RelayFrame } from "./relay-frames.js";
import { CORRECT_SHUTDOWN, type Shutdown } from "./modes.js";
import { runQueueMs } from "./run-queue.js";

function main(socketPath: string | undefined): void {
  const diagnose = stderrDiagnostics();
  if (socketPath === undefined) {
    process.stderr.write("usage: node server/dist/relay.js SOCKET\n");
    process.exitCode = 2;
    return;
  }
  // Half-open: once the grader has sent how the server ended, a SIGTERM can still be reported.
  const socket = connect({ path: socketPath, allowHalfOpen: true });
  const reader = new RelayFrameReader();
  let forwarding = false;
  let terminated = false;
  // When an event was handled, and the relay's wait for a CPU so far: between two stamps, the grader
  // counts only the time the relay was not kept waiting (a SIGTERM pending while a busy machine held
  // the relay just after its end of input is no grace the client gave).
  // The clock and the wait are read with no wait for a CPU between them (else one counts it and the
  // other does not, and a stamp moves by that wait): read again when the wait grew meanwhile.
  const stamp = (): { at: number; queuedMs: number } => {
    for (let tries = 1; ; tries += 1) {
      const before = runQueueMs();
      const at = performance.now();
      const queuedMs = runQueueMs();
      if (queuedMs === before || tries >= 3) return { at, queuedMs };
    }
  };
  // How the server leaves (its mode's): the relay does to SIGTERM what the server does.
  let shutdown: Shutdown = CORRECT_SHUTDOWN;

  socket.on("error", (error) => {
    diagnose(`the server's socket failed: ${error.message}`);
    process.exit(1);
  });
  // The grader's end went away without saying how the server ended: there is no server any more.
  socket.on("end", () => process.exit(1));
  socket.on("close", () => process.exit(1));
  socket.on("connect", () => socket.write(relayFrame(FRAME.hello, { pid: process.pid })));

  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    // The client stopped reading: there is nobody left to answer (as the server does; one that stays, stays).
    if (error.code === "EPIPE" && shutdown.eof === "stays") return;
    process.exit(error.code === "EPIPE" ? 0 : 1);
  });
  process.stdout.on("drain", () => socket.resume());

  const onFrame = (frame: RelayFrame): void => {
    switch (frame.kind) {
      case FRAME.ready: {
        const ready = (framePayload(frame) ?? {}) as { grandchild?: boolean; family?: number; shutdown?: Shutdown };
        const { grandchild, family } = ready;
        if (ready.shutdown !== undefined) shutdown = ready.shutdown;
        // Uncaught, as the server leaves it: the kernel ends the relay as SIGTERM is sent.
        if (shutdown.sigterm === "default") process.removeListener("SIGTERM", onTerm);
        void (grandchild === true ? startForgottenChild(diagnose) : Promise.resolve())
          // The family's witness reports over a connection of its own to the grader's socket.
          .then(() => (typeof family === "number" ? startFamily(diagnose, family, { socketPath }) : undefined))
          .then(forwardInput);
        return;
      }
      case FRAME.data:
        if (!process.stdout.write(frame.payload)) socket.pause();
        return;
      case FRAME.stderr:
        process.stderr.write(frame.payload);
        return;
      case FRAME.exit: {
        const { code, signal } = (framePayload(frame) ?? {}) as { code?: number | null; signal?: string | null };
        socket.removeAllListeners("end");
        socket.removeAllListeners("close");
        socket.removeAllListeners("error");
        socket.on("error", () => undefined); // the grader has said all it will: the exit below stands
        // Leave as the server left (its code, or the signal that ended it) unless a SIGTERM came first.
        process.stdout.write("", () => {
          if (terminated) return;
          // The handler stays while the relay exits with the server's code: a SIGTERM landing now is
          // caught and not acted on, never a death by default that the grader was not told of.
          if (typeof signal === "string") {
            process.removeListener("SIGTERM", onTerm);
            process.kill(process.pid, signal as NodeJS.Signals);
          }
          process.exit(typeof code === "number" ? code : 1);
        });
        return;
      }
      default:
        diagnose(`the server's socket sent an unknown frame ${frame.kind}`);
    }
  };
  socket.on("data", (chunk: Buffer) => {
    try {
      for (const frame of reader.feed(chunk)) onFrame(frame);
    } catch (error) {
      diagnose(`the server's socket sent something that is not a frame: ${(error as Error).message}`);
      process.exit(1);
    }
  });

  const forwardInput = (): void => {
    if (forwarding) return;
    forwarding = true;
    process.stdin.on("data", (chunk: Buffer) => {
      if (!socket.write(relayFrame(FRAME.data, chunk))) process.stdin.pause();
    });
    socket.on("drain", () => process.stdin.resume());
    process.stdin.on("end", () => socket.write(relayFrame(FRAME.eof, stamp())));
    process.stdin.on("error", () => socket.write(relayFrame(FRAME.eof, stamp())));
  };

  // SIGTERM: say so to the server's side (which signals the server), then do what the server does:
  // die of it, exit with status 0 (a server that leaves on SIGTERM), or ignore it.
  const onTerm = (): void => {
    const frame = relayFrame(FRAME.signal, { signal: "SIGTERM", ...stamp() });
    if (shutdown.sigterm === "ignored") {
      socket.write(frame);
      return;
    }
    terminated = true;
    process.removeListener("SIGTERM", onTerm);
    const end =
      shutdown.sigterm === "exits"
        ? (): void => process.exit(0)
        : (): void => void process.kill(process.pid, "SIGTERM");
    socket.write(frame, end);
    setTimeout(end, 200).unref();
  };
  process.on("SIGTERM", onTerm);
}

main(process.argv[2]);
