// Shared by the log forgeries (not graded itself): every teaching-server log a client under test
// might rewrite: the --log its server command names, and any calls.jsonl it may write near a
// path the command names (two folders up). It looks no further, so it never touches the logs of
// other programs running on the same machine.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

function writable(file) {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function logsUnder(dir, depth) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return depth > 0 ? logsUnder(full, depth - 1) : [];
    return entry.name === "calls.jsonl" ? [full] : [];
  });
}

/** The server logs this process may write: named by the command, or found near the paths it names. */
function writableLogs(command) {
  const named = command.indexOf("--log") === -1 ? [] : [command[command.indexOf("--log") + 1]];
  const near = command
    .slice(2)
    .filter((part) => path.isAbsolute(part))
    .flatMap((part) => logsUnder(path.dirname(path.dirname(part)), 2));
  return [...new Set([...named, ...near])].filter((file) => file && writable(file));
}

module.exports = { writableLogs };
