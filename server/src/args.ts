import { parseArgs as parseTokens } from "node:util";
import { PROTOCOL_CHOICES, erasOf, isProtocolChoice, type ProtocolChoice } from "./era.js";
import { MODES, isModeName, misbehavesAt, type ModeName } from "./modes.js";
import type { JsonObject, RequestId } from "./jsonrpc.js";
import { SHOP_TOOL_NAMES } from "./tools.js";

/** What the command line asked for. */
export interface ServerOptions {
  readonly mode: ModeName;
  /** The protocol era(s) served: the chapter's 2025-06-18 (the default), 2026-07-28, or both. */
  readonly protocol: ProtocolChoice;
  /** Where every tools/call is recorded, one JSON line each; undefined means no log. */
  readonly logFile: string | undefined;
  /** How many bytes the "endless" mode writes before it stops (it never ends the line). */
  readonly endlessBytes: number;
  /** Where the server records its start, every message received, end of input and SIGTERM (record.ts). */
  readonly recordFile?: string | undefined;
  /** Notifications sent before each tools/call reply (to test a client's bound on skipped messages). */
  readonly notifications?: number;
  /** Tools advertised beside the shop's, by name (any string: a grader makes names up at run time). */
  readonly extraTools?: readonly string[];
  /** The only tools advertised, by name, instead of the shop's ([] advertises none: a valid, empty catalog). */
  readonly onlyTools?: readonly string[];
  /** Tools advertised after the others with the input schema given for each: each takes any arguments (the call log holds them). */
  readonly schemaTools?: Readonly<Record<string, JsonObject>>;
  /** Members started in the server's process group, each ended by SIGTERM's default action (family.ts). */
  readonly family?: number;
  /** How long a server that leaves when its input ends takes to leave, in ms (at least a few, for a late SIGTERM). */
  readonly leaveAfterEofMs?: number;
  /** What those notifications are: methods cycled through, and pings to the client spread among them. */
  readonly skippedMix?: SkippedMix;
  /** The ids the server's own requests to the client carry, in order (then server-N); ping and sampling ask with each, all at once. */
  readonly askIds?: readonly RequestId[];
}

/** The messages before each tools/call reply, mixed: notification methods (cycled) and pings among them. */
export interface SkippedMix {
  readonly methods: readonly string[];
  readonly pings: number;
}

export type ParsedArgs =
  | { readonly kind: "run"; readonly options: ServerOptions }
  | { readonly kind: "help" }
  | { readonly kind: "usage-error"; readonly message: string };

const HANDSHAKE_MARK = "2025-06-18 only";

export const DEFAULT_ENDLESS_BYTES = 1024 * 1024 * 1024;

/** The most members `--family` starts (family.ts). */
export const MAX_FAMILY = 8;

