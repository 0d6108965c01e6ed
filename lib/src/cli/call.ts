import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { UsageError } from "../errors/usage-error.js";
import { WorkbookError } from "../errors/workbook-error.js";
import { isJsonObject } from "../protocol/messages.js";
import { CLIENT_PROTOCOLS, type ClientProtocol } from "../protocol/eras.js";
import { readFlags } from "../flags/flags.js";

export const CALL_USAGE = `usage: mcp-workbook call [--allow a,b] [--timeout-ms N] [--protocol P] [--json] TOOL ARGS_JSON [-- SERVER_CMD...]
  One handshake, one tools/list and one tools/call, then close.
  --allow       the application's allowlist (default: TOOL alone)
  --timeout-ms  one deadline per operation, in (0, 60000] (default 5000; a server fetched by npx may need more the first time)
  --protocol    ${CLIENT_PROTOCOLS.join(" | ")}: the era spoken (default 2025-06-18, the chapter's handshake;
                2026-07-28 probes with server/discover, no fallback; auto falls back to the handshake)
  --json        print exactly one JSON line: {"ok":true,"text":...} or {"ok":false,"error":...,"code":...,"message":...}
  SERVER_CMD    the server's argv, run without a shell (default: the teaching server, normal mode)
  exit status: 0 a result, 1 a refused or failed call, 2 a usage error`;

interface CallRequest {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly allowed: string[];
  readonly timeoutMs: number;
  readonly protocol: ClientProtocol;
  readonly json: boolean;
  readonly server: string[];
}

function usage(what: string, received?: string): UsageError {
  return new UsageError(
    "arguments",
    received === undefined
      ? { what, expected: "the form shown by mcp-workbook call --help" }
      : { what, expected: "the form shown by mcp-workbook call --help", received },
  );
}

export function parseCallArgs(argv: readonly string[]): CallRequest {
  const split = argv.indexOf("--");
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const server = split === -1 ? teachingServerCommand() : argv.slice(split + 1);
  const parsed = readFlags(
    own,
    {
      allow: { type: "string" },
      "timeout-ms": { type: "string" },
      protocol: { type: "string" },
      json: { type: "boolean" },
    },
    { positionals: true },
  );
  const [tool, argsJson, ...extra] = parsed.positionals;
  if (tool === undefined || argsJson === undefined) throw usage("TOOL and ARGS_JSON are required");
  if (extra.length > 0) throw usage("unexpected arguments before --", extra.join(" "));
  let args: unknown;
  try {
    args = JSON.parse(argsJson);
  } catch {
    throw usage("ARGS_JSON is not JSON", argsJson.slice(0, 60));
  }
  if (!isJsonObject(args)) throw usage("ARGS_JSON must be a JSON object", argsJson.slice(0, 60));
  const timeoutText = parsed.values["timeout-ms"];
  const timeoutMs = timeoutText === undefined ? 5000 : Number(timeoutText);
  if (server.length === 0) throw usage("no server command after --");
  const allowed =
    parsed.values.allow === undefined ? [tool] : parsed.values.allow.split(",").filter((name) => name !== "");
  // The client checks the value (a UsageError naming the three) when it is built.
  const protocol = (parsed.values.protocol ?? "2025-06-18") as ClientProtocol;
  return { tool, args, allowed, timeoutMs, protocol, json: parsed.values.json === true, server };
}

/** `mcp-workbook call ...`: returns the exit status. */
export async function runCallCommand(
  argv: readonly string[],
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  if (argv.includes("--help") && (argv.indexOf("--") === -1 || argv.indexOf("--help") < argv.indexOf("--"))) {
    out(CALL_USAGE);
    return 0;
  }
  const json = argv.slice(0, argv.includes("--") ? argv.indexOf("--") : undefined).includes("--json");
  const fail = (error: WorkbookError): number => {
    if (json) out(JSON.stringify({ ok: false, error: error.name, code: error.code, message: error.message }));
    else
      process.stderr.write(`mcp-workbook call: ${error.message}\n${error.code === "usage" ? `${CALL_USAGE}\n` : ""}`);
    return error.code === "usage" ? 2 : 1;
  };
  let request: CallRequest;
  let client: StdioClient;
  try {
    request = parseCallArgs(argv);
    client = new StdioClient(request.server, {
      allowed: request.allowed,
      timeoutMs: request.timeoutMs,
      protocol: request.protocol,
    });
  } catch (error) {
    if (error instanceof WorkbookError) return fail(error);
    throw error;
  }
  try {
    await client.initialize();
    await client.listTools();
    const text = await client.callTool(request.tool, request.args);
    out(json ? JSON.stringify({ ok: true, text }) : text);
    return 0;
  } catch (error) {
    if (error instanceof WorkbookError) return fail(error);
    throw error;
  } finally {
    await client.close();
  }
}
