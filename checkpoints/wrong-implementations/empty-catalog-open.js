// Breaks advertised-before-write: a catalog of no tools, even the one discovery gave, is read as "not listed
// yet", so a call of any allowed name goes to a server that advertised nothing (an empty catalog is
// within the bounds, chapter lines 355-375, and advertises nothing).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("empty-catalog-open");
module.exports.rule = "advertised-before-write";