/** The usage text; `--help` prints it to stdout, a usage error prints it to stderr. */
export function usageText(): string {
  const width = Math.max(...MODES.map((mode) => mode.name.length));
  const modeLines = MODES.map(
    (mode) => `  ${mode.name.padEnd(width)}  ${mode.summary}${mode.eras.length === 1 ? ` (${HANDSHAKE_MARK})` : ""}`,
  );
  return [
    "usage: node server/dist/main.js [--mode MODE] [--protocol P] [--log FILE] [--endless-bytes N]",
    "",
    "The teaching MCP server: newline-delimited JSON-RPC 2.0 on stdin/stdout, protocol 2025-06-18",
    "(the chapter's, with the initialize handshake) and, on request, 2026-07-28 (no handshake: each",
    "request names its version in _meta; server/discover; the workbook's update).",
    "",
    "options:",
    "  --mode MODE         which behaviour to show (default: normal)",
    `  --protocol P        ${PROTOCOL_CHOICES.join(" | ")}: the era served (default: 2025-06-18); both reads it off each request`,
    "  --log FILE          append one JSON line per tools/call received, before answering it",
    `  --endless-bytes N   bytes the endless mode writes before stopping (default: ${DEFAULT_ENDLESS_BYTES})`,
    "  --record FILE       append one JSON line per event: start (argv, env names), each message received, eof, SIGTERM",
    "  --notifications N   send N notifications before each tools/call reply (default: 0)",
    "  --extra-tools JSON  a JSON array of names: placeholder tools advertised after the shop's two",
    "  --only-tools JSON   a JSON array of names: the only tools advertised, placeholders instead of the shop's ([]: none)",
    '  --schema-tools JSON {"name": inputSchema, ...}: tools advertised after those, each with its schema, each',
    "                      taking any arguments (what a schema's default, const or enum would tempt a client to change)",
    `  --family N          start N members (1 to ${MAX_FAMILY}) in the server's group; the record says what ended each`,
    "  --leave-after-eof-ms N  leave N ms after the input ends, not at once (0 to 10000; modes that leave on end of input)",
    '  --skipped-mix JSON  {"methods": [...], "pings": P}: those notifications cycle through the methods,',
    "                      with P pings to the client spread among them (default: notifications/message only)",
    `  --ask-ids JSON      the ids (1 to ${MAX_ASK_IDS} strings or numbers) the server's requests to the client carry,`,
    "                      in order (then server-N); ping and sampling modes ask with each, all at once, before the reply",
    "                      (sampling mode asks sampling/createMessage, elicitation/create, roots/list and a made-up",
    "                      method in turn)",
    "  --help              print this text and exit",
    "",
    "modes:",
    ...modeLines,
    "",
    `modes marked (${HANDSHAKE_MARK}) apply to 2025-06-18 requests only; the others to both eras.`,
    "",
  ].join("\n");
}

