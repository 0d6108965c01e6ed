// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - after a call runs out of time, the session refuses every later request (fail-closed)
// - ids are strings
// - ids start at 0
// - the chapter's frame reader: one buffer, and a read that holds an overlong line loses the frames before it
// - arguments that are not an object refused before sending
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({
  failClosed: true,
  stringIds: true,
  idsFromZero: true,
  chapterReader: true,
  refuseNonObjectArguments: true,
});
