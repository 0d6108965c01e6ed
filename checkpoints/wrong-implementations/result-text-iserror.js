// Breaks result-text-iserror: isError is ignored, so a tool's failure reads as its answer.
"use strict";
const wb = require("mcp-workbook");
const resultText = (result) =>
  result.content
    .filter((item) => item.type === "text")
    .map((item) => item.text)
    .join("\n");
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
