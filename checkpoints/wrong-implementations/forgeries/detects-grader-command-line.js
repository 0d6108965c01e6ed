// A grader detector keyed on one tell, "grader-command-line" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("grader-command-line");
