// runMode keeps the server's call log in a temporary folder of its own: however the run ends, the
// folder goes with it. It was left behind whenever the client threw outside the library's family
// (a learner's piece throwing a plain Error, a client that would not start).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMode, type Connect } from "../../lib/src/demo/failure-modes.js";

let scratch = "";
let before: string | undefined;
beforeEach(() => {
  // os.tmpdir() reads TMPDIR on each call: runMode's folder is made here, where nothing else writes.
  before = process.env["TMPDIR"];
  scratch = mkdtempSync(join(tmpdir(), "run-mode-folder-"));
  process.env["TMPDIR"] = scratch;
});
afterEach(() => {
  if (before === undefined) delete process.env["TMPDIR"];
  else process.env["TMPDIR"] = before;
  rmSync(scratch, { recursive: true, force: true });
});

/** A client that never starts a server and throws `error` from `step`. */
const throwing =
  (step: "initialize" | "close", error: Error): Connect =>
  () => ({
    pid: undefined,
    initialize: () => (step === "initialize" ? Promise.reject(error) : Promise.resolve({} as never)),
    listTools: () => Promise.resolve([]),
    callTool: () => Promise.resolve("3"),
    close: () => (step === "close" ? Promise.reject(error) : Promise.resolve(0)),
  });

describe("runMode's call-log folder", () => {
  it("is removed after a normal run", async () => {
    await expect(runMode("normal")).resolves.toMatchObject({ outcome: "result", asExpected: true });
    expect(readdirSync(scratch)).toEqual([]);
  });

  it.each(["initialize", "close"] as const)(
    "is removed when the client's %s throws an error outside the library's family",
    async (step) => {
      await expect(runMode("normal", { connect: throwing(step, new TypeError("a piece broke")) })).rejects.toThrow(
        "a piece broke",
      );
      expect(readdirSync(scratch)).toEqual([]);
    },
  );
});
