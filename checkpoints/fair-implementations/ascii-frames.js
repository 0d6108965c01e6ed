// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// its frames are ASCII, every other character written as a \u escape, as the chapter's own
// encode_frame writes them (Python's json.dumps escapes non-ASCII unless told not to), and its
// frame limit counts the bytes it writes, so a frame of ☕ is twice as long as the library's.
// Free choices:
// - a frame's JSON escaped another faithful way (every non-ASCII character as a \u escape, as the chapter's json.dumps does, or a slash escaped), its limit counted on the bytes it writes
"use strict";
const { withChoices } = require("./chapter-client.js");

/** Every character past ASCII as \uXXXX, one escape per UTF-16 unit (two for 🍦): outside strings JSON holds none, so only strings change. */
const asciiOnly = (json) =>
  json.replace(/[^\u0000-\u007e]/gu, (char) =>
    Array.from({ length: char.length }, (_, at) => `\\u${char.charCodeAt(at).toString(16).padStart(4, "0")}`).join(""),
  );

module.exports = withChoices({ escapes: asciiOnly });
