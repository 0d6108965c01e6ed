// A grader detector keyed on one tell, "ancestor-command-lines" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("ancestor-command-lines");
