import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadPublishedFigures, publishedFigure } from "../../../lib/src/experiment/analysis/published.js";
import { catalogTokenSizes } from "../../../lib/src/experiment/catalog/catalog-size.js";
import { buildCatalog, loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import {
  ollamaFunctionJson,
  renderQwen25Choice,
  renderQwen25Native,
} from "../../../lib/src/experiment/prompts/qwen-template.js";
import { countQwenTokens, qwenTokenIds } from "../../../lib/src/experiment/prompts/qwen-tokens.js";

describe("the qwen2.5 chat template, rendered offline", () => {
  const data = loadCatalogData();
  const eight = buildCatalog(data, "unrelated", 8);

  it("puts one JSON line per tool inside <tools></tools> in the system message", () => {
    const prompt = renderQwen25Native("How many tubs?", eight);
    expect(prompt.startsWith("<|im_start|>system\nYou are Qwen")).toBe(true);
    const block = prompt.slice(prompt.indexOf("<tools>\n") + 8, prompt.indexOf("\n</tools>"));
    expect(block.split("\n")).toHaveLength(8);
    expect(prompt.endsWith("<|im_start|>user\nHow many tubs?<|im_end|>\n<|im_start|>assistant\n")).toBe(true);
  });

  it("marshals a function as Ollama's Go code does: sorted properties, schema keywords outside its struct dropped", () => {
    const json = ollamaFunctionJson({
      name: "t",
      description: "a <b>",
      inputSchema: {
        type: "object",
        properties: { z: { type: "integer", description: "z", minimum: 1 }, a: { type: "string" } },
        required: ["z"],
      },
    });
    expect(json).toBe(
      '{"name":"t","description":"a \\u003cb\\u003e","parameters":{"type":"object","required":["z"],' +
        '"properties":{"a":{"type":"string","description":""},"z":{"type":"integer","description":"z"}}}}',
    );
  });

  it("keeps a property named __proto__, as a server's JSON gives it, among the sorted ones", () => {
    const inputSchema = JSON.parse(
      '{"type":"object","properties":{"b":{"type":"string"},"__proto__":{"type":"integer"}}}',
    ) as Parameters<typeof ollamaFunctionJson>[0]["inputSchema"];
    expect(ollamaFunctionJson({ name: "t", inputSchema })).toContain(
      '"properties":{"__proto__":{"type":"integer","description":""},"b":{"type":"string","description":""}}',
    );
  });

  it("lists names and descriptions only in the constrained prompt", () => {
    const prompt = renderQwen25Choice("How many tubs?", eight);
    expect(prompt).not.toContain("<tools>");
    expect(prompt).not.toContain("inputSchema");
    for (const tool of eight) expect(prompt).toContain(`- ${tool.name}: ${tool.description}`);
  });
});

describe("the bundled Qwen tokenizer", () => {
  it("encodes the chat markers as single special tokens, with qwen2.5's ids", () => {
    expect(qwenTokenIds("<|im_start|>system\n")).toEqual([151644, 8948, 198]);
    expect(qwenTokenIds("<|im_end|>")).toEqual([151645]);
  });

  it("costs more per tool natively than as a listed name and description", () => {
    const data = loadCatalogData();
    const request = "How many tubs of vanilla do we have in stock?";
    const at = (size: 8 | 64, render: typeof renderQwen25Native) =>
      countQwenTokens(render(request, buildCatalog(data, "unrelated", size)));
    const native = (at(64, renderQwen25Native) - at(8, renderQwen25Native)) / 56;
    const choice = (at(64, renderQwen25Choice) - at(8, renderQwen25Choice)) / 56;
    expect(native).toBeGreaterThan(choice * 1.5);
    expect(choice).toBeGreaterThan(5);
    console.log(
      `qwen2.5 tokens per tool: native ${native.toFixed(1)}, listed ${choice.toFixed(1)}; at 8 tools ${at(8, renderQwen25Native)} / ${at(8, renderQwen25Choice)}, at 64 ${at(64, renderQwen25Native)} / ${at(64, renderQwen25Choice)}`,
    );
  });
});

describe("the catalog is the chapter's size on qwen2.5", () => {
  const published = loadPublishedFigures(join(__dirname, "../../../evidence/published/ch14-figures.json"));
  const chapter = publishedFigure(published, "prompt-tokens", "series");
  const qwenNative = chapter.series.find((s) => s.label === "qwen")!.values;
  const qwenChoice = chapter.series.find((s) => s.label === "qwen choice")!.values;
  const within10 = (ours: number, theirs: number) => Math.abs(ours - theirs) / theirs <= 0.1;
  const sizes = catalogTokenSizes(loadCatalogData());

  it("costs each native tool about 39 tokens and each listed one about 11 (within 10%), for both kinds", () => {
    const native = publishedFigure(published, "tokens-per-native-tool-qwen", "value").value;
    const listed = publishedFigure(published, "tokens-per-listed-tool-qwen", "value").value;
    for (const size of sizes) {
      expect({
        kind: size.kind,
        native: within10(size.nativePerTool, native),
        listed: within10(size.listedPerTool, listed),
      }).toEqual({ kind: size.kind, native: true, listed: true });
    }
  });

  it("puts the 8- and 64-tool native prompts near 511 and 2,700 tokens (within 10%)", () => {
    const unrelated = sizes.find((s) => s.kind === "unrelated")!;
    expect(within10(unrelated.native[0]!, qwenNative[0]!)).toBe(true);
    expect(within10(unrelated.native[3]!, qwenNative[3]!)).toBe(true);
    expect(within10(unrelated.listed[3]!, qwenChoice[3]!)).toBe(true);
  });
});
