import { describe, expect, it } from "vitest";
import { catalogFor, PAGE_SIZE } from "../../server/src/catalog.js";
import { MODES } from "../../server/src/modes.js";
import { countWords, placePurchase, wordCount } from "../../server/src/tools.js";

describe("tools", () => {
  it.each([
    ["vanilla stock needs review", 4],
    ["", 0],
    ["   \t\n ", 0],
    ["  one\ttwo\nthree  ", 3],
  ])("countWords(%j) is %i", (text, count) => {
    expect(countWords(text)).toBe(count);
  });

  it("says what it expected when the arguments break the schema", () => {
    expect(wordCount.run({})).toEqual({
      content: [{ type: "text", text: 'word_count expects "text" to be a string, got nothing' }],
      isError: true,
    });
    expect(wordCount.run({ text: "a", extra: 1 })).toMatchObject({
      isError: true,
      content: [{ text: 'word_count takes only "text", got also "extra"' }],
    });
    expect(placePurchase.run({ flavor: "vanilla", tubs: 2.5 })).toMatchObject({
      isError: true,
      content: [{ text: 'place_purchase expects "tubs" to be an integer >= 1, got the number 2.5' }],
    });
    expect(placePurchase.run({ flavor: "vanilla", tubs: 100 })).toEqual({
      content: [{ type: "text", text: "ordered 100 tubs of vanilla" }],
    });
  });

  it("advertises every tool with an object schema in every mode", () => {
    for (const mode of ["normal", "hostile", "many-tools", "paged"] as const) {
      const listed = catalogFor(mode).list(undefined);
      expect(listed.ok).toBe(true);
      if (!listed.ok) continue;
      for (const tool of listed.result["tools"] as Array<{ inputSchema: { type: string } }>)
        expect(tool.inputSchema.type).toBe("object");
    }
    const first = catalogFor("paged").list(undefined);
    expect(first.ok && (first.result["tools"] as unknown[]).length).toBe(PAGE_SIZE);
  });

  it("advertises schema tools after the others, each with its schema, each taking any arguments", () => {
    const schema = {
      type: "object",
      properties: { lang: { type: "string", default: "en" } },
      additionalProperties: false,
    };
    for (const catalog of [
      catalogFor("normal", ["x"], undefined, { s: schema }),
      catalogFor("normal", [], ["x"], { s: schema }),
    ]) {
      const listed = catalog.list(undefined);
      const tools = listed.ok ? (listed.result["tools"] as Array<{ name: string; inputSchema: unknown }>) : [];
      expect(tools.at(-2)?.name).toBe("x");
      expect(tools.at(-1)).toMatchObject({ name: "s", inputSchema: schema });
      expect(catalog.find("s")?.run({ lang: 7, other: [null] })).toEqual({
        content: [{ type: "text", text: "s ran" }],
      });
    }
  });

  it("advertises a catalog of its own in exactly the modes whose row says they misbehave there", () => {
    const firstPage = (mode: (typeof MODES)[number]["name"]): string =>
      JSON.stringify(catalogFor(mode).list(undefined));
    const own = MODES.filter((mode) => firstPage(mode.name) !== firstPage("normal")).map((mode) => mode.name);
    expect(own).toEqual(MODES.filter((mode) => mode.misbehaves === "catalog").map((mode) => mode.name));
  });
});
