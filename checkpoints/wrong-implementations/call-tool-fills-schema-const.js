// Breaks negative-control: callTool adds each member the caller left out whose schema gives a
// const ("it can only be that"), so the server receives arguments the caller never gave. The
// chapter sends the arguments as given (lines 487-492: {"name": name, "arguments": arguments});
// what a schema allows, defaults and fixed values included, is the server's to apply. The sibling
// of red team round 13's call-tool-fills-schema-defaults.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("fills-schema-const");
module.exports.rule = "negative-control";
