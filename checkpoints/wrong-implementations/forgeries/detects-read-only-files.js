// A grader detector keyed on one tell, "read-only-files" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("read-only-files");
