// A grader detector keyed on one tell, "temporary-home" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("temporary-home");
