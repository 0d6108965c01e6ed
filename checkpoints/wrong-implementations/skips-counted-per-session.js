// Breaks notifications-bounded: the sixteen skipped messages are counted for the whole session, not
// for each reply, so a server that logs a little before every reply is refused on the second call.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("skips-counted-per-session");
module.exports.rule = "notifications-bounded";
