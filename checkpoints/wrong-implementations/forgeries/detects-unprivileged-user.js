// A grader detector keyed on one tell, "unprivileged-user" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("unprivileged-user");
