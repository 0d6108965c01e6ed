#!/usr/bin/env node
// node course-files.mjs COURSE HOME: gives a learner the course's files, at every start of their
// server (the image's start script runs it). COURSE is the image's copy (notebooks and learner/, as
// the image's library expects them); HOME is the learner's folder, kept between servers.
//
// A file the learner does not have is copied. A file the learner has not changed since it was
// copied is replaced by the course's version, so a fix in a new image reaches it. A file the
// learner changed is theirs and stays as it is, whatever the course did to it. "Not changed" means
// byte for byte the version last copied, whose sha256 HOME/.course-files.json remembers.
// Prints one line per file copied, updated or kept over a course change; exits 2 on a usage error.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, relative } from "node:path";

const RECORD = ".course-files.json";

const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Every file under `dir` (a link counts as what it points at), relative to it, in a stable order. */
function filesUnder(dir, at = dir) {
  return readdirSync(at, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(at, entry.name);
      const kind = entry.isSymbolicLink() ? statSync(path) : entry;
      return kind.isDirectory() ? filesUnder(dir, path) : kind.isFile() ? [relative(dir, path)] : [];
    });
}

/** Brings HOME up to COURSE by the rules above; returns what it did, one line per file touched. */
export function syncCourseFiles(course, home) {
  const recordFile = join(home, RECORD);
  const copied = existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, "utf8")) : {};
  const done = [];
  for (const path of filesUnder(course)) {
    const from = join(course, path);
    const to = join(home, path);
    const offered = sha256(from);
    if (existsSync(to)) {
      const held = sha256(to);
      if (held === offered) {
        copied[path] = offered;
        continue;
      }
      if (held !== copied[path]) {
        done.push(`kept your ${path} (the course's copy differs)`);
        continue;
      }
      done.push(`updated ${path}`);
    } else done.push(`copied ${path}`);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, `${to}.course-tmp`);
    renameSync(`${to}.course-tmp`, to);
    copied[path] = offered;
  }
  mkdirSync(home, { recursive: true });
  writeFileSync(`${recordFile}.tmp`, JSON.stringify(copied, null, 1) + "\n");
  renameSync(`${recordFile}.tmp`, recordFile);
  return done;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [course, home, ...rest] = process.argv.slice(2);
  if (!course || !home || rest.length > 0 || !existsSync(course)) {
    process.stderr.write(
      `usage: node course-files.mjs COURSE HOME (COURSE a folder that exists); got: ${process.argv.slice(2).join(" ")}\n`,
    );
    process.exit(2);
  }
  for (const line of syncCourseFiles(course, home)) console.log(`course files: ${line}`);
}
