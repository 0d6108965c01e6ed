// A grader detector keyed on one tell, "module-path" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("module-path");
