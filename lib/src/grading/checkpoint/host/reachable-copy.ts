// The host runs as an unprivileged user, which must be able to reach the files it loads: the
// host's own code, the graded module, node_modules and the teaching server. A checkout under a
// folder only its owner may enter (/root, a `mktemp -d` folder: mode 0700) hides them all. Then
// the grader lays a copy of the repository, made of hard links (no bytes copied), in a temporary
// folder anyone may enter, and points the host at that copy instead. Of node_modules the copy
// holds only what the library and the teaching server need to run (their dependencies, found as
// Node finds them): the development tools are three quarters of its files, and every file costs
// a link when the copy is made and an unlink when it is removed.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, sep } from "node:path";

export interface User {
  readonly uid: number;
  readonly gid: number;
}

/** Whether `user` may open `path` for reading: every folder above it searchable, the file itself readable. */
export function reachableBy(user: User, path: string): boolean {
  const parts: string[] = [];
  let real: string;
  try {
    real = realpathSync(path); // a link is only as reachable as what it points to
  } catch {
    return false;
  }
  for (let here = real; ; here = dirname(here)) {
    parts.unshift(here);
    if (dirname(here) === here) break;
  }
  try {
    return parts.every((each, index) =>
      allows(user, each, index === parts.length - 1 && !statSync(each).isDirectory() ? 0o4 : 0o1),
    );
  } catch {
    return false; // a part that does not exist is not reachable either
  }
}

function allows(user: User, path: string, bit: number): boolean {
  const stat = statSync(path);
  if (stat.uid === user.uid) return (stat.mode & (bit << 6)) !== 0;
  if (stat.gid === user.gid) return (stat.mode & (bit << 3)) !== 0;
  return (stat.mode & bit) !== 0;
}

/** Where the host finds things: the same paths, or the same paths inside a reachable copy. */
export interface HostView {
  /** The path `path` (absolute, inside the repository or not) has for the host. */
  readonly map: (path: string) => string;
  /** Removes the copy, if one was made. */
  readonly dispose: () => void;
}

const SAME: HostView = { map: (path) => path, dispose: () => undefined };

/**
 * The repository as `user` sees it: itself when every path in `needed` is reachable, else a hard-
 * linked copy (everything but .git, and of node_modules only runtimePackages) in a folder of mode
 * 0755. `outside` paths, such as a graded module beside no repository, are linked in beside it
 * when they are hidden too.
 */
