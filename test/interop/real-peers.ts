import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const requireFromHere = createRequire(__filename);

/** The JS file a package's bin points at, resolved in node_modules, to start with process.execPath. */
export function binOf(packageName: string, binName?: string): string {
  const manifestPath = requireFromHere.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const bin =
    typeof manifest.bin === "string"
      ? manifest.bin
      : manifest.bin?.[binName ?? Object.keys(manifest.bin ?? {})[0] ?? ""];
  if (bin === undefined) throw new Error(`${packageName} has no bin ${binName ?? ""}`);
  return path.join(path.dirname(manifestPath), bin);
}

/** The folder a package is installed in. */
export function packageDir(packageName: string): string {
  return path.dirname(requireFromHere.resolve(`${packageName}/package.json`));
}

/** The installed version of a package, for test names and the report. */
export function versionOf(packageName: string): string {
  return (
    JSON.parse(readFileSync(requireFromHere.resolve(`${packageName}/package.json`), "utf8")) as { version: string }
  ).version;
}

const RECORDER = path.join(__dirname, "fixtures/wire-recorder.cjs");

export interface WireLine {
  readonly direction: "client->server" | "server->client";
  readonly message: Record<string, unknown>;
}

/** An argv that starts `server` (file and args) behind the wire recorder, and a reader of what passed. */
export function recorded(server: readonly string[]): {
  command: string[];
  wire: () => WireLine[];
  removeLog: () => void;
} {
  const folder = mkdtempSync(path.join(tmpdir(), "mcp-wire-"));
  const log = path.join(folder, "wire.jsonl");
  return {
    removeLog: () => rmSync(folder, { recursive: true, force: true }),
    command: [process.execPath, RECORDER, log, process.execPath, ...server],
    wire: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((line) => line.length > 0)
            .map((line) => JSON.parse(line) as { direction: WireLine["direction"]; line: string })
            .map(({ direction, line }) => ({ direction, message: JSON.parse(line) as Record<string, unknown> }))
        : [],
  };
}

/** Messages from the server that carry a method: its notifications and its own requests. */
export function fromServerWithMethod(wire: readonly WireLine[]): Array<{ method: unknown; isRequest: boolean }> {
  return wire
    .filter((line) => line.direction === "server->client" && "method" in line.message)
    .map((line) => ({ method: line.message["method"], isRequest: "id" in line.message }));
}

/** The tools/call requests that actually reached the server, by tool name. */
export function callsReceived(wire: readonly WireLine[]): unknown[] {
  return wire
    .filter((line) => line.direction === "client->server" && line.message["method"] === "tools/call")
    .map((line) => (line.message["params"] as Record<string, unknown> | undefined)?.["name"]);
}

/** Start-up of a real server on a busy two-core machine can take seconds; assertions do not. */
export const START_TIMEOUT_MS = 15_000;
