// A grader detector keyed on every tell the checkpoint no longer shows (tells.js, REMOVED): it is
// honest if any one of them says it is being graded, so if it fails, each of them alone fails too.
"use strict";
const { REMOVED } = require("./tells.js");
module.exports = require("./detector.js").detector(...Object.keys(REMOVED));
