// The library's version, recorded in every receipt so a reader knows which harness wrote it.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

let cached: string | undefined;

/** "mcp-workbook@<version>", read from lib/package.json (one level above src/ and dist/). */
export function harnessVersion(): string {
  if (cached === undefined) {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, "../../../package.json"), "utf8")) as {
      name?: string;
      version?: string;
    };
    cached = `${manifest.name ?? "mcp-workbook"}@${manifest.version ?? "unknown"}`;
  }
  return cached;
}
