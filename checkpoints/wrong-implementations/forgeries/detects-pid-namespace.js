// A grader detector keyed on one tell, "pid-namespace" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("pid-namespace");
