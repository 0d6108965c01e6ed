// "Since the chapter: MCP 2026-07-28" (notebooks/since-the-chapter-2026-07-28.ipynb): one session
// in each era on the wire, what stays and what changes, and why the dual-era fallback must not be
// keyed to one error code. The workbook's update, labeled as such; the chapter stays 2025-06-18.
import { StdioClient } from "../client/stdio-client.js";
import { TEACHING_SERVER } from "../client/teaching-server.js";
import { WireTrace, type TraceSnapshot } from "../client/wire-trace.js";
import { JSON_RPC_ERRORS } from "../protocol/constants.js";
import { judgeProbe, type ClientProtocol, type ProbeOutcome } from "../protocol/eras.js";

/** One session of the chapter's (handshake, list, one word_count call) in `protocol`, traced. */
export interface EraSession {
  readonly protocol: ClientProtocol;
  readonly era: string;
  readonly text: string;
  readonly trace: TraceSnapshot;
}

/** Runs that session against the teaching server in its dual-era mode (`--protocol both`). */
export async function eraSession(protocol: ClientProtocol): Promise<EraSession> {
  const trace = new WireTrace({ previewBytes: 160 });
  const client = new StdioClient([process.execPath, TEACHING_SERVER, "--protocol", "both"], {
    allowed: ["word_count"],
    protocol,
    trace,
  });
  try {
    const server = await client.initialize();
    await client.listTools();
    const text = await client.callTool("word_count", { text: "vanilla stock needs review" });
    return { protocol, era: server.protocolVersion, text, trace: trace.snapshot() };
  } finally {
    await client.close();
  }
}

/** What stays and what changes between the chapter's revision and today's, with where each is said. */
export const ERA_CHANGES: ReadonlyArray<{
  readonly topic: string;
  readonly chapter: string;
  readonly today: string;
  readonly source: string;
}> = [
  {
    topic: "framing",
    chapter: "one JSON-RPC message per line on stdin/stdout",
    today: "the same",
    source: "2026-07-28 basic/transports/stdio.mdx",
  },
  {
    topic: "ids, one reply per request",
    chapter: "JSON-RPC 2.0",
    today: "the same",
    source: "2026-07-28 basic/index.mdx",
  },
  {
    topic: "opening",
    chapter: "initialize, then notifications/initialized",
    today: "none: every request names its version, client and capabilities in _meta; server/discover is optional",
    source: "2026-07-28 basic/versioning.mdx, server/discover.mdx",
  },
  {
    topic: "a version the server lacks",
    chapter: "initialize answers another protocolVersion",
    today: "-32022 UnsupportedProtocolVersionError with data.supported",
    source: "2026-07-28 basic/versioning.mdx",
  },
  {
    topic: "tools/list",
    chapter: "tools, maybe nextCursor",
    today: "the same, plus resultType, ttlMs and cacheScope",
    source: "2026-07-28 server/utilities/caching.mdx",
  },
  {
    topic: "server requests on stdio",
    chapter: "ping, sampling, roots, elicitation",
    today: "none: input is asked for in an InputRequiredResult (multi round-trip)",
    source: "2026-07-28 basic/transports/stdio.mdx",
  },
  {
    topic: "the application's rules",
    chapter: "frame limit, exact ids, allowlist, one deadline, process-group close",
    today: "the same: the protocol connects; the application decides",
    source: "this workbook (test/client/eras.slow.test.ts)",
  },
];

/** A fallback keyed to one error code, as weaker dual-era clients write it: the foil. */
export function keyedTo32601(outcome: ProbeOutcome): "modern" | "initialize" | "refuse" {
  if (outcome.kind === "result") return "modern";
  if (outcome.kind === "error" && outcome.code === JSON_RPC_ERRORS.methodNotFound) return "initialize";
  return "refuse";
}

function legacy(server: string, code: number): [string, string, ProbeOutcome] {
  return [server, String(code), { kind: "error", code }];
}

/** How legacy and modern servers really answer the probe, and what each rule does next. */
export function fallbackComparison(): Array<{
  readonly server: string;
  readonly answer: string;
  readonly spec: string;
  readonly keyed: string;
}> {
  const cases: Array<[string, string, ProbeOutcome]> = [
    legacy("a legacy server (method not found)", JSON_RPC_ERRORS.methodNotFound),
    legacy("a legacy server (invalid params)", JSON_RPC_ERRORS.invalidParams),
    legacy("the teaching server, --protocol 2025-06-18", JSON_RPC_ERRORS.invalidRequest),
    ["a legacy server that stays silent", "nothing", { kind: "no-answer" }],
    [
      "a modern server without our version",
      "-32022",
      { kind: "error", code: -32022, data: { supported: ["2027-01-01"], requested: "2026-07-28" } },
    ],
  ];
  return cases.map(([server, answer, outcome]) => ({
    server,
    answer,
    spec: judgeProbe(outcome).next,
    keyed: keyedTo32601(outcome),
  }));
}
