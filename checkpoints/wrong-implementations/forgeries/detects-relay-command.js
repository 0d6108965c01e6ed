// A grader detector keyed on one tell, "relay-command" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("relay-command");
