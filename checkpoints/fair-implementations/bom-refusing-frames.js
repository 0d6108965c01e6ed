// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// its parseFrame keeps a frame's leading UTF-8 byte-order mark in the text it decodes, so JSON.parse
// refuses the frame as malformed, where the chapter's json.loads on bytes would ignore the mark.
// RFC 8259 section 8.1 allows either; everything after the mark is judged as ever.
// Free choices:
// - a frame's leading UTF-8 byte-order mark ignored, as json.loads on bytes does, or the frame refused as malformed
"use strict";
const { withChoices } = require("./chapter-client.js");

module.exports = withChoices({ refusesByteOrderMark: true });
