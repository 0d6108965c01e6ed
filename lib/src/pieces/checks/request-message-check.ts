// The check of requestMessage: a request is its four fields as given, and params default to {}.
import { expect, fn, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const requestMessageCheck: Body = (pieces) => {
  const made = fn(pieces, "requestMessage")(7, "tools/list", { a: 1 });
  expect(
    JSON.stringify(made) === '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"a":1}}',
    '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"a":1}}',
    () => shown(made),
    "a request is four fields: the version, the id, the method, the params",
  );
  const bare = fn(pieces, "requestMessage")(8, "tools/list") as Record<string, unknown>;
  expect(
    JSON.stringify(bare?.["params"]) === "{}",
    "params {} when none are given",
    () => shown(bare),
    "give params a default: an empty object",
  );
  return "ids, methods and params as given; params default to {}";
};
