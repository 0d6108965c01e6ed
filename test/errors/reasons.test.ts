import { describe, expect, it } from "vitest";
import {
  ClosedError,
  DataError,
  DeadlineError,
  ERROR_REASONS,
  ProtocolError,
  RefusedError,
  ServiceError,
  UsageError,
  type WorkbookError,
} from "../../lib/src/errors/index.js";
import { readDoc } from "../support/docs-pages.js";

/** The error table (docs/client.md) as class -> the backticked reasons of its "reasons" column. */
function readmeReasons(): Map<string, string[]> {
  const page = readDoc("errorTable");
  const section = page.slice(page.indexOf("### Errors"));
  const rows = section.split("\n").filter((line) => /^\| `\w+Error` \|/.test(line));
  return new Map(
    rows.map((row) => {
      const cells = row.split(" | ");
      const name = /`(\w+)`/.exec(cells[0] ?? "")?.[1] ?? "";
      return [name, [...(cells[2] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "")];
    }),
  );
}

describe("every error class has a closed set of reasons", () => {
  it("the README's error table lists exactly each class's reasons, in the same order", () => {
    const table = readmeReasons();
    expect([...table.keys()].sort()).toEqual(Object.keys(ERROR_REASONS).sort());
    for (const [name, reasons] of Object.entries(ERROR_REASONS)) expect(table.get(name), name).toEqual([...reasons]);
  });

  it("no reason is listed twice within a class", () => {
    for (const reasons of Object.values(ERROR_REASONS)) expect(new Set(reasons).size).toBe(reasons.length);
  });

  it("keeps the reliability decisions", () => {
    expect(ERROR_REASONS.UsageError).toEqual(expect.arrayContaining(["unencodable", "frame-limit"]));
    expect(ERROR_REASONS.RefusedError).toEqual(
      expect.arrayContaining(["not-allowed", "not-advertised", "not-initialized", "already-initialized", "busy"]),
    );
    expect(ERROR_REASONS.ClosedError).toContain("spawn-failed");
  });

  const raise: Record<string, (reason: string) => WorkbookError> = {
    ProtocolError: (reason) => new ProtocolError(reason as never, { what: "x" }),
    DeadlineError: (reason) => new DeadlineError(reason as never, { what: "x" }),
    ClosedError: (reason) => new ClosedError(reason as never, { what: "x" }),
    RefusedError: (reason) => new RefusedError(reason as never, { what: "x" }),
    UsageError: (reason) => new UsageError(reason as never, { what: "x" }),
    DataError: (reason) => new DataError(reason as never, { what: "x" }),
    ServiceError: (reason) => new ServiceError(reason as never, { what: "x" }),
  };

  it.each(Object.keys(raise))("%s accepts each of its reasons and refuses any other at run time", (name) => {
    const make = raise[name]!;
    for (const reason of ERROR_REASONS[name as keyof typeof ERROR_REASONS])
      expect(make(reason)).toMatchObject({ name, reason });
    let refused: unknown;
    try {
      make("not-a-reason");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).toMatchObject({
      reason: "unknown-reason",
      message: expect.stringMatching(
        new RegExp(`^${name} raised with an unknown reason; expected one of .*; received "not-a-reason"$`),
      ),
    });
  });

  it("a reason that is not a string is refused too, by its type", () => {
    expect(() => new UsageError(42 as never, { what: "x" })).toThrow(/received number$/);
  });
});
