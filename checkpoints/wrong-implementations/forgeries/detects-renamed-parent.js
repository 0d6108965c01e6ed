// A grader detector keyed on one tell, "renamed-parent" (tells.js says what it is).
"use strict";
module.exports = require("./detector.js").detector("renamed-parent");
