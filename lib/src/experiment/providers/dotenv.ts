// The API key from the environment or a .env file: KEY=VALUE lines, # comments, optional quotes.
// Parsed here (no dependency); the key is returned to the caller and never printed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** KEY=VALUE pairs of a .env text; blank lines, comments and malformed lines are skipped. */
export function parseDotenv(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, "");
    pairs.set(match[1]!, value);
  }
  return pairs;
}

/** A variable from the environment, else from cwd/.env; undefined when neither has it. */
export function readSecret(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string | undefined {
  const fromEnv = env[name];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  const file = join(cwd, ".env");
  if (!existsSync(file)) return undefined;
  const value = parseDotenv(readFileSync(file, "utf8")).get(name);
  return value === "" ? undefined : value;
}
