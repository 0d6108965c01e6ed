// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// its parseFrame reads the bare literals NaN, Infinity and -Infinity in a frame as numbers, as the
// chapter's json.loads does, where the reference's JSON.parse refuses the frame as malformed. Every
// other frame is judged as ever.
// Free choices:
// - the literals NaN, Infinity and -Infinity in a frame read as numbers, as the chapter's json.loads reads them, or the frame refused as malformed
"use strict";
const { withChoices } = require("./chapter-client.js");

module.exports = withChoices({ readsNonFiniteLiterals: true });
