import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JSON_RPC_ERRORS } from "../../lib/src/protocol/constants.js";
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
} from "../../server/src/jsonrpc.js";

const LIB_SRC = new URL("../../lib/src/", import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("JSON-RPC's named error codes have one spelling in lib and one in the server", () => {
  it("the server's constants (its own package, no lib at run time) agree with lib's", () => {
    expect({ PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR }).toEqual({
      PARSE_ERROR: JSON_RPC_ERRORS.parseError,
      INVALID_REQUEST: JSON_RPC_ERRORS.invalidRequest,
      METHOD_NOT_FOUND: JSON_RPC_ERRORS.methodNotFound,
      INVALID_PARAMS: JSON_RPC_ERRORS.invalidParams,
      INTERNAL_ERROR: JSON_RPC_ERRORS.internalError,
    });
    expect(Object.values(JSON_RPC_ERRORS)).toEqual([-32700, -32600, -32601, -32602, -32603]);
  });

  it("no file in lib/src spells one of them as a bare number outside protocol/constants.ts", () => {
    const bare = /-32(?:700|600|601|602|603)\b/;
    const offenders = sourceFiles(LIB_SRC)
      .filter((file) => !file.endsWith("protocol/constants.ts"))
      .filter((file) => bare.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(LIB_SRC.length));
    expect(offenders).toEqual([]);
  });
});
