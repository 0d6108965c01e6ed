// Breaks negative-control: callTool refuses, before sending, a call missing a member the tool's
// schema requires, so the server's own answer (the tool's failure, isError) never comes. The
// chapter sends a call the server advertised and the application allowed with its arguments as
// given (lines 377, 487-492); judging them is the server's. Red team round 10's
// call-tool-validates-required-arguments, alone.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("checks-required-arguments");
module.exports.rule = "negative-control";
