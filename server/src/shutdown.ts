/**
 * How the server leaves, as its mode says (modes.ts, Mode.shutdown). A correct server leaves when
 * its input ends and dies of SIGTERM; the shutdown modes stay after their input ends, and then
 * SIGTERM makes them exit with status 0, kills them by its default action, or is ignored.
 * The record says how the server left ("left", with the status a waiting parent sees), written
 * just before it leaves; a server that was killed (by SIGKILL, or by SIGTERM's default action)
 * has no such entry.
 */
import type { Diagnose } from "./diagnostics.js";
import type { Shutdown } from "./modes.js";
import type { LifeRecord } from "./record.js";
import type { ServerIo } from "./server-io.js";

/** Records SIGTERM when it arrives, then acts as `shutdown.sigterm` says. */
export function watchSigterm(record: LifeRecord, shutdown: Shutdown, io: ServerIo): void {
  const { sigterm } = shutdown;
  if (sigterm === "default") {
    io.onSigterm("default");
    return;
  }
  io.onSigterm(() => {
    record.write({ event: "signal", signal: "SIGTERM" });
    switch (sigterm) {
      case "ignored":
        return;
      case "exits":
        leave(record, 0, io);
        return;
      case "dies":
        record.write({ event: "left", status: "SIGTERM" });
        io.dieOfSigterm();
    }
  });
}

/** Exits with `code`, saying so in the record first. */
export function leave(record: LifeRecord, code: number, io: ServerIo): void {
  record.write({ event: "left", status: code });
  io.exit(code);
}

/**
 * Stays after the input ended, until a signal ends it. It still leaves once the process that
 * started it is gone (a crashed client, a killed kernel), so lessons do not pile up on the machine.
 */
export function stay(diagnose: Diagnose, record: LifeRecord, io: ServerIo): void {
  diagnose("input ended; staying until a signal ends this server");
  io.watchStarter(() => {
    diagnose("the process that started this server is gone; leaving");
    leave(record, 0, io);
  });
}
