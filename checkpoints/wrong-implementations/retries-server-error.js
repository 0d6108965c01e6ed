// Breaks negative-control: a tools/call the server answers with an error response is sent once
// more before the error is raised, so one call can run the tool twice.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("retries-server-error");
module.exports.rule = "negative-control";
