// Breaks server-request-refused: every request from the server gets an empty result, sampling as well as ping, so the client claims a capability it never declared.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("answers-every-request");
module.exports.rule = "server-request-refused";
