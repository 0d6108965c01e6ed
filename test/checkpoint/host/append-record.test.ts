// A relay's last frames can come after its rule has ended and the evidence folder is gone (seen:
// a family watcher's word on a member, after close-group's end(), crashed the grader with ENOENT).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendRecord } from "../../../lib/src/grading/checkpoint/host/relay-connection.js";

describe("appendRecord", () => {
  it("adds one JSON line to a run's record", () => {
    const dir = mkdtempSync(join(tmpdir(), "record-"));
    const file = join(dir, "record.jsonl");
    appendRecord(file, { event: "member", member: 1, ended: "SIGTERM" });
    appendRecord(file, { event: "eof" });
    expect(readFileSync(file, "utf8")).toBe('{"event":"member","member":1,"ended":"SIGTERM"}\n{"event":"eof"}\n');
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes nothing, and throws nothing, once the record's folder is gone", () => {
    const dir = mkdtempSync(join(tmpdir(), "record-"));
    rmSync(dir, { recursive: true, force: true });
    expect(() => appendRecord(join(dir, "record.jsonl"), { event: "member" })).not.toThrow();
  });

  it("still throws any other failure: a record that cannot be written is not silently lost", () => {
    const dir = mkdtempSync(join(tmpdir(), "record-"));
    expect(() => appendRecord(dir, { event: "member" })).toThrow(/EISDIR/u);
    rmSync(dir, { recursive: true, force: true });
  });
});
