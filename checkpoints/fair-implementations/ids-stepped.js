// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - ids go up in steps larger than one
// - initialize() returns only the capabilities, not the whole result
// - an unbounded timeout refused when the client connects rather than when it is made
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ idStep: 7, initializeReturnsCapabilities: true, timeoutCheckedAtConnect: true });
