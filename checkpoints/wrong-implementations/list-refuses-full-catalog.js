// Breaks handshake-order: discovery counts the tools itself after checkTools, with >= where the bound
// is inclusive, so a server listing exactly the limit (32) fails the session though checkTools takes it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("list-refuses-full-catalog");
module.exports.rule = "handshake-order";
