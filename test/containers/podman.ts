// Podman for the container tests, always through scripts/containers/podman.sh (its containers.conf),
// and what every image build here needs: base images, the host's CA bundle, a hash for a cache tag.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const CONTAINERS = join(REPO_ROOT, "scripts", "containers");

export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program to its end, its output kept; rejects only when it cannot start. */
export function run(argv: readonly string[], options: { input?: string } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}

/** podman with this project's configuration. */
export function podman(...args: string[]): Promise<Ran> {
  return run([join(CONTAINERS, "podman.sh"), ...args]);
}

/** Like podman(), but a failure is an error that shows what podman said. */
export async function podmanOk(...args: string[]): Promise<string> {
  const ran = await podman(...args);
  if (ran.status !== 0)
    throw new Error(`podman ${args.slice(0, 3).join(" ")} ... exited ${ran.status}:\n${ran.stdout}\n${ran.stderr}`);
  return ran.stdout;
}

/** The base image of a suite (scripts/containers/base-image.sh), built when podman lacks it. */
export async function baseImage(suite: "bookworm" | "jammy"): Promise<string> {
  const ran = await run(["bash", join(CONTAINERS, "base-image.sh"), suite]);
  if (ran.status !== 0) throw new Error(`base-image.sh ${suite} exited ${ran.status}:\n${ran.stderr}`);
  return ran.stdout.trim().split("\n").pop()!;
}

/** Whether podman holds an image of this name. */
export async function imageExists(image: string): Promise<boolean> {
  return (await podman("image", "exists", image)).status === 0;
}

/**
 * The host's CA bundle, mounted read-only for a step that fetches over HTTPS (this machine reaches
 * the npm registry through a CA only the host trusts), and the variables that point curl, Node, npm
 * and pip at it. Give the variables to the step's own shell or as build arguments, never with
 * `podman run -e`: a committed container keeps its -e variables, and an image must keep none.
 */
export function hostCa(): { mounts: string[]; env: Record<string, string> } {
  const bundle = "/etc/ssl/certs/ca-certificates.crt";
  if (!existsSync(bundle)) return { mounts: [], env: {} };
  const inside = "/run/host-ca.crt";
  return {
    mounts: ["-v", `${bundle}:${inside}:ro`],
    env: { CURL_CA_BUNDLE: inside, NODE_EXTRA_CA_CERTS: inside, npm_config_cafile: inside, PIP_CERT: inside },
  };
}

/** A short hash of files (paths from the repository's root) and words: a cache tag for what they make. */
export function tagOf(files: readonly string[], words: readonly string[] = []): string {
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(REPO_ROOT, file)))
      .update("\0");
  for (const word of words) hash.update(word).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/**
 * pip's configuration on this machine, lent read-only to an image build (whose steps run as root):
 * the config files pip reads (the system's, and root's own at the same place inside) and every
 * local folder of package copies they name (find-links, file:// indexes). Where pip reaches the
 * public index instead, there is nothing to lend and the build uses the index.
 */
export function pipLocalCopiesOptions(): string[] {
  const configs = ["/etc/pip.conf", "/etc/xdg/pip/pip.conf", join(homedir(), ".config", "pip", "pip.conf")].filter(
    (path) => existsSync(path),
  );
  const text = configs.map((file) => readFileSync(file, "utf8")).join("\n");
  const lent = new Map<string, string>(configs.map((file) => [file, file.replace(homedir(), "/root")]));
  for (const [, path] of text.matchAll(/(?:file:\/\/|=\s*|\s)(\/[^\s'"]+)/gu)) {
    // A folder of copies (the folder above an index's simple/), or a file a config names (constraints).
    const named = path!.replace(/\/simple\/?$/u, "");
    if (existsSync(named) && !named.startsWith("/etc/ssl")) lent.set(named, named);
  }
  return [...lent].flatMap(([outside, inside]) => ["-v", `${outside}:${inside}:ro`]);
}
