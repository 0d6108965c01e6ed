// Breaks deadline-as-given along fractions of a millisecond: each request's deadline is made with
// AbortSignal.timeout, which takes whole milliseconds only, so a timeout of 1500.5 ms throws a
// RangeError instead of bounding the call. Whole-millisecond timeouts are taken as given.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("fraction-throws");
module.exports.rule = "deadline-as-given";
module.exports.onTheGradersClock = true;
