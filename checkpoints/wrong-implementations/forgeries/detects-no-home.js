// A grader detector keyed on one tell, "no-home" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("no-home");
