// The data in evidence/catalog/: it loads, it has the design's counts, and it keeps its promises.
import { describe, expect, it } from "vitest";
import { loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import { SHOP_TOOL_NAMES } from "../../../lib/src/experiment/catalog/catalog-schema.js";
import { tokenize } from "../../../lib/src/tools/tokenize.js";
import { toolText } from "../../../lib/src/tools/tool-text.js";

const data = loadCatalogData();
const allTools = [...data.shopTools, ...data.confusable, ...data.unrelated];

// Words too common to count as "shared" between a request and a tool's text.
const STOP_WORDS = new Set(
  "a an and are as at be by can do for from has have how i in is it its me my of on or our s so that the their them this to up us we what when will with you your".split(
    " ",
  ),
);

describe("catalog data", () => {
  it("holds the eight shop tools, in the chapter's order", () => {
    expect(data.shopTools.map((t) => t.name)).toEqual([...SHOP_TOOL_NAMES]);
  });

  it("holds 24 requests, three per shop tool, with unique ids", () => {
    expect(data.requests).toHaveLength(24);
    for (const name of SHOP_TOOL_NAMES) expect(data.requests.filter((r) => r.expected === name)).toHaveLength(3);
    expect(new Set(data.requests.map((r) => r.id)).size).toBe(24);
  });

  it("words each tool's third request to share no content word with the tool's name and description", () => {
    for (const name of SHOP_TOOL_NAMES) {
      const third = data.requests.filter((r) => r.expected === name)[2]!;
      const toolWords = new Set(tokenize(toolText(data.shopTools.find((t) => t.name === name)!)));
      const shared = tokenize(third.text).filter((w) => toolWords.has(w) && !STOP_WORDS.has(w));
      expect({ request: third.id, shared }).toEqual({ request: third.id, shared: [] });
    }
  });

  it("quotes the chapter's own example as supplier_delivery_status's third request", () => {
    const thirds = data.requests.filter((r) => r.expected === "supplier_delivery_status");
    expect(thirds[2]?.text).toBe("Is the van with A-1060 on its way?");
  });

  it("holds 24 confusable tools, three resembling each shop tool, including the chapter's examples", () => {
    expect(data.confusable).toHaveLength(24);
    for (const name of SHOP_TOOL_NAMES) expect(data.confusable.filter((t) => t.resembles === name)).toHaveLength(3);
    expect(data.confusable.find((t) => t.name === "warehouse_inventory_count")?.resembles).toBe("stock_level");
    expect(data.confusable.find((t) => t.name === "character_count")?.resembles).toBe("word_count");
  });

  it("holds at least 56 unrelated tools, including the chapter's examples", () => {
    expect(data.unrelated.length).toBeGreaterThanOrEqual(56);
    const names = data.unrelated.map((t) => t.name);
    for (const example of ["github_create_issue", "docker_list_containers", "weather_forecast"])
      expect(names).toContain(example);
  });

  it("names every tool once across all files", () => {
    expect(new Set(allTools.map((t) => t.name)).size).toBe(allTools.length);
  });

  it("gives every tool a description and an object input schema whose required keys exist", () => {
    for (const tool of allTools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(10);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
      for (const key of (tool.inputSchema.required ?? []) as string[])
        expect(properties, `${tool.name}.${key}`).toHaveProperty(key);
    }
  });

  it("holds six requests that need no tool, with expected null", () => {
    expect(data.noToolRequests).toHaveLength(6);
    expect(data.noToolRequests.every((r) => r.expected === null)).toBe(true);
    expect(data.noToolRequests.map((r) => r.text)).toEqual(
      expect.arrayContaining(["thank you!", "what time do you close?"]),
    );
  });
});
