// A grader detector keyed on one tell, "record-flag" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("record-flag");
