// A grader detector keyed on one tell, "rule-folder" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("rule-folder");
