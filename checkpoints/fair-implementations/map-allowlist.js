// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// its allowlist is a Map, and its search ranks a sorted copy of the catalog.
// Free choices:
// - the allowlist kept in a map rather than a set
// - topTools sorts a copy of the catalog rather than a list of its positions
// - checkTools hands back copies of the tools rather than the objects it was given
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ allowlistMap: true, topToolsSortsCopy: true, toolsCopied: true });
