// The workbook's image as the container tests build it: scripts/containers/build-image.sh on the
// Debian base built here, lent what this machine needs to fetch packages (its CA for the npm
// registry, pip's local copies, npm's cache: none stays in the image).
import { homedir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { hostCa, pipLocalCopiesOptions, run } from "./podman.js";

/** The host CA as build arguments: a build's RUN steps see them, the image keeps none. */
function caBuildOptions(): string[] {
  const { mounts, env } = hostCa();
  return [...mounts, ...Object.entries(env).flatMap(([name, value]) => ["--build-arg", `${name}=${value}`])];
}

/** Builds (or, from podman's layer cache, rebuilds) the image under `tag`; returns the tag. */
export async function buildWorkbookImage(tag: string): Promise<string> {
  const ran = await run([
    "bash",
    join(REPO_ROOT, "scripts", "containers", "build-image.sh"),
    "--tag",
    tag,
    "--",
    ...caBuildOptions(),
    ...pipLocalCopiesOptions(),
    "-v",
    `${join(homedir(), ".npm")}:/var/cache/host-npm`,
    "--build-arg",
    "npm_config_cache=/var/cache/host-npm",
  ]);
  if (ran.status !== 0) throw new Error(`build-image.sh exited ${ran.status}:\n${ran.stdout}\n${ran.stderr}`);
  return ran.stdout.trim().split("\n").pop()!;
}
