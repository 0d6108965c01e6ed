#!/usr/bin/env node
// The package's command, committed so that it exists when `npm ci` links node_modules/.bin: npm
// links a workspace's bin at install time, before the build writes dist/. It only loads the
// compiled command, and says what to do when the build has not run yet.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const compiled = join(__dirname, "..", "dist", "cli", "main.js");
if (!existsSync(compiled)) {
  process.stderr.write(`mcp-workbook: the command is not built yet (no ${compiled}); run: npm run build\n`);
  process.exit(2);
}
require(compiled);
