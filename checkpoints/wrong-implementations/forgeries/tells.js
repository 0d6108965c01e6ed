// The tells a grader detector keys on (not graded itself), each a way the graded code might see
// that it is being graded. `command` is the server command its client was given, when there is
// one. The first group is what issue 19 found and the checkpoint no longer shows; the second is
// what it still shows, each listed with why in docs/graders.md.
"use strict";
const fs = require("node:fs");

const read = (file) => {
  try {
    return fs.readFileSync(file, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
};
const names = (command, pattern) => (command ?? []).some((part) => pattern.test(part));

const REMOVED = {
  /** The process that started this one names the checkpoint, its --impl or its --report-dir. */
  "grader-command-line": () => /checkpoint|--impl|--report-dir/.test(read(`/proc/${process.ppid}/cmdline`)),
  /** The server command names a rule (the folders were workbook-rule-<id>-...). */
  "rule-folder": (command) => names(command, /workbook-rule-|negative-control|allowlist/),
  /** Only the grader passed the server --record. */
  "record-flag": (command) => names(command, /^--record$/),
  /** The host ran in "/". */
  "root-folder": () => process.cwd() === "/",
  /** The host's answers left on fd 3, a pipe; in a plain node process fd 3 is libuv's epoll. */
  "answer-descriptor": () => {
    try {
      return fs.readlinkSync("/proc/self/fd/3").startsWith("pipe:");
    } catch {
      return false;
    }
  },
  /** The host's environment was PATH alone; an ordinary program has a HOME. */
  "no-home": () => process.env.HOME === undefined,
  /** The graded code ran as nobody (uid 65534) whenever the grader was root; the uid is now drawn per grading. */
  "unprivileged-user": () => process.getuid?.() === 65534,
  /** Its argv or environment named the grading (the red team's close-forgery-argv); they now read as a tslab kernel's. */
  "grading-argv": () =>
    process.argv.some((arg) => /checkpoint|grad|vitest|mutation/u.test(arg)) ||
    Object.keys(process.env).some((name) => /^WORKBOOK_/u.test(name)) ||
    /checkpoint|grad|vitest|mutation/u.test(read("/proc/self/cmdline")),
};

const REMAINING = {
  /** The graded code shares its process with the probe: its loaded modules name the checkpoint. */
  "host-process": () => Object.keys(require.cache).some((key) => /checkpoint/.test(key)),
  /** The server command starts the relay, over a socket, not server/dist/main.js. */
  "relay-command": (command) => command !== undefined && !names(command, /server\/dist\/main\.js$/),
  /** NODE_PATH tells Node where mcp-workbook is for a module outside the repository. */
  "module-path": () => process.env.NODE_PATH !== undefined,
  /** The host's HOME and working folder are a fresh folder in the temporary folder. */
  "temporary-home": () => (process.env.HOME ?? "").startsWith(require("node:os").tmpdir()),
  /** The grader renamed itself "node": its command line keeps its old length, padded with NULs. */
  "renamed-parent": () => {
    try {
      return /^node\0\0+$/.test(fs.readFileSync(`/proc/${process.ppid}/cmdline`, "latin1"));
    } catch {
      return false;
    }
  },
  /** Every file system but the host's home is read-only: the mount at / says "ro" in mountinfo. */
  "read-only-files": () =>
    read("/proc/self/mountinfo")
      .split("\n")
      .some((line) => {
        const [, , , , point, options] = line.split(" ");
        return point === "/" && /^ro(,|$)/.test(options ?? "");
      }),
  /** The host is the child of process 1 of a PID namespace of its own (a shell), and has a small pid. */
  "pid-namespace": () => process.ppid === 1 && process.pid < 16,
  /** The commands that started the grader (npm, a shell) still name --impl and --report-dir. */
  "ancestor-command-lines": () =>
    fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .some((pid) => /--impl|--report-dir/.test(read(`/proc/${pid}/cmdline`))),
};

module.exports = { REMOVED, REMAINING, TELLS: { ...REMOVED, ...REMAINING } };
