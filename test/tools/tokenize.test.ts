import { describe, expect, it } from "vitest";
import { tokenize } from "../../lib/src/tools/tokenize.js";

describe("tokenize", () => {
  it("lowercases and splits on everything that is not a letter or digit", () => {
    expect(tokenize("Is the van with A-1060 on its way?")).toEqual([
      "is",
      "the",
      "van",
      "with",
      "a",
      "1060",
      "on",
      "its",
      "way",
    ]);
    expect(tokenize("stock_level. Today's  sales")).toEqual(["stock", "level", "today", "s", "sales"]);
  });

  it("keeps letters outside ASCII and returns nothing for punctuation only", () => {
    expect(tokenize("Crème brûlée")).toEqual(["crème", "brûlée"]);
    expect(tokenize(" -- !? ")).toEqual([]);
  });

  it("does not stem", () => {
    expect(tokenize("word words")).toEqual(["word", "words"]);
  });
});
