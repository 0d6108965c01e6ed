// A grader detector keyed on one tell, "answer-descriptor" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("answer-descriptor");
