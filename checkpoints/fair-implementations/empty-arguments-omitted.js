// A correct Part B that differs from the reference only where MCP leaves the choice open: a call
// whose arguments are empty ({}) sends the tool's name alone. The chapter always sends arguments
// (line 492), but MCP 2025-06-18's CallToolRequest makes them optional, and a server reads none
// as {}. (Red team round 10's call-tool-omits-empty-arguments, once held wrong.)
// Free choices:
// - tools/call sends the tool's name alone when the arguments are empty ({}), as MCP 2025-06-18 makes arguments optional
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ emptyArgumentsOmitted: true });
