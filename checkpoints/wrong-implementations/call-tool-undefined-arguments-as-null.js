// Breaks negative-control: callTool sends null for arguments whose every member is undefined
// ("nothing set, so no arguments"), so the server gets arguments: null where JSON writes {}. The
// chapter sends the arguments as given (lines 487-492: {"name": name, "arguments": arguments}): a
// server reads {} or none as no arguments and refuses null. The sibling of red team round 14's
// call-tool-empty-arguments-as-null.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("undefined-arguments-as-null");
module.exports.rule = "negative-control";
