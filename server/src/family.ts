/**
 * The server's family (`--family N`, or the relay when the grader asks for it): N members in the
 * server's own process group, each leaving SIGTERM to its default action, so the kernel ends a
 * member as SIGTERM is sent, and SIGTERM is how it ends even when SIGKILL follows at once. What
 * ended each one is seen by its parent, a watcher that first leaves the group (it is in the same
 * session, and the members join the server's group from it), so a close() that ends the group
 * cannot end the witness too. The watcher writes one entry per member to the record
 * ({"event":"member","member":1,"ended":"SIGTERM"}) or, started by the relay, sends it over the
 * grader's socket on a connection of its own, then leaves. A close() that sends SIGTERM to the
 * leader alone and SIGKILL to the group shows as members ended by SIGKILL.
 *
 * Members watch the process that started the server, as the grandchild does (grandchild.ts), and
 * leave once it is gone, so nothing piles up on the machine. Loaded only when a family is asked
 * for (forgotten-child.ts says why node:child_process waits until then).
 */
import { spawn } from "node:child_process";
import type { Diagnose } from "./diagnostics.js";
import { HOLDER_ALIVE, startTimeOf, WATCH_INTERVAL_MS } from "./grandchild.js";
import { FRAME } from "./relay-frames.js";

/** Where the watcher says how each member ended: the server's record, or the grader's socket. */
export type FamilyReport = { readonly recordFile: string } | { readonly socketPath: string };

/**
 * Perl, as the grandchild is: armed in milliseconds. argv: the leader's pid (its group), how many
 * members, the holder's pid and /proc start time, then "record" or "socket" and where.
 */
const WATCHER = `
use strict;
use POSIX ();
use Config;
my ($leader, $count, $holder, $started, $kind, $target) = @ARGV;
my @names = split(" ", $Config{sig_name});
POSIX::setpgid(0, 0) or die "setpgid: $!";
${HOLDER_ALIVE}
my %member;
for my $index (1 .. $count) {
  pipe(my $in, my $out) or die "pipe: $!";
  my $pid = fork();
  die "fork: $!" unless defined $pid;
  if ($pid == 0) {
    close($in);
    close(STDOUT);
    POSIX::setpgid(0, $leader) or POSIX::_exit(3);
    $SIG{TERM} = "DEFAULT";
    syswrite($out, "in\\n");
    close($out);
    select(undef, undef, undef, ${WATCH_INTERVAL_MS / 1000}) while holder_alive();
    POSIX::_exit(0);
  }
  close($out);
  my $joined = <$in>;
  close($in);
  $member{$pid} = $index;
}
my $socket;
if ($kind eq "socket") {
  require IO::Socket::UNIX;
  $socket = IO::Socket::UNIX->new(Peer => $target, Type => Socket::SOCK_STREAM()) or die "connect: $!";
}
$| = 1;
print "armed\\n";
close(STDOUT);
while ((my $pid = waitpid(-1, 0)) > 0) {
  my $signal = $? & 127;
  my $ended = $signal ? "SIG$names[$signal]" : "exit " . ($? >> 8);
  my $json = qq({"event":"member","member":$member{$pid},"ended":"$ended"});
  if ($socket) {
    print $socket pack("CN", ${FRAME.member}, length($json)) . $json;
  } else {
    open(my $record, ">>", $target) or next;
    print $record "$json\\n";
    close($record);
  }
}
close($socket) if $socket;
`;

/** How long the starter waits for the members to be in the group before it answers anyway. */
const ARMING_MS = 5000;

/** Starts `count` members and their watcher; resolves once they are in the group (or after ARMING_MS, with a note). */
export function startFamily(diagnose: Diagnose, count: number, report: FamilyReport | undefined): Promise<void> {
  const holder = process.ppid;
  if (holder === 1) {
    diagnose("the process that started the server is gone; no family started");
    return Promise.resolve();
  }
  const [kind, target] =
    report === undefined
      ? ["record", "/dev/null"]
      : "socketPath" in report
        ? ["socket", report.socketPath]
        : ["record", report.recordFile];
  const watcher = spawn(
    "perl",
    ["-e", WATCHER, String(process.pid), String(count), String(holder), startTimeOf(holder), kind, target],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  watcher.unref();
  return new Promise((resolve) => {
    const done = (note?: string): void => {
      clearTimeout(timer);
      if (note) diagnose(note);
      watcher.stdout.destroy();
      resolve();
    };
    const timer = setTimeout(() => done(`family not armed after ${ARMING_MS} ms; answering anyway`), ARMING_MS);
    watcher.stdout.once("data", () => done());
    watcher.on("error", (error) => done(`family could not start: ${error.message}`));
  });
}
