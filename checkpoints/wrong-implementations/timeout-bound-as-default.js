// Breaks deadline-as-given at the bound itself: 60 s, the chapter's largest timeout, is read as
// "no timeout given" and becomes the default 5 s; every other timeout is taken as given.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("bound-as-default");
module.exports.rule = "deadline-as-given";
module.exports.onTheGradersClock = true;
