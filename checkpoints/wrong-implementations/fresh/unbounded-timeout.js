// Breaks "a bounded timeout is required": a timeoutMs of Infinity is read as "wait as long as the library allows" instead of refused.
"use strict";
const wb = require("mcp-workbook");
class StdioClient extends wb.StdioClient {
  constructor(command, options = {}) {
    const unbounded = options !== null && typeof options === "object" && options.timeoutMs === Infinity;
    super(command, unbounded ? { ...options, timeoutMs: 60_000 } : options);
  }
}
module.exports = { ...wb, StdioClient };
