// What graded code may write: its own folder, and nothing of anyone else's. In a mount namespace
// of its own (containment.ts makes one for each host, job-isolation.ts for each class job), a
// shell that still holds the namespace's capabilities runs these lines before anything graded
// starts:
//  - every file system becomes read-only (a bind remount of each mount; /proc, the namespace's
//    own, stays), so the graded code can plant, change or remove nothing, even where its user
//    owns the files (an ordinary user grading: the class folder, the reports, the checkout);
//  - /tmp, /var/tmp and /dev/shm become empty private file systems (tmpfs), writable by anyone
//    in the namespace and gone with it: what a wrong piece writes there outlives nothing. What the
//    processes must still reach under them (their code, the graded module, the sockets of the
//    grader's servers: the top folder under the root that holds each) is bound back in, read-only;
//  - the one writable folder (a host's home, a class job's own folder) is bound back writable.
// Once the shell has given up its capabilities (containment.ts, job-isolation.ts), no process in
// the namespace can lift a mount: the kernel locks them for any namespace made inside it.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

/** The folders every program may write, made private (and empty) in the namespace. */
export const PRIVATE_ROOTS: readonly string[] = ["/tmp", "/var/tmp", "/dev/shm"];
/** How much each private root may hold (tmpfs counts it as memory). */
export const PRIVATE_ROOT_SIZE = "64m";
/** The status the lines exit with when a mount fails: nothing graded has started. */
export const MOUNT_FAILED = 125;

/** What the processes of one namespace see of the file system. */
export interface FileView {
  /** The one folder they may write (absolute): a host's home, a class job's own folder. */
  readonly writable: string;
  /** Paths they must still reach, read-only: their program, its code, the graded module, module folders. */
  readonly readable: readonly string[];
}

/** A word for the shell, quoted. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/gu, `'\\''`)}'`;
}

/**
 * Every mount but /proc made read-only: all at once where mount can (util-linux's mount --all with
 * remount remounts every mounted file system, 2.38 here: one process, where a mount process each
 * costs some 2 ms of CPU and a machine has dozens of mounts), then one by one whatever is still
 * writable. mountinfo
 * escapes a space, tab, newline or backslash in a path as an octal number (printf %b reads it); a
 * mount that cannot be remounted only matters when its path is still a mount point this user can
 * reach (an older mount under a newer one at the same path is not reachable, and the newer one is
 * remounted; under a folder the user may not enter, the graded code cannot reach it either).
 */
const READ_ONLY_EVERYWHERE = [
  // Some mounts refuse (a podman container's shm, in a user namespace): the loop below sees to each.
  "mount --all -t noproc --options-source=mtab -o remount,bind,ro 2>/dev/null || :",
  "while read -r _ _ _ _ point options _; do",
  "  case $point in /proc|/proc/*) continue ;; esac",
  "  case ,$options, in *,ro,*) continue ;; esac",
  "  case $point in *\\\\*) point=$(printf '%b' \"$point\") ;; esac",
  '  [ -e "$point" ] || continue',
  '  mount -o remount,bind,ro "$point" 2>/dev/null || ! mountpoint -q "$point" ||',
  '    fail "could not make $point read-only"',
  "done </proc/self/mountinfo",
];

type Kept = { readonly name: string; readonly kind: "directory" | "file" | "link"; readonly target?: string };

/** The real path of each private root on this machine (a root that is a link to another is that one), once each. */
export function privateRoots(): string[] {
  const roots: string[] = [];
  for (const root of PRIVATE_ROOTS) {
    try {
      const real = realpathSync(root);
      if (lstatSync(real).isDirectory() && !roots.includes(real)) roots.push(real);
    } catch {
      // no such folder here
    }
  }
  return roots;
}

/** The entries right under `root` that hold one of `paths` (as given, and as its links resolve). */
function keptUnder(root: string, paths: readonly string[]): Kept[] {
  const names = new Set<string>();
  for (const path of paths) {
    const forms = [resolve(path)];
    try {
      forms.push(realpathSync(path));
    } catch {
      // not there (yet): its folder is kept by name
    }
    for (const form of forms) {
      const inside = relative(root, form);
      if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) continue;
      names.add(inside.split(sep)[0]!);
    }
  }
  const kept: Kept[] = [];
  for (const name of [...names].sort()) {
    try {
      const stat = lstatSync(join(root, name));
      if (stat.isSymbolicLink()) kept.push({ name, kind: "link", target: readlinkSync(join(root, name)) });
      else kept.push({ name, kind: stat.isDirectory() ? "directory" : "file" });
    } catch {
      // gone meanwhile: nothing to keep
    }
  }
  return kept;
}

/**
 * The shell lines that give a new mount namespace `view` (run by its root, or by a user holding
 * the namespace's capabilities); they leave the shell in the writable folder, and exit
 * MOUNT_FAILED, saying why on stderr, when a mount fails.
 */
export function privateFilesLines(view: FileView): string[] {
  if (!isAbsolute(view.writable)) throw new TypeError(`the writable folder must be absolute: ${view.writable}`);
  const q = shellQuote;
  const lines = [`fail() { echo "workbook: $1" >&2; exit ${MOUNT_FAILED}; }`, ...READ_ONLY_EVERYWHERE];
  for (const root of privateRoots()) {
    // fd 4 holds the root as it was: what is kept is bound from beneath the new file system.
    lines.push(
      `exec 4<${q(root)} || fail ${q(`could not open ${root}`)}`,
      `mount -t tmpfs -o mode=1777,size=${PRIVATE_ROOT_SIZE},nosuid,nodev tmpfs ${q(root)} || fail ${q(`could not make ${root} private`)}`,
    );
    for (const kept of keptUnder(root, [view.writable, ...view.readable])) {
      const at = q(join(root, kept.name));
      if (kept.kind === "link") lines.push(`ln -s ${q(kept.target!)} ${at}`);
      else
        lines.push(
          kept.kind === "directory" ? `mkdir ${at}` : `: >${at}`,
          `mount --no-canonicalize --rbind /proc/self/fd/4/${q(kept.name)} ${at} || fail ${q(`could not keep ${join(root, kept.name)}`)}`,
        );
    }
    lines.push("exec 4<&-");
  }
  const writable = q(view.writable);
  lines.push(
    `mount --bind ${writable} ${writable} && mount -o remount,bind,rw ${writable} || fail ${q(`could not keep ${view.writable} writable`)}`,
    `cd ${writable} || fail ${q(`could not enter ${view.writable}`)}`,
  );
  return lines;
}
