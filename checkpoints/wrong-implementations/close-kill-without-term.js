// Breaks close-what-stays: a server still there after the grace is SIGKILLed at once, never sent SIGTERM first.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("kill-without-term");
module.exports.rule = "close-what-stays";
