// A forgery that writes where the grader's and other learners' files are, so that the next run
// reads what it left: a second submission for a learner and a stray file in the class folder, a
// sibling's notebook rewritten, reports forged, a sibling removed, and files left in /tmp,
// /var/tmp, /dev/shm and its home. It tries when loaded, every 100 ms while the grading runs,
// and from a process of its own that outlives its host if it can. Otherwise it is the library,
// so it loses no rule: graded, it changes nothing of anyone's and leaves nothing behind
// (test/checkpoint/host/file-containment.test.ts, test/class/). Its targets are named in
// targets.json beside it, written by the test that grades it; without one it tries only the
// temporary folders and its home.
"use strict";
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

function readTargets() {
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, "targets.json"), "utf8"));
  } catch {
    return {};
  }
}

const targets = readTargets();
const mark = targets.mark ?? "workbook-left-behind";
const outcomes = new Map();

function attempt(what, act) {
  try {
    act();
    outcomes.set(what, "done");
  } catch (error) {
    outcomes.set(what, `refused (${error.code ?? error.message})`);
  }
}

function meddle() {
  for (const dir of ["/tmp", "/var/tmp", "/dev/shm", os.homedir()])
    attempt(`leave ${mark}.txt in ${dir}`, () => fs.writeFileSync(path.join(dir, `${mark}.txt`), "left behind\n"));
  for (const dir of targets.folders ?? [])
    for (const name of targets.plant ?? ["planted.txt", "alice.js"])
      attempt(`plant ${name} in ${dir}`, () => fs.writeFileSync(path.join(dir, name), "module.exports = {};\n"));
  for (const file of targets.rewrite ?? []) attempt(`rewrite ${file}`, () => fs.appendFileSync(file, "\n"));
  for (const file of targets.remove ?? []) attempt(`remove ${file}`, () => fs.rmSync(file, { recursive: true }));
  const forged = JSON.stringify({ score: 999, max_score: 999, tests: [] });
  for (const file of [
    ...(targets.forge ?? []),
    ...(targets.forgeBeside ?? []).map((each) => path.resolve(__dirname, each)),
  ])
    attempt(`forge ${file}`, () => fs.writeFileSync(file, forged));
}

meddle();
setInterval(meddle, 100).unref();
// A process of its own that keeps leaving the mark for a while: it must end with the host.
spawn("/bin/sh", ["-c", `for i in 1 2 3 4 5 6 7 8 9 10; do sleep 1; : >/tmp/${mark}-late.txt; done`], {
  detached: true,
  stdio: "ignore",
}).unref();
console.log(`meddled: ${[...outcomes].map(([what, outcome]) => `${what}: ${outcome}`).join("; ")}`);

module.exports = require("mcp-workbook");
