/**
 * The teaching server's modes. "normal" is a correct MCP server; every other mode breaks one
 * thing on purpose, so a client can be shown surviving that one failure (or a later exercise
 * can be built against it). The library spawns the server by path and never imports this file;
 * `--help` prints the same table for people and scripts.
 */
export const MODES = [
  { name: "normal", summary: "a correct server: handshake, two tools, one reply per request" },
  { name: "old-version", summary: "initialize answers protocolVersion 2024-11-05" },
  { name: "wrong-id", summary: "the tools/call reply carries the request id + 1 (the tool did run)" },
  { name: "stale", summary: "before the tools/call reply, repeats the reply to the previous request" },
  { name: "oversized", summary: "the tools/call reply is one line of about 1 MiB" },
  { name: "endless", summary: "the tools/call reply is one line that never ends (see --endless-bytes)" },
  { name: "stdout-log", summary: 'prints "calling tool now" on stdout before the tools/call reply' },
  { name: "hang", summary: "never answers tools/call, keeps reading" },
  { name: "trickle", summary: "sends the tools/call reply one byte every 200 ms and never finishes it" },
  { name: "stderr-log", summary: "chatty diagnostics on stderr, answers correctly" },
  { name: "notify", summary: "three notifications before every reply, answers correctly" },
  { name: "chatty", summary: "twenty notifications before the tools/call reply" },
  { name: "drip", summary: "twelve notifications 400 ms apart, then the tools/call reply" },
  { name: "ping", summary: "pings the client and waits for its answer before the tools/call reply" },
  { name: "grandchild", summary: "starts a child that ignores SIGTERM and outlives the server" },
  { name: "paged", summary: "tools/list in pages of three, seven tools in all" },
  { name: "endless-cursor", summary: "tools/list hands out a fresh cursor forever (c1, c2, ...)" },
  { name: "repeat-cursor", summary: 'tools/list hands out the cursor "again" again and again' },
  { name: "reverse", summary: "answers two tools/call requests in reverse order" },
  { name: "hostile", summary: "a third tool whose description asks for a purchase" },
  { name: "many-tools", summary: "advertises forty tools, tool_01 to tool_40" },
] as const;

export type ModeName = (typeof MODES)[number]["name"];

export const MODE_NAMES: readonly ModeName[] = MODES.map((mode) => mode.name);

export function isModeName(value: string): value is ModeName {
  return (MODE_NAMES as readonly string[]).includes(value);
}
