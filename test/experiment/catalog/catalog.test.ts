import { mkdtempSync, readFileSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildCatalog,
  catalogHash,
  confusableOrder,
  defaultCatalogDir,
  loadCatalogData,
  requestCatalog,
  requestSeed,
  shuffledFor,
  type CatalogData,
} from "../../../lib/src/experiment/catalog/catalog.js";
import { DataError } from "../../../lib/src/errors/data-error.js";
import { UsageError } from "../../../lib/src/errors/usage-error.js";
import { CATALOG_SIZES, SHOP_TOOL_NAMES } from "../../../lib/src/experiment/catalog/catalog-schema.js";

const data = loadCatalogData();
const names = (tools: ReadonlyArray<{ name: string }>) => tools.map((t) => t.name);

describe("buildCatalog", () => {
  for (const kind of ["unrelated", "confusable"] as const) {
    for (const size of CATALOG_SIZES) {
      it(`${kind} ${size}: ${size} distinct tools, all eight shop tools first`, () => {
        const tools = buildCatalog(data, kind, size);
        expect(tools).toHaveLength(size);
        expect(new Set(names(tools)).size).toBe(size);
        expect(names(tools).slice(0, 8)).toEqual([...SHOP_TOOL_NAMES]);
      });
    }
  }

  it("pads unrelated catalogs with the first unrelated tools in file order", () => {
    expect(names(buildCatalog(data, "unrelated", 16)).slice(8)).toEqual(names(data.unrelated.slice(0, 8)));
    expect(names(buildCatalog(data, "unrelated", 64)).slice(8)).toEqual(names(data.unrelated.slice(0, 56)));
  });

  it("orders confusable tools round-robin: one per shop tool, then a second each, then a third", () => {
    const order = confusableOrder(data);
    expect(order).toHaveLength(24);
    for (let round = 0; round < 3; round++) {
      expect(order.slice(round * 8, round * 8 + 8).map((t) => t.resembles)).toEqual([...SHOP_TOOL_NAMES]);
    }
    const sixteen = buildCatalog(data, "confusable", 16);
    const lookalikes = sixteen.slice(8).map((t) => data.confusable.find((c) => c.name === t.name)?.resembles);
    expect(lookalikes).toEqual([...SHOP_TOOL_NAMES]);
  });

  it("builds the 32-tool confusable catalog from all 24 confusable tools", () => {
    expect(new Set(names(buildCatalog(data, "confusable", 32).slice(8)))).toEqual(new Set(names(data.confusable)));
  });

  it("builds the 64-tool confusable catalog as 8 shop + 24 confusable + the first 32 unrelated", () => {
    const tools = buildCatalog(data, "confusable", 64);
    expect(names(tools)).toEqual([
      ...SHOP_TOOL_NAMES,
      ...names(confusableOrder(data)),
      ...names(data.unrelated.slice(0, 32)),
    ]);
  });

  it("offers only what a server advertises (no catalog bookkeeping)", () => {
    for (const tool of buildCatalog(data, "confusable", 64))
      expect(Object.keys(tool).sort()).toEqual(["description", "inputSchema", "name"]);
  });

  it("refuses a kind or size the design does not have", () => {
    expect(() => buildCatalog(data, "confusable", 20)).toThrow(UsageError);
    expect(() => buildCatalog(data, "confusable", 20)).toThrow(
      expect.objectContaining({ code: "usage", reason: "catalog-argument" }),
    );
    expect(() => buildCatalog(data, "confusable", 20)).toThrow(
      "unknown catalog size; expected one of 8, 16, 32, 64; received 20",
    );
    expect(() => buildCatalog(data, "weird" as "unrelated", 8)).toThrow(
      /unknown catalog kind; expected one of unrelated, confusable; received weird/,
    );
  });
});

