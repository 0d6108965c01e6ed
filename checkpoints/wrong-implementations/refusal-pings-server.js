// Breaks allowlist-before-write: a call the allowlist refuses first pings the server (to say in the
// refusal whether it is still there), so a request goes out beside the refusal: the sibling of
// round 8's tools/list sent before a refused call (chapter line 377: refused before a byte is sent).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("pings-before-refusal");
module.exports.rule = "allowlist-before-write";
