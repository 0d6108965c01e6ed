// A class handed in as one zip (what a course platform exports), read with node:zlib alone: no
// new dependency. Every entry's path is checked before a byte is written: an absolute path, a
// `..` part or a symbolic link would lead outside the folder it is unpacked into ("zip slip"), so
// such an entry is never written; it is reported, with the learner it names where it names one.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";

/** Bytes a whole archive may unpack to: a class of notebooks is a few MB; a zip bomb is not graded. */
export const UNPACKED_LIMIT = 512 * 1024 * 1024;

export interface UnpackedArchive {
  /** Entries refused, each with the learner its first path part names (undefined where it names none). */
  readonly refused: ReadonlyArray<{
    readonly name: string;
    readonly learner: string | undefined;
    readonly why: string;
  }>;
}

export class ArchiveError extends Error {
  override readonly name = "ArchiveError";
}

interface Entry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
  readonly symlink: boolean;
}

function entries(zip: Buffer): Entry[] {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65535); at -= 1)
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end === -1) throw new ArchiveError("not a zip archive (no end-of-archive record)");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const found: Entry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new ArchiveError(`the archive's directory is damaged at entry ${index + 1}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const made = zip.readUInt16LE(at + 4) >> 8; // 3: Unix, whose high attribute bits are a mode
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    found.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString("utf8"),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      symlink: made === 3 && (mode & 0o170000) === 0o120000,
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return found;
}

/** Why an entry's path would leave the folder, or undefined when it stays inside. */
export function outsideReason(name: string): string | undefined {
  const parts = name.replace(/\\/gu, "/").split("/");
  if (name.startsWith("/") || name.startsWith("\\") || /^[A-Za-z]:/u.test(name)) return "an absolute path";
  if (parts.includes("..")) return "a path through '..'";
  if (name.includes("\0")) return "a path with a NUL byte";
  return undefined;
}

/** Unpacks `zipPath` into `into` (an empty folder), writing only entries that stay inside it. */
export function unpackArchive(zipPath: string, into: string): UnpackedArchive {
  const zip = readFileSync(zipPath);
  const refused: Array<{ name: string; learner: string | undefined; why: string }> = [];
  let total = 0;
  for (const entry of entries(zip)) {
    const first = entry.name.replace(/\\/gu, "/").split("/")[0];
    const learner = first !== undefined && first !== "" && first !== ".." && !first.includes(":") ? first : undefined;
    const why = entry.symlink ? "a symbolic link" : outsideReason(entry.name);
    if (why !== undefined) {
      refused.push({ name: entry.name, learner, why });
      continue;
    }
    const path = join(into, ...entry.name.replace(/\\/gu, "/").split("/"));
    if (entry.name.endsWith("/")) {
      mkdirSync(path, { recursive: true });
      continue;
    }
    total += entry.size;
    if (total > UNPACKED_LIMIT) throw new ArchiveError(`the archive unpacks to more than ${UNPACKED_LIMIT} bytes`);
    const local = entry.localOffset;
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new ArchiveError(`entry ${entry.name} is damaged`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + entry.compressedSize);
    let bytes: Buffer;
    if (entry.method === 0) bytes = packed;
    else if (entry.method === 8) bytes = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    else
      throw new ArchiveError(
        `entry ${entry.name} uses compression method ${entry.method} (expected stored or deflate)`,
      );
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, bytes, { mode: 0o644 });
  }
  return { refused };
}