describe("seeded shuffles", () => {
  const tools = buildCatalog(data, "confusable", 64);

  it("derive each request's seed from SHA-256 of baseSeed:kind:size:requestId", () => {
    // First four bytes of sha256("14:confusable:64:supplier_delivery_status-3"), big-endian.
    expect(requestSeed(14, "confusable", 64, "supplier_delivery_status-3")).toBe(2759893184);
    expect(requestSeed(14, "confusable", 64, "supplier_delivery_status-3")).not.toBe(
      requestSeed(15, "confusable", 64, "supplier_delivery_status-3"),
    );
    expect(requestSeed(14, "confusable", 64, "x")).not.toBe(requestSeed(14, "unrelated", 64, "x"));
  });

  it("reproduce the same order from the same seed, and never change their input", () => {
    const before = names(tools);
    const once = shuffledFor(tools, 2759893184);
    expect(names(shuffledFor(tools, 2759893184))).toEqual(names(once));
    expect(names(tools)).toEqual(before);
    expect([...names(once)].sort()).toEqual([...before].sort());
    expect(names(once)).not.toEqual(before);
  });

  it("give every request of a condition its own order", () => {
    const orders = data.requests.map((r) => names(requestCatalog(data, "confusable", 64, r.id, 14)).join(","));
    expect(new Set(orders).size).toBe(data.requests.length);
  });

  it("place the expected tool in many different positions across requests", () => {
    const positions = data.requests.map((r) =>
      names(requestCatalog(data, "unrelated", 64, r.id, 1)).indexOf(r.expected),
    );
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(new Set(positions).size).toBeGreaterThan(12);
  });

  it("refuse a seed that is not a 32-bit whole number", () => {
    expect(() => shuffledFor(tools, -1)).toThrow(UsageError);
    expect(() => shuffledFor(tools, -1)).toThrow(expect.objectContaining({ reason: "seed" }));
    expect(() => shuffledFor(tools, 2 ** 32)).toThrow(
      /invalid seed; expected a whole number from 0 to 4294967295 \(32 bits\); received 4294967296/,
    );
    expect(() => requestSeed(0.5, "unrelated", 8, "x")).toThrow(/invalid baseSeed; expected a whole number/);
  });
});

describe("catalogHash", () => {
  it("is 64 hex digits, stable across key order and file formatting", () => {
    const hash = catalogHash(data);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value !== null && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reverseKeys(v)]),
            )
          : value;
    const reordered = reverseKeys(data) as CatalogData;
    expect(Object.keys(reordered.shopTools[0]!)).toEqual(["inputSchema", "description", "name"]);
    expect(catalogHash(reordered)).toBe(hash);
  });

  it("changes when any description changes", () => {
    const edited = structuredClone(data);
    edited.unrelated[0]!.description += " ";
    expect(catalogHash(edited)).not.toBe(catalogHash(data));
  });
});

describe("loadCatalogData", () => {
  const copy = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "catalog-"));
    cpSync(defaultCatalogDir(), dir, { recursive: true });
    return dir;
  };
  const edit = (dir: string, file: string, change: (json: any) => void) => {
    const where = path.join(dir, file);
    const json = JSON.parse(readFileSync(where, "utf8"));
    change(json);
    writeFileSync(where, JSON.stringify(json));
  };

  it("reads a copy of the catalog like the original", () => {
    expect(catalogHash(loadCatalogData(copy()))).toBe(catalogHash(data));
  });

  it("names the file that is missing or not JSON", () => {
    const dir = copy();
    writeFileSync(path.join(dir, "requests.json"), "{ not json");
    expect(() => loadCatalogData(dir)).toThrow(DataError);
    expect(() => loadCatalogData(dir)).toThrow(
      expect.objectContaining({ name: "DataError", code: "data", reason: "unreadable" }),
    );
    expect(() => loadCatalogData(dir)).toThrow(
      /requests\.json could not be read as JSON; expected a readable JSON file; received /,
    );
    expect(() => loadCatalogData(path.join(dir, "nowhere"))).toThrow(/shop-tools\.json could not be read as JSON/);
  });

  it("names the file and the field that break a schema", () => {
    const dir = copy();
    edit(dir, "unrelated.json", (json) => (json.tools[3].inputSchema.type = "string"));
    expect(() => loadCatalogData(dir)).toThrow(expect.objectContaining({ code: "data", reason: "invalid" }));
    expect(() => loadCatalogData(dir)).toThrow(
      /unrelated\.json does not match its schema: tools\.3\.inputSchema\.type/,
    );
  });

  it("refuses a required key that is not a property", () => {
    const dir = copy();
    edit(dir, "shop-tools.json", (json) => json.tools[0].inputSchema.required.push("colour"));
    expect(() => loadCatalogData(dir)).toThrow(/required key "colour" is not in properties/);
  });

  it("refuses a name used twice across files", () => {
    const dir = copy();
    edit(dir, "unrelated.json", (json) => (json.tools[0].name = "character_count"));
    expect(() => loadCatalogData(dir)).toThrow(/tool name "character_count" appears more than once/);
    expect(() => loadCatalogData(dir)).toThrow(expect.objectContaining({ code: "data", reason: "mismatch" }));
  });

  it("refuses a shop tool without its three requests", () => {
    const dir = copy();
    edit(dir, "requests.json", (json) => (json.requests[0].expected = "word_count"));
    expect(() => loadCatalogData(dir)).toThrow(
      /wrong number of requests for stock_level; expected 3 requests for stock_level; received 2/,
    );
  });
});
