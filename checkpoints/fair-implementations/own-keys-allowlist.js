// A correct Part B that differs from the reference only where the chapter leaves the choice open:
// its allowlist is a plain object, read by its own keys alone, and its catalog is a plain object too.
// Free choices:
// - the allowlist kept as a plain object's own keys rather than a set
// - the catalog kept in a plain object rather than a map
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ allowlistOwnKeys: true, catalogObject: true });
