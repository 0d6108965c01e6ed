// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - the chapter's frame reader: one buffer, and a read that holds an overlong line loses the frames before it
// - after refusing a line, the reader refuses again on the bytes that follow
// - answerFor refuses a request from the server (the read loop answers it first)
// - close() reports a signal as a negative number, as the chapter's does
// - close() waits for the server alone, not for the rest of its group, as the chapter's does
// - an object with a toJSON refused rather than written as what its toJSON returns
// - a tools capability of any value taken as offered, as the chapter's `"tools" in capabilities` does
// - an empty, zero, false or null nextCursor read as no further page, as the chapter's truth test does
// - checkInitialize returns only the capabilities, as the chapter's does, not the whole result
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({
  chapterReader: true,
  answerRefusesServerRequests: true,
  statusAsNumber: true,
  toolsKeyOnly: true,
  cursorByTruth: true,
  checkInitializeReturnsCapabilities: true,
});
