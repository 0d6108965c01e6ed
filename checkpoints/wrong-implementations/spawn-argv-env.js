// Breaks spawn-argv-env: the server gets the application's whole environment (process.env) instead of PATH alone.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("whole-environment");
module.exports.rule = "spawn-argv-env";
