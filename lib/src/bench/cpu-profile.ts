/** Reading a V8 .cpuprofile (what `node --cpu-prof` writes): self time per function and per file. */
import path from "node:path";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
}

export interface SelfTime {
  readonly name: string;
  readonly share: number;
}

/** Where a frame lives: our files by their path under lib/ or server/, node's by module, V8's by its own label. */
function place(url: string): string {
  if (url === "") return "";
  if (url.startsWith("node:")) return url;
  const file = url.replace(/^file:\/\//, "");
  const at = file.lastIndexOf("/dist/");
  return at === -1 ? path.basename(file) : file.slice(file.lastIndexOf("/", at - 1) + 1);
}

/** Self time per function (name at file:line) and per file, as shares of all samples, largest first. */
export function selfTimes(profile: CpuProfile): { readonly functions: SelfTime[]; readonly files: SelfTime[] } {
  const hits = new Map<number, number>();
  if (profile.samples !== undefined) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  const total = [...hits.values()].reduce((sum, count) => sum + count, 0) || 1;
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = place(url);
    const name = where === "" ? functionName : `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
    const file = where === "" ? functionName : where;
    byFile.set(file, (byFile.get(file) ?? 0) + count);
  }
  const ranked = (counts: Map<string, number>): SelfTime[] =>
    [...counts].map(([name, count]) => ({ name, share: count / total })).sort((a, b) => b.share - a.share);
  return { functions: ranked(byFunction), files: ranked(byFile) };
}
