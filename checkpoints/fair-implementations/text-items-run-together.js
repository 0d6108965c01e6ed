// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// resultText runs a result's text items together with nothing between them. The chapter calls
// result_text (line 492) but never shows how several items become one text, so any separator,
// the empty one too, is the learner's.
// Free choices:
// - the separator between a result's text items (any string, the empty one too), as the chapter never shows result_text
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ textSeparator: "" });