const VALUE_FLAGS = {
  mode: { type: "string" },
  protocol: { type: "string" },
  log: { type: "string" },
  "endless-bytes": { type: "string" },
  record: { type: "string" },
  notifications: { type: "string" },
  "extra-tools": { type: "string" },
  "only-tools": { type: "string" },
  "schema-tools": { type: "string" },
  family: { type: "string" },
  "skipped-mix": { type: "string" },
  "leave-after-eof-ms": { type: "string" },
  "ask-ids": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * Reads `argv` (without node and the script) with node:util's parseArgs tokens: `--flag value`
 * and `--flag=value`. Checked by hand after it, in the server's own words (it cannot load lib's
 * readFlags, which does the same for lib's commands): an unknown argument, a missing or empty
 * value, a flag given twice. `--help` wins over anything else on the line.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const { tokens } = parseTokens({
    args: [...argv],
    options: VALUE_FLAGS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (tokens.some((token) => token.kind === "option" && token.name === "help")) return { kind: "help" };
  const values = new Map<string, string>();
  for (const token of tokens) {
    if (token.kind === "option-terminator") return { kind: "usage-error", message: 'unknown argument "--"' };
    if (token.kind === "positional")
      return { kind: "usage-error", message: `unknown argument ${JSON.stringify(token.value)}` };
    if (!Object.hasOwn(VALUE_FLAGS, token.name))
      return { kind: "usage-error", message: `unknown argument ${JSON.stringify(argv[token.index])}` };
    const flag = `--${token.name}`;
    if (values.has(flag)) return { kind: "usage-error", message: `${flag} given twice` };
    if (token.value === undefined || token.value === "")
      return { kind: "usage-error", message: `${flag} expects a value, got none` };
    values.set(flag, token.value);
  }

  const mode = values.get("--mode") ?? "normal";
  if (!isModeName(mode)) {
    return { kind: "usage-error", message: `unknown mode ${JSON.stringify(mode)}` };
  }

  const protocol = values.get("--protocol") ?? "2025-06-18";
  if (!isProtocolChoice(protocol)) {
    return {
      kind: "usage-error",
      message: `--protocol expects one of ${PROTOCOL_CHOICES.join(", ")}, got ${JSON.stringify(protocol)}`,
    };
  }
  const modeEras: readonly string[] = MODES.find((entry) => entry.name === mode)?.eras ?? [];
  if (!erasOf(protocol).some((era) => modeEras.includes(era))) {
    return {
      kind: "usage-error",
      message: `mode ${mode} applies only to ${modeEras.join(", ")} requests; --protocol ${protocol} serves none`,
    };
  }

  let endlessBytes = DEFAULT_ENDLESS_BYTES;
  const endlessText = values.get("--endless-bytes");
  if (endlessText !== undefined) {
    endlessBytes = Number(endlessText);
    if (!/^\d+$/.test(endlessText) || !Number.isSafeInteger(endlessBytes) || endlessBytes < 1) {
      return {
        kind: "usage-error",
        message: `--endless-bytes expects a whole number of bytes >= 1, got ${JSON.stringify(endlessText)}`,
      };
    }
  }

  const notificationsText = values.get("--notifications") ?? "0";
  const notifications = Number(notificationsText);
  if (!/^\d+$/.test(notificationsText) || notifications > 10_000) {
    return {
      kind: "usage-error",
      message: `--notifications expects a whole number from 0 to 10000, got ${JSON.stringify(notificationsText)}`,
    };
  }

  const extra = toolNamesFlag(values, "--extra-tools", "adds to", mode);
  if (extra.kind === "usage-error") return extra;
  const extraTools = extra.names;
  const only = toolNamesFlag(values, "--only-tools", "replaces", mode);
  if (only.kind === "usage-error") return only;
  const onlyTools = only.names;
  if (onlyTools !== undefined && extraTools !== undefined)
    return {
      kind: "usage-error",
      message: "--only-tools replaces the shop's tools and --extra-tools adds to them: give one",
    };

  const schemaText = values.get("--schema-tools");
  const schemaTools =
    schemaText === undefined ? undefined : readSchemaTools(schemaText, [...(extraTools ?? []), ...(onlyTools ?? [])]);
  if (schemaTools === null)
    return {
      kind: "usage-error",
      message: `--schema-tools expects a JSON object naming tools (none named twice) with an object schema each, got ${JSON.stringify(schemaText!.slice(0, 80))}`,
    };
  if (schemaTools !== undefined && misbehavesAt(mode, "catalog"))
    return { kind: "usage-error", message: `--schema-tools adds to the shop's tools; mode ${mode} advertises its own` };

  const familyText = values.get("--family");
  const family = familyText === undefined ? undefined : Number(familyText);
  if (familyText !== undefined && (!/^\d+$/u.test(familyText) || family! < 1 || family! > MAX_FAMILY))
    return {
      kind: "usage-error",
      message: `--family expects a whole number from 1 to ${MAX_FAMILY}, got ${JSON.stringify(familyText)}`,
    };
  const leaveText = values.get("--leave-after-eof-ms");
  const leaveAfterEofMs = leaveText === undefined ? undefined : Number(leaveText);
  if (leaveText !== undefined && (!/^\d+$/.test(leaveText) || leaveAfterEofMs! > 10_000)) {
    return {
      kind: "usage-error",
      message: `--leave-after-eof-ms expects a whole number of ms from 0 to 10000, got ${JSON.stringify(leaveText)}`,
    };
  }

  const mixText = values.get("--skipped-mix");
  const skippedMix = mixText === undefined ? undefined : readSkippedMix(mixText);
  if (skippedMix === null) {
    return {
      kind: "usage-error",
      message: `--skipped-mix expects {"methods": [non-empty strings, at least one], "pings": 0 to 100}, got ${JSON.stringify(mixText)}`,
    };
  }

  const askText = values.get("--ask-ids");
  const askIds = askText === undefined ? undefined : readAskIds(askText);
  if (askIds === null) {
    return {
      kind: "usage-error",
      message: `--ask-ids expects a JSON array of 1 to 16 distinct ids, each a string or a number (JSON-RPC's; MCP forbids null), got ${JSON.stringify(askText!.slice(0, 80))}`,
    };
  }

  return {
    kind: "run",
    options: {
      mode,
      protocol,
      logFile: values.get("--log"),
      endlessBytes,
      recordFile: values.get("--record"),
      notifications,
      ...(extraTools === undefined ? {} : { extraTools }),
      ...(onlyTools === undefined ? {} : { onlyTools }),
      ...(schemaTools === undefined ? {} : { schemaTools }),
      ...(family === undefined ? {} : { family }),
      ...(skippedMix === undefined ? {} : { skippedMix }),
      ...(leaveAfterEofMs === undefined ? {} : { leaveAfterEofMs }),
      ...(askIds === undefined ? {} : { askIds }),
    },
  };
}

/**
 * A placeholder-tools flag's names (`--extra-tools` adds to the shop's tools, `--only-tools`
 * replaces them): absent, a JSON array of distinct non-empty names, or a usage error, also for a
 * mode that advertises a catalog of its own.
 */
function toolNamesFlag(
  values: ReadonlyMap<string, string>,
  flag: "--extra-tools" | "--only-tools",
  does: "adds to" | "replaces",
  mode: ModeName,
): { kind: "names"; names: string[] | undefined } | { kind: "usage-error"; message: string } {
  const text = values.get(flag);
  if (text === undefined) return { kind: "names", names: undefined };
  const names = parseNames(text);
  if (names === undefined)
    return {
      kind: "usage-error",
      message: `${flag} expects a JSON array of distinct non-empty names, got ${JSON.stringify(text.slice(0, 80))}`,
    };
  if (misbehavesAt(mode, "catalog"))
    return { kind: "usage-error", message: `${flag} ${does} the shop's tools; mode ${mode} advertises its own` };
  return { kind: "names", names };
}

/** A JSON array of distinct non-empty strings, or undefined. */
function parseNames(text: string): string[] | undefined {
  let names: unknown;
  try {
    names = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(names) || names.some((name) => typeof name !== "string" || name === "")) return undefined;
  return new Set(names).size === names.length ? (names as string[]) : undefined;
}

/**
 * --schema-tools's value: a JSON object whose members name tools (none named by `taken` or by the
 * shop) and hold an object schema each, or null when it is not. Parsed by JSON.parse, so a tool
 * named "__proto__" is an own member like any other.
 */
function readSchemaTools(text: string, taken: readonly string[]): Record<string, JsonObject> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  const fits = entries.every(
    ([name, schema]) =>
      name !== "" &&
      !taken.includes(name) &&
      !SHOP_TOOL_NAMES.includes(name) &&
      typeof schema === "object" &&
      schema !== null &&
      !Array.isArray(schema),
  );
  return fits ? (value as Record<string, JsonObject>) : null;
}

/** --skipped-mix's value, or null when it is not the JSON it must be. */
function readSkippedMix(text: string): SkippedMix | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { methods, pings } = value as { methods?: unknown; pings?: unknown };
  const namesOk =
    Array.isArray(methods) && methods.length > 0 && methods.every((m) => typeof m === "string" && m !== "");
  if (!namesOk || !Number.isInteger(pings) || (pings as number) < 0 || (pings as number) > 100) return null;
  return { methods: methods as string[], pings: pings as number };
}

/** The most ids `--ask-ids` takes: each is one request the client must answer before the call's reply. */
export const MAX_ASK_IDS = 16;

/** --ask-ids's value: distinct strings or finite numbers (null is no id in MCP), or null when it is not. */
function readAskIds(text: string): RequestId[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_ASK_IDS) return null;
  const ids = value as unknown[];
  if (!ids.every((id) => typeof id === "string" || (typeof id === "number" && Number.isFinite(id)))) return null;
  // Distinct by type and value: 0 and "0" are two ids.
  return new Set(ids.map((id) => JSON.stringify(id))).size === ids.length ? (ids as RequestId[]) : null;
}
