// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// its frames escape what an HTML page or a log viewer could misread, as Go's encoding/json does
// (<, > and & as \u escapes, the line and paragraph separators too) and / as \/. Every escape is
// the same JSON value, and its frame limit counts the bytes it writes.
// Free choices:
// - a frame's JSON escaped another faithful way (every non-ASCII character as a \u escape, as the chapter's json.dumps does, or a slash escaped), its limit counted on the bytes it writes
"use strict";
const { withChoices } = require("./chapter-client.js");

const ESCAPES = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
  "/": "\\/",
};
/** Outside strings JSON holds none of these characters, so only strings change. */
const htmlSafe = (json) => json.replace(/[<>&\u2028\u2029/]/gu, (char) => ESCAPES[char]);

module.exports = withChoices({ escapes: htmlSafe });
