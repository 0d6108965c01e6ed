// Breaks negative-control: the allowlist is hard-coded to the chapter's word_count, ignoring the application's setting (so nothing else is ever called).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("hard-coded-allowlist");
module.exports.rule = "negative-control";
