// Breaks advertised-before-write: the catalog is kept as a plain object's keys, so an allowed tool named
// toString, which every object answers to, reads as advertised and is sent though the server never offered it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("catalog-plain-object");
module.exports.rule = "advertised-before-write";
