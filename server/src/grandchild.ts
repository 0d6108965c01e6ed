/**
 * grandchild mode: a process the server starts and then forgets. It stays in the server's
 * process group, ignores SIGTERM and outlives the server's clean exit, so only a client that
 * ends the whole group (SIGKILL after SIGTERM) removes it while the client lives.
 *
 * It watches the process that started the server (the server's parent when it starts), not
 * the server: a close() that ends only the server still leaves it (the lesson), but once that
 * holder is gone (a SIGKILLed or restarted kernel, a crashed program) it ends too, so lessons
 * do not pile up on the machine. The holder is told apart from a later process that reuses its
 * pid by its start time, and a zombie counts as gone.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Diagnose } from "./diagnostics.js";

/** How often the grandchild looks for its holder. */
export const WATCH_INTERVAL_MS = 250;

/**
 * Perl: whether the holder ($holder, started at $started; "" where there is no /proc) still runs.
 * Told apart from a later process that reuses its pid by its start time; a zombie counts as gone.
 */
export const HOLDER_ALIVE = `
sub holder_alive {
  return kill(0, $holder) if $started eq "";
  open(my $file, "<", "/proc/$holder/stat") or return 0;
  my $stat = <$file>;
  close($file);
  my @fields = split(/ /, substr($stat, rindex($stat, ")") + 2));
  return $fields[0] ne "Z" && $fields[0] ne "X" && $fields[19] eq $started;
}`;

/**
 * Perl, not a second Node: Debian counts it as essential, and it is armed in milliseconds even
 * on a loaded machine, so the handshake it delays stays far inside a client's deadline. One
 * process with no children of its own, so a lesson left behind is exactly one process. It
 * ignores SIGTERM first, then says so: only an armed grandchild proves anything about close().
 * argv: the holder's pid and its /proc start time ("" where there is no /proc).
 */
const FORGOTTEN_CHILD = `
$SIG{TERM} = "IGNORE";
$| = 1;
print "armed\\n";
my ($holder, $started) = @ARGV;
${HOLDER_ALIVE}
select(undef, undef, undef, ${WATCH_INTERVAL_MS / 1000}) while holder_alive();
`;

/** A process's start time from /proc (field 22 of its stat), or "" where /proc is not there. */
export function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

/** How long the server waits for the grandchild to be armed before it answers anyway. */
const ARMING_MS = 5000;

/** Starts the grandchild and resolves once it ignores SIGTERM (or after ARMING_MS, with a note). */
export function startForgottenChild(diagnose: Diagnose): Promise<void> {
  // Not detached: the child must share the server's process group.
  const holder = process.ppid;
  if (holder === 1) {
    // Whoever started us is already gone (we were handed to init): there is nobody to outlive.
    diagnose("the process that started the server is gone; no grandchild started");
    return Promise.resolve();
  }
  const child = spawn("perl", ["-e", FORGOTTEN_CHILD, String(holder), startTimeOf(holder)], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  child.unref(); // the server neither waits for it nor ends it
  if (child.pid !== undefined) diagnose(`grandchild pid ${child.pid}, watching holder pid ${holder}`);
  return new Promise((resolve) => {
    const done = (note?: string): void => {
      clearTimeout(timer);
      if (note) diagnose(note);
      child.stdout.destroy(); // it has nothing more to say; the pipe must not keep us alive
      resolve();
    };
    const timer = setTimeout(() => done(`grandchild not armed after ${ARMING_MS} ms; answering anyway`), ARMING_MS);
    child.stdout.once("data", () => done());
    child.on("error", (error) => done(`grandchild could not start: ${error.message}`));
  });
}
