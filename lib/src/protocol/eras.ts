/**
 * MCP 2026-07-28 beside the chapter's 2025-06-18: what our client says and checks in the modern
 * era, and the stdio dual-era rule (specification 2026-07-28, basic/transports/stdio.mdx,
 * "Backward Compatibility"): probe with server/discover; a result means a modern server; a
 * recognized modern error means a modern server that refuses our version (no fallback); any other
 * error, or silence past the probe's wait, means a legacy server (fall back to initialize).
 * The fallback is never keyed to one error code: legacy servers answer an unknown pre-initialize
 * request with whatever they like (method not found, invalid params, invalid request) or not at all.
 *
 * The chapter's era stays the default everywhere; this is the workbook's update, opt-in.
 */
import { PROTOCOL_VERSION } from "./constants.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { describeValue, preview } from "../errors/wording.js";
import { checkInitialize, type InitializeResult } from "./handshake.js";
import { isJsonObject, type JsonObject } from "./messages.js";

/** The current MCP revision (GA July 2026): no handshake, version and capabilities on every request. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** What a client may speak: the chapter's era, the modern one only, or either (the probe decides). */
export const CLIENT_PROTOCOLS = [PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, "auto"] as const;
export type ClientProtocol = (typeof CLIENT_PROTOCOLS)[number];

/**
 * JSON-RPC errors only a modern server sends (schema 2026-07-28): HeaderMismatchError,
 * MissingRequiredClientCapabilityError, UnsupportedProtocolVersionError. Any of them answering the
 * probe identifies a modern server, so the client must not fall back to initialize.
 */
export const MODERN_ERROR_CODES: ReadonlyMap<number, string> = new Map([
  [-32020, "header mismatch"],
  [-32021, "missing required client capability"],
  [-32022, "unsupported protocol version"],
]);
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The `_meta` every modern request carries (schema 2026-07-28, RequestMetaObject). */
export function modernMeta(clientInfo: { readonly name: string; readonly version: string }): JsonObject {
  return {
    "io.modelcontextprotocol/protocolVersion": MODERN_PROTOCOL_VERSION,
    "io.modelcontextprotocol/clientInfo": { ...clientInfo },
    // Capabilities are declared per request; an empty object declares none (this client answers nothing).
    "io.modelcontextprotocol/clientCapabilities": {},
  };
}

/** How the probe ended: a result, a JSON-RPC error, or no answer within its wait. */
export type ProbeOutcome =
  | { readonly kind: "result"; readonly result: JsonObject }
  | { readonly kind: "error"; readonly code: number; readonly data?: unknown }
  | { readonly kind: "no-answer" };

/** What the client does next: speak the modern era, fall back to the handshake, or refuse. */
export type ProbeVerdict =
  | { readonly next: "modern"; readonly server: InitializeResult }
  | { readonly next: "initialize" }
  | { readonly next: "refuse"; readonly error: ProtocolError };

/** The spec's three outcomes of the probe, as a pure rule (the client and exercise 7's reference use it). */
export function judgeProbe(outcome: ProbeOutcome): ProbeVerdict {
  if (outcome.kind === "no-answer") return { next: "initialize" };
  if (outcome.kind === "error") {
    if (!MODERN_ERROR_CODES.has(outcome.code)) return { next: "initialize" };
    return { next: "refuse", error: modernRefusal(outcome.code, outcome.data, MODERN_PROTOCOL_VERSION) };
  }
  try {
    return { next: "modern", server: checkDiscover(outcome.result) };
  } catch (error) {
    if (error instanceof ProtocolError) return { next: "refuse", error };
    throw error;
  }
}

/** The versions an UnsupportedProtocolVersionError's data names, or undefined when it names none. */
export function supportedVersionsOf(data: unknown): string[] | undefined {
  const supported = isJsonObject(data) ? data["supported"] : undefined;
  if (!Array.isArray(supported) || !supported.every((entry) => typeof entry === "string")) return undefined;
  return supported as string[];
}

/**
 * A modern error answering our first request, as our own refusal: the server does not speak the
 * version we asked for (or wants what we do not declare). It names what the server does speak.
 */
export function modernRefusal(code: number, data: unknown, asked: string, cause?: unknown): ProtocolError {
  const options = cause === undefined ? undefined : { cause };
  const supported = supportedVersionsOf(data);
  if (code === UNSUPPORTED_PROTOCOL_VERSION) {
    return new ProtocolError(
      "version",
      {
        what: `the server does not speak ${asked}: it answered -32022 (unsupported protocol version)${
          supported === undefined
            ? ""
            : `, naming ${supported.length === 0 ? "no version" : supported.join(", ")} as the versions it speaks`
        }`,
        expected: `a server that speaks ${asked}`,
        received: supported === undefined ? `data ${preview(data)}` : `supported ${JSON.stringify(supported)}`,
      },
      options,
    );
  }
  return new ProtocolError(
    "version",
    {
      what: `the server refused ${asked} with the modern error ${code} (${MODERN_ERROR_CODES.get(code) ?? "unknown"})`,
      expected: `a server that speaks ${asked} with a client declaring no capabilities`,
      received: `data ${preview(data)}`,
    },
    options,
  );
}

/**
 * A discover result, checked as the handshake's result is: it must list our modern version and
 * offer tools. Returned in the handshake's shape so callers see one kind of `server`.
 */
export function checkDiscover(result: JsonObject): InitializeResult {
  const versions = result["supportedVersions"];
  if (!Array.isArray(versions) || !versions.includes(MODERN_PROTOCOL_VERSION)) {
    throw new ProtocolError("version", {
      what: `the server's server/discover does not list ${MODERN_PROTOCOL_VERSION}`,
      expected: `supportedVersions including ${JSON.stringify(MODERN_PROTOCOL_VERSION)}`,
      received: Array.isArray(versions) ? `supportedVersions ${preview(versions)}` : describeValue(versions),
    });
  }
  const meta = isJsonObject(result["_meta"]) ? result["_meta"] : {};
  const serverInfo = meta["io.modelcontextprotocol/serverInfo"];
  const instructions = result["instructions"];
  return checkInitialize(
    {
      protocolVersion: MODERN_PROTOCOL_VERSION,
      capabilities: result["capabilities"] as JsonObject,
      ...(serverInfo === undefined ? {} : { serverInfo }),
      ...(typeof instructions === "string" ? { instructions } : {}),
    },
    MODERN_PROTOCOL_VERSION,
  );
}

/**
 * A modern result must be complete: "input_required" asks the client for input (Multi Round-Trip
 * Requests), which this client, declaring no capabilities, never gives. A missing resultType is a
 * legacy server's result, read as complete (schema 2026-07-28, Result).
 */
export function checkComplete(method: string, result: JsonObject): JsonObject {
  const type = result["resultType"];
  if (type === undefined || type === "complete") return result;
  throw new ProtocolError("bad-response", {
    what: `the ${method} result is not complete`,
    expected: 'resultType "complete" (this client declares no capabilities, so it is asked for nothing)',
    received: `resultType ${preview(type)}`,
  });
}
