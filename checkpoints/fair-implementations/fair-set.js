// The fair implementations and the free choices each names in its header ("// Free choices:" then
// one "// - <choice>" line each), read by the suite (test/checkpoint/fair) and `npm run grader:fair`.
"use strict";
const { readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

/** Files beside this one that are helpers, not implementations. */
const HELPERS = new Set(["chapter-client.js", "fair-set.js", "grade-fair.js"]);

/** The free choices a file's header names. */
function headerChoices(path) {
  const lines = readFileSync(path, "utf8").split("\n");
  const start = lines.findIndex((line) => line.trim() === "// Free choices:");
  if (start < 0) return [];
  const choices = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^\/\/ - (.+)$/u.exec(line);
    if (match === null) break;
    choices.push(match[1].trim());
  }
  return choices;
}

/** Every fair implementation module (graded with --impl): name, path, the choices it names. */
function fairImplementations() {
  return readdirSync(__dirname)
    .filter((name) => name.endsWith(".js") && !HELPERS.has(name))
    .sort()
    .map((name) => {
      const path = join(__dirname, name);
      return { name: name.replace(/\.js$/u, ""), path, choices: headerChoices(path) };
    });
}

/** Every fair build notebook's module (graded with --notebook once written by notebooks/make.js). */
function fairNotebooks() {
  const dir = join(__dirname, "notebooks");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".js") && name !== "make.js")
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return { name: name.replace(/\.js$/u, ""), path, choices: headerChoices(path) };
    });
}

module.exports = { fairImplementations, fairNotebooks, headerChoices };
