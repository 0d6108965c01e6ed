import { describe, expect, it } from "vitest";
import { escapeHtml, htmlTable } from "../../lib/src/notebook/html-table.js";

describe("htmlTable", () => {
  it("escapes every cell, so a server's text never becomes markup", () => {
    expect(escapeHtml(`<script>alert("x") & 'y'</script>`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;",
    );
    const table = htmlTable(["mode", "detail"], [["stdout-log", "<b>calling tool now</b>"]]);
    expect(table).not.toContain("<b>");
    expect(table).toContain("&lt;b&gt;calling tool now&lt;/b&gt;");
  });

  it("has one header row and one row per entry, cells in order", () => {
    const table = htmlTable(
      ["a", "b"],
      [
        ["1", "2"],
        ["3", "4"],
      ],
    );
    expect(table.match(/<tr>/g)).toHaveLength(3);
    expect(table.match(/<th[^>]*>(.*?)<\/th>/g)?.map((cell) => cell.replace(/<[^>]+>/g, ""))).toEqual(["a", "b"]);
    expect(table.match(/<td[^>]*>(.*?)<\/td>/g)?.map((cell) => cell.replace(/<[^>]+>/g, ""))).toEqual([
      "1",
      "2",
      "3",
      "4",
    ]);
  });
});
