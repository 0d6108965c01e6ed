// Breaks timeout-bounded: a timeoutMs that is positive and finite is taken, so 60001 ms, or 2^31 ms
// (which Node's timers turn into 1 ms), passes where the chapter bounds the timeout at 60 s.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("no-upper-bound");
module.exports.rule = "timeout-bounded";
