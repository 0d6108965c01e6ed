// Breaks negative-control: tools/list goes out with _meta: { progressToken }, asking the server for
// progress notifications the client only skips, each spent from the sixteen a wait may skip; the
// chapter's discovery sends nothing (line 483). The sibling of round 9's tools/call that does so.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("list-asks-for-progress");
module.exports.rule = "negative-control";
