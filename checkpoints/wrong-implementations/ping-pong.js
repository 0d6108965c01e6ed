// Breaks ping-answered: the server's ping is answered, but with the result "pong", not the empty object the spec asks for.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("ping-pong");
module.exports.rule = "ping-answered";
