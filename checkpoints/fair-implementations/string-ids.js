// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - ids are strings
// - the allowlist and the catalog checked in either order, both before writing
// - the allowlist kept as an array rather than a set
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ stringIds: true, advertisedCheckedFirst: true, allowlistArray: true });
