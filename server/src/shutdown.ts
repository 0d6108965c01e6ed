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

/** How often a server that stays looks whether the process that started it is still there. */
const PARENT_WATCH_MS = 250;
/**
 * The process that started this server, read as the server loads: process.ppid is read afresh on
 * each use, and by the time the input ends (a killed kernel) the parent may already be init.
 */
const STARTED_BY = process.ppid;

/** Records SIGTERM when it arrives, then acts as `shutdown.sigterm` says. */
export function watchSigterm(record: LifeRecord, shutdown: Shutdown): void {
  const { sigterm } = shutdown;
  if (sigterm === "default") {
    defaultSigterm();
    return;
  }
  const onTerm = (): void => {
    record.write({ event: "signal", signal: "SIGTERM" });
    switch (sigterm) {
      case "ignored":
        return;
      case "exits":
        leave(record, 0);
        return;
      case "dies":
        record.write({ event: "left", status: "SIGTERM" });
        process.removeListener("SIGTERM", onTerm);
        process.kill(process.pid, "SIGTERM");
    }
  };
  process.on("SIGTERM", onTerm);
}

/**
 * Leaves SIGTERM to its default action. Node catches SIGTERM from its start (to reset the
 * terminal before dying), and a caught signal acts only once the process runs: a SIGKILL sent
 * right after would then end it first. Uncaught, SIGTERM ends it as it is sent. Removing the last
 * listener is how Node gives a signal back to its default.
 */
export function defaultSigterm(): void {
  const none = (): void => undefined;
  process.on("SIGTERM", none);
  process.removeListener("SIGTERM", none);
}

/** Exits with `code`, saying so in the record first. */
export function leave(record: LifeRecord, code: number): never {
  record.write({ event: "left", status: code });
  process.exit(code);
}

/**
 * Stays after the input ended, until a signal ends it. It still leaves once the process that
 * started it is gone (a crashed client, a killed kernel), so lessons do not pile up on the machine.
 */
export function stay(diagnose: Diagnose, record: LifeRecord): void {
  diagnose("input ended; staying until a signal ends this server");
  const watch = (): void => {
    if (process.ppid !== STARTED_BY) {
      diagnose("the process that started this server is gone; leaving");
      leave(record, 0);
    }
  };
  watch();
  setInterval(watch, PARENT_WATCH_MS);
}
