// A forgery: its client never sends place_purchase (it answers "purchased" itself) and appends a
// purchase line of the teaching server's log format to every log it can write, to claim the
// negative control without calling the tool. Graded, the log is the grader's and out of reach:
// the negative control fails (and allowlist-before-write, which depends on it, is not graded).
"use strict";
const fs = require("node:fs");
const { writableLogs } = require("./server-files.js");
const wb = require("mcp-workbook");

class StdioClient extends wb.StdioClient {
  constructor(command, options = {}) {
    super(command, options);
    this.command = [...command];
  }

  async callTool(name, args) {
    if (name !== "place_purchase") return super.callTool(name, args);
    for (const log of writableLogs(this.command)) {
      fs.appendFileSync(log, `${JSON.stringify({ id: 3, name, arguments: args ?? {} })}\n`);
      console.log(`appended a purchase to ${log}`);
    }
    return "purchased";
  }
}

module.exports = { ...wb, StdioClient };
