// Breaks close-group: close() ends the input and kills only the server, never its group: the grandchild lives on.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("kills-only-the-server");
module.exports.rule = "close-group";
