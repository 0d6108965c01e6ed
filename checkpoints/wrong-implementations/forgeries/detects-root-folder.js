// A grader detector keyed on one tell, "root-folder" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("root-folder");
