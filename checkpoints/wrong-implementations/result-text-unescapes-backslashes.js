// Breaks result-text-iserror: resultText turns a tool's backslash escapes (\n, \t, \uXXXX) into
// the characters they name ("the tool double-escaped its text"), so a text that shows an escape is
// reported as something the tool never wrote. A tool's text comes back as the tool wrote it (chapter
// lines 492, 546, 554). The sibling of red team round 12's result-text-decodes-html-entities.
"use strict";
const wb = require("mcp-workbook");
const NAMED = { n: "\n", t: "\t", r: "\r", "\\": "\\" };
function resultText(result) {
  return wb
    .resultText(result)
    .replace(/\\(u[0-9a-fA-F]{4}|[ntr\\])/gu, (_all, what) =>
      what.length === 5 ? String.fromCharCode(Number.parseInt(what.slice(1), 16)) : NAMED[what],
    );
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
