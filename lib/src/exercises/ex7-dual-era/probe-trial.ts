// Exercise 7's world: a scripted server the learner's dual-era connect step talks to. `ask` sends
// one request and resolves to its answer ({ result } or { error: { code, data? } }); a silent
// server's answer never comes, as a legacy server's may not (MCP 2026-07-28, stdio.mdx). One run
// against one script is plain data both ways (runDualEraTrial), so the checkpoint runs the
// learner's exercise7 in its host and judges it with the notebook's own check.
import { JSON_RPC_ERRORS } from "../../protocol/constants.js";
import { isJsonObject, type JsonObject } from "../../protocol/messages.js";

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

/** The probe's wait the check hands over, in ms. */
export const PROBE_WAIT_MS = 200;
/** How long past that wait a connect step may take before it is judged to have no timeout. */
export const PROBE_SLACK_MS = 1500;

/** What one run gave, as plain data: the era returned or the error thrown, every method asked (in order), the probe's `_meta` version. */
export interface DualEraOutcome {
  readonly choice?: EraChoice;
  readonly error?: { readonly name: string; readonly message: string };
  readonly asked: readonly string[];
  readonly probeMeta?: unknown;
  /** Set when the connect step had no outcome within the trial's bound: the bound, in ms. */
  readonly stoppedAfterMs?: number;
}

/** Runs one script somewhere (in this process, or in the checkpoint's host) and hands back its outcome. */
export type DualEraTrialRunner = (script: ProbeScript) => Promise<DualEraOutcome>;

/**
 * Runs the learner's connect step against one scripted server, in this process; never throws. A
 * step still waiting PROBE_SLACK_MS after its probe wait is stopped (its promise is left behind:
 * the scripted server holds no timer or process, so nothing outlives the trial).
 */
export async function runDualEraTrial(connect: unknown, script: ProbeScript): Promise<DualEraOutcome> {
  const server = scriptedServer(script);
  const boundMs = PROBE_WAIT_MS + PROBE_SLACK_MS;
  const stopped = Symbol("stopped");
  let timer: NodeJS.Timeout | undefined;
  let ended: { choice: unknown } | { error: unknown } | typeof stopped;
  try {
    if (typeof connect !== "function")
      throw new TypeError(`expected a function (ask, probeWaitMs) => Promise<EraChoice>; got ${typeof connect}`);
    const running = Promise.resolve().then(() => (connect as ConnectEitherEra)(server.ask, PROBE_WAIT_MS));
    ended = await Promise.race([
      running.then(
        (choice) => ({ choice }),
        (error: unknown) => ({ error }),
      ),
      new Promise<typeof stopped>((resolve) => {
        timer = setTimeout(() => resolve(stopped), boundMs);
      }),
    ]);
  } catch (error) {
    ended = { error };
  } finally {
    clearTimeout(timer);
  }
  const first = server.asked[0];
  const meta = first !== undefined && isJsonObject(first.params["_meta"]) ? first.params["_meta"] : undefined;
  const common = {
    asked: server.asked.map((entry) => entry.method),
    probeMeta: meta?.["io.modelcontextprotocol/protocolVersion"],
  };
  if (ended === stopped) return { ...common, stoppedAfterMs: boundMs };
  if ("error" in ended) {
    const error = ended.error;
    return {
      ...common,
      error:
        error instanceof Error
          ? { name: error.name, message: String(error.message) }
          : { name: typeof error, message: String(error) },
    };
  }
  return { ...common, choice: ended.choice as EraChoice };
}
