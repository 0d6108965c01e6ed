// Breaks negative-control: callTool leaves out every member of the arguments whose value is null,
// so a tool told to clear a field never hears of it. The chapter sends the arguments as given
// (lines 487-492: {"name": name, "arguments": arguments}); what a null means is the server's.
// Red team round 11's call-tool-drops-null-arguments, alone.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("drops-null-arguments");
module.exports.rule = "negative-control";
