// Breaks messages-shape: notificationMessage puts `id: null` on a notification ("every message has an id").
"use strict";
const wb = require("mcp-workbook");
module.exports = {
  ...wb,
  notificationMessage: (method, params) => ({
    jsonrpc: "2.0",
    id: null,
    method,
    ...(params === undefined ? {} : { params }),
  }),
};
module.exports.rule = "messages-shape";
