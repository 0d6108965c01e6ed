// A grader detector keyed on one tell, "host-process" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("host-process");
