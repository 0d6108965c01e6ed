// Exercise 7's world: a scripted server the learner's dual-era connect step talks to. `ask` sends
// one request and resolves to its answer ({ result } or { error: { code, data? } }); a silent
// server's answer never comes, as a legacy server's may not (MCP 2026-07-28, stdio.mdx).
import { JSON_RPC_ERRORS } from "../../protocol/constants.js";
import type { JsonObject } from "../../protocol/messages.js";

/** One answer from the server: a result, or a JSON-RPC error. */
export type ServerAnswer =
  | { readonly result: JsonObject }
  | { readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } };

/** Sends one request; resolves to the server's answer (or never, when the server stays silent). */
export type Ask = (method: string, params: JsonObject) => Promise<ServerAnswer>;

/** What the connect step decided: the era it now speaks (it did the handshake itself if it fell back). */
export interface EraChoice {
  readonly era: "2025-06-18" | "2026-07-28";
}

/**
 * What the learner writes for exercise 7: probe with server/discover (its `_meta` naming 2026-07-28),
 * waiting at most `probeWaitMs`; then speak 2026-07-28, fall back to initialize, or throw an error
 * naming the versions the server speaks.
 */
export type ConnectEitherEra = (ask: Ask, probeWaitMs: number) => Promise<EraChoice>;

/** How the scripted server meets server/discover; it answers initialize as a legacy server would. */
export type ProbeScript =
  | { readonly kind: "modern" }
  | { readonly kind: "error"; readonly code: number; readonly data?: unknown }
  | { readonly kind: "silent" };

const DISCOVER_RESULT: JsonObject = {
  resultType: "complete",
  supportedVersions: ["2026-07-28"],
  capabilities: { tools: {} },
  ttlMs: 0,
  cacheScope: "public",
};

const INITIALIZE_RESULT: JsonObject = { protocolVersion: "2025-06-18", capabilities: { tools: {} } };

/** A scripted server and the record of what was asked of it, in order. */
export function scriptedServer(script: ProbeScript): {
  ask: Ask;
  asked: Array<{ method: string; params: JsonObject }>;
} {
  const asked: Array<{ method: string; params: JsonObject }> = [];
  const ask: Ask = (method, params) => {
    asked.push({ method, params });
    if (method === "server/discover") {
      if (script.kind === "modern") return Promise.resolve({ result: DISCOVER_RESULT });
      if (script.kind === "silent") return new Promise<ServerAnswer>(() => undefined);
      return Promise.resolve({
        error: {
          code: script.code,
          message: "from the script",
          ...(script.data === undefined ? {} : { data: script.data }),
        },
      });
    }
    if (method === "initialize") {
      // A modern server refuses initialize; a legacy one answers it.
      if (script.kind === "modern" || (script.kind === "error" && script.code === -32022))
        return Promise.resolve({
          error: {
            code: -32022,
            message: "Unsupported protocol version",
            data: { supported: ["2026-07-28"], requested: "2025-06-18" },
          },
        });
      return Promise.resolve({ result: INITIALIZE_RESULT });
    }
    return Promise.resolve({ error: { code: JSON_RPC_ERRORS.methodNotFound, message: `Method not found: ${method}` } });
  };
  return { ask, asked };
}
