// A grader detector keyed on one tell, "grading-argv" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("grading-argv");
