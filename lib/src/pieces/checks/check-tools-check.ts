// The check of checkTools: a catalog is bounded (32 fit, 33 do not), one page, uniquely named,
// and every tool takes an object; what is not is refused, never cut short.
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const checkToolsCheck: Body = async (pieces) => {
  const checkTools = fn(pieces, "checkTools");
  const tool = (name: string, schema: unknown = { type: "object" }): object => ({
    name,
    description: name,
    inputSchema: schema,
  });
  const listed = checkTools({ tools: [tool("a"), tool("b")] }) as Array<{ name: string }>;
  expect(
    Array.isArray(listed) && listed.map((t) => t.name).join(",") === "a,b",
    "the two tools a, b",
    () => shown(listed),
    "return the tools array once it passes",
  );
  const many = Array.from({ length: 33 }, (_, i) => tool(`tool_${i}`));
  for (const [label, result] of [
    ["two tools named a", { tools: [tool("a"), tool("a")] }],
    ["33 tools", { tools: many }],
    ["a nextCursor", { tools: [tool("a")], nextCursor: "c1" }],
    ['inputSchema type "string"', { tools: [tool("a", { type: "string" })] }],
    ["an empty name", { tools: [tool("")] }],
    ["no tools array", { tools: "a" }],
  ] as const) {
    await mustRefuse(
      () => checkTools(result),
      "ProtocolError",
      "catalog",
      label,
      "a catalog is bounded (at most 32), one page, uniquely named, and every tool takes an object; refuse what is not, never cut it short",
    );
  }
  const exactly32 = checkTools({ tools: many.slice(0, 32) }) as unknown[];
  expect(
    exactly32.length === 32,
    "32 tools accepted (the bound itself)",
    () => shown(exactly32.length),
    "at most 32 means 32 is fine",
  );
  return "duplicates, 33 tools, a cursor, a string schema, an empty name refused; 32 accepted";
};
