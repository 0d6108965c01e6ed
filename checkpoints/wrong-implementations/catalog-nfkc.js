// Breaks advertised-before-write: the catalog's names are compared after Unicode NFKC normalisation, so
// an allowed look-alike of an advertised name (fullwidth letters, a ligature) reads as advertised and is sent.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("catalog-nfkc");
module.exports.rule = "advertised-before-write";