export function hostView(user: User | undefined, repoRoot: string, needed: readonly string[]): HostView {
  if (user === undefined || needed.every((path) => reachableBy(user, path))) return SAME;
  const copy = mkdtempSync(join(tmpdir(), "workbook-host-view-"));
  chmodSync(copy, 0o755);
  const root = join(copy, "repo");
  try {
    linkTree(repoRoot, root, (name) => name !== ".git" && name !== "node_modules");
    for (const folder of runtimePackages(repoRoot)) {
      const target = join(root, relative(repoRoot, folder));
      makeReachableFolders(root, dirname(target));
      const source = join(repoRoot, relative(repoRoot, folder));
      // A workspace's entry (node_modules/mcp-workbook -> ../lib) stays a link into the copy.
      if (lstatSync(source).isSymbolicLink() && !isAbsolute(readlinkSync(source)))
        symlinkSync(readlinkSync(source), target);
      else linkTree(source, target, () => true);
    }
    const outside = new Map<string, string>();
    const map = (path: string): string => {
      if (inside(repoRoot, path)) return join(root, relative(repoRoot, path));
      if (reachableBy(user, path)) return path;
      const folder = dirname(path);
      let linked = outside.get(folder);
      if (linked === undefined) {
        linked = join(copy, `outside-${outside.size + 1}`);
        linkTree(folder, linked, () => true);
        outside.set(folder, linked);
      }
      return join(linked, relative(folder, path));
    };
    return { map, dispose: () => rmSync(copy, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Lays `from` out again under `to`: folders made anew (mode 0755), symbolic links followed (a link
 * into the hidden checkout, such as a workspace's node_modules entry, would stay hidden), code
 * hard-linked. TypeScript sources and declarations are left out and package.json files copied:
 * a hard link changes its file's link count, which a tslab kernel watching those files takes for
 * an edit ("Unexpected pending rebuildTimer"), and the host needs neither. Each entry's kind comes
 * from the folder listing: only links (and file systems that do not say) cost a stat of their own.
 */
export function linkTree(
  from: string,
  to: string,
  keep: (name: string) => boolean,
  seen = new Set<string>(),
  top = realpathSync(from),
): void {
  const real = realpathSync(from);
  if (seen.has(real)) return; // a link back up the tree
  seen.add(real);
  mkdirSync(to, { recursive: true });
  chmodSync(to, 0o755);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const name = entry.name;
    if (!keep(name) || TYPESCRIPT.test(name)) continue;
    const source = join(from, name);
    const target = join(to, name);
    let directory = entry.isDirectory();
    if (entry.isSymbolicLink() || !(directory || entry.isFile())) {
      let stat;
      try {
        stat = statSync(source);
      } catch {
        continue; // a dangling link
      }
      // A relative link that stays inside the tree (a workspace's node_modules/mcp-workbook -> ../lib)
      // stays a link: followed, it would make a second copy of the library, whose error classes are
      // not the ones the host loads (instanceof fails across the two).
      if (entry.isSymbolicLink() && !isAbsolute(readlinkSync(source)) && inside(top, realpathSync(source))) {
        symlinkSync(readlinkSync(source), target);
        continue;
      }
      directory = stat.isDirectory();
    }
    if (directory) linkTree(source, target, () => true, seen, top);
    else if (name === "package.json" || !tryLink(source, target)) copyFileSync(source, target);
  }
  seen.delete(real);
}

/**
 * The package folders under `repoRoot`'s node_modules that the workspaces need at run time: each
 * workspace's own entry and, from its package.json on, every dependency and optional dependency,
 * found as Node finds it (the nearest node_modules up from the package that asks). Development
 * tools (TypeScript, vitest, tslab, ...) are not among them: the host never loads them.
 */
export function runtimePackages(repoRoot: string): string[] {
  const listed = readPackage(join(repoRoot, "package.json"))?.["workspaces"];
  const workspaces = Array.isArray(listed) ? listed.filter((each): each is string => typeof each === "string") : [];
  const found = new Set<string>();
  const visit = (from: string, names: readonly string[]): void => {
    for (const name of names) {
      const folder = findPackage(repoRoot, from, name);
      if (folder === undefined || found.has(folder)) continue; // an optional one for another platform
      found.add(folder);
      visit(folder, dependencyNames(readPackage(join(folder, "package.json"))));
    }
  };
  for (const workspace of workspaces) {
    const manifest = readPackage(join(repoRoot, workspace, "package.json"));
    if (typeof manifest?.["name"] === "string") visit(repoRoot, [manifest["name"]]);
    visit(join(repoRoot, workspace), dependencyNames(manifest));
  }
  // A package inside another one already listed comes along with it.
  const sorted = [...found].sort();
  return sorted.filter((folder) => !sorted.some((other) => other !== folder && folder.startsWith(`${other}${sep}`)));
}

function readPackage(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function dependencyNames(manifest: Record<string, unknown> | undefined): string[] {
  const names = (field: string): string[] => {
    const value = manifest?.[field];
    return typeof value === "object" && value !== null ? Object.keys(value) : [];
  };
  return [...names("dependencies"), ...names("optionalDependencies"), ...names("peerDependencies")];
}

/** node_modules/`name` in `from` or the nearest folder above it, up to `repoRoot`. */
function findPackage(repoRoot: string, from: string, name: string): string | undefined {
  for (let here = from; inside(repoRoot, here); here = dirname(here)) {
    const candidate = join(here, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (here === repoRoot) break;
  }
  return undefined;
}

/** Makes each missing folder from `root` down to `folder` (mode 0755, whatever the umask). */
function makeReachableFolders(root: string, folder: string): void {
  if (existsSync(folder) || !inside(root, folder)) return;
  makeReachableFolders(root, dirname(folder));
  mkdirSync(folder);
  chmodSync(folder, 0o755);
}

function inside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
}

const TYPESCRIPT = /\.(?:d\.)?[cm]?ts$|\.map$/u;

function tryLink(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch {
    return false; // another file system, or a file we may not link: copy it
  }
}
