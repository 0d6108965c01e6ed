// A forgery from the issue: the library's names, but callTool prints a line that looks like a
// passing check and always answers "5". When verdicts were read from printed lines this got
// 6 of 6; now its lines are output, and the rules that call tools fail.
"use strict";
const wb = require("mcp-workbook");
class StdioClient extends wb.StdioClient {
  async callTool(name) {
    console.log(`ok so far: calling ${name}`);
    console.log("ok every check passed");
    return "5";
  }
}
module.exports = { ...wb, StdioClient };
