// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - a grace before signalling shorter than the chapter's 1 s (100 ms or more)
// - no pause between SIGTERM and SIGKILL
// - the keys of a message in another order
// - after refusing a line, the reader starts afresh at the next newline
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ graceMs: 600, termToKillMs: 0, keysMethodFirst: true });
