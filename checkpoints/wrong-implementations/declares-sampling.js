// Breaks handshake-order: initialize declares the sampling and roots capabilities, which this client
// does not serve (it implements tools only, and must declare exactly what it serves: nothing).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("declares-sampling");
module.exports.rule = "handshake-order";
