/**
 * Which tools a mode advertises, and how tools/list hands them out: all at once (the correct
 * case), in pages, or with cursors built to trap a client that follows them blindly.
 */
import { preview, type JsonObject } from "./jsonrpc.js";
import { misbehavesAt, type ModeAt, type ModeName } from "./modes.js";
import { placePurchase, placeholderTool, schemaTool, shopNotes, textTools, wordCount, type Tool } from "./tools.js";

export type ListOutcome =
  { readonly ok: true; readonly result: JsonObject } | { readonly ok: false; readonly message: string };

export interface Catalog {
  /** The tools/list result for `cursor` (undefined for the first page). */
  list(cursor: string | undefined): ListOutcome;
  /** The tool called `name`, if this mode can run it. */
  find(name: string): Tool | undefined;
}

export const PAGE_SIZE = 3;

function listed(tools: readonly Tool[], nextCursor?: string): ListOutcome {
  const result: JsonObject = { tools: tools.map((tool) => tool.definition) };
  if (nextCursor !== undefined) result["nextCursor"] = nextCursor;
  return { ok: true, result };
}

function finder(tools: readonly Tool[]): (name: string) => Tool | undefined {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  return (name) => byName.get(name);
}

/** Every tool in one answer, no cursor: what a correct small server does. */
function wholeCatalog(tools: readonly Tool[]): Catalog {
  return { list: (cursor) => (cursor === undefined ? listed(tools) : badCursor(cursor)), find: finder(tools) };
}

function badCursor(cursor: string): ListOutcome {
  return { ok: false, message: `Invalid params: unknown cursor ${preview(cursor)}` };
}

/** Pages of PAGE_SIZE; the cursor is opaque to the client (base64url of the next offset). */
function pagedCatalog(tools: readonly Tool[]): Catalog {
  const encode = (offset: number): string => Buffer.from(`offset:${offset}`).toString("base64url");
  return {
    list(cursor) {
      let offset = 0;
      if (cursor !== undefined) {
        const match = /^offset:(\d+)$/u.exec(Buffer.from(cursor, "base64url").toString("utf8"));
        offset = match ? Number(match[1]) : NaN;
        if (!(offset > 0 && offset < tools.length)) return badCursor(cursor);
      }
      const end = offset + PAGE_SIZE;
      return listed(tools.slice(offset, end), end < tools.length ? encode(end) : undefined);
    },
    find: finder(tools),
  };
}

/** One tool a page and always another cursor: word_count first, then endless_tool_1, _2, ... */
function endlessCursorCatalog(): Catalog {
  return {
    list(cursor) {
      if (cursor === undefined) return listed([wordCount], "c1");
      const match = /^c(\d+)$/u.exec(cursor);
      if (!match) return badCursor(cursor);
      const page = Number(match[1]);
      return listed([placeholderTool(`endless_tool_${page}`, "from a list that never ends")], `c${page + 1}`);
    },
    find: finder([wordCount, placePurchase]),
  };
}

/** The first page, then a second page whose cursor is the same one it was asked with. */
function repeatCursorCatalog(): Catalog {
  const second = textTools.slice(0, 1);
  return {
    list(cursor) {
      if (cursor === undefined) return listed([wordCount, placePurchase], "again");
      if (cursor === "again") return listed(second, "again");
      return badCursor(cursor);
    },
    find: finder([wordCount, placePurchase, ...second]),
  };
}

export const MANY_TOOLS_COUNT = 40;

/**
 * The catalog of every mode whose row says it misbehaves in what tools/list advertises, named one
 * by one: such a row does not compile without its entry here. Every other mode advertises the shop.
 */
const CATALOGS: Record<ModeAt<"catalog">, () => Catalog> = {
  "many-tools": () =>
    wholeCatalog(
      Array.from({ length: MANY_TOOLS_COUNT }, (_, index) =>
        placeholderTool(`tool_${String(index + 1).padStart(2, "0")}`, "one of forty"),
      ),
    ),
  paged: () => pagedCatalog([wordCount, placePurchase, ...textTools]),
  hostile: () => wholeCatalog([wordCount, placePurchase, shopNotes]),
  "endless-cursor": endlessCursorCatalog,
  "repeat-cursor": repeatCursorCatalog,
};

/**
 * What `mode` advertises; `extra` names placeholders beside the shop's tools, `only` names the
 * placeholders advertised instead of them (none at all when empty), and `schemas` tools after
 * either, each with the input schema given. A catalog mode has none of them.
 */
export function catalogFor(
  mode: ModeName,
  extra: readonly string[] = [],
  only?: readonly string[],
  schemas: Readonly<Record<string, JsonObject>> = {},
): Catalog {
  if (misbehavesAt(mode, "catalog")) return CATALOGS[mode]();
  const withSchemas = Object.entries(schemas).map(([name, schema]) => schemaTool(name, schema));
  const placeholders = (names: readonly string[]): Tool[] =>
    names.map((name) => placeholderTool(name, "named when the server was started"));
  return wholeCatalog(
    only !== undefined
      ? [...placeholders(only), ...withSchemas]
      : [wordCount, placePurchase, ...placeholders(extra), ...withSchemas],
  );
}
