// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - initialize() also lists the tools, and listTools() hands back the catalog it holds
// - a grace before signalling longer than the chapter's 1 s
// - a longer pause between SIGTERM and SIGKILL
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ initializeListsTools: true, graceMs: 2500, termToKillMs: 500 });
