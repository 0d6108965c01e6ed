import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ERRORS = new URL("../../lib/src/errors/", import.meta.url);

describe("lib/src/errors is a leaf folder", () => {
  it("imports nothing outside itself, not even a Node module", () => {
    const outside = readdirSync(ERRORS)
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) =>
        [...readFileSync(new URL(file, ERRORS), "utf8").matchAll(/^(?:import|export)[^;]*?from "([^"]+)"/gmu)].map(
          (match) => `${file}: ${match[1]}`,
        ),
      )
      .filter((line) => !/: \.\/[a-z-]+\.js$/u.test(line));
    expect(outside).toEqual([]);
  });
});
