// Breaks close-group: close() sends SIGTERM to the server's pid alone, then SIGKILL to the whole group,
// so the other members of the group meet SIGKILL without ever getting SIGTERM first.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("term-to-leader-only");
module.exports.rule = "close-group";
