import { describe, expect, it } from "vitest";
import { OutstandingRequests } from "../../lib/src/client/outstanding.js";

describe("OutstandingRequests", () => {
  it("binds replies that come in reverse order to their own ids", () => {
    const table = new OutstandingRequests();
    const first = table.open("tools/call");
    const second = table.open("tools/call");
    expect(table.inFlight).toEqual([1, 2]);
    expect(table.match(second)).toEqual({ kind: "pending", id: 2 });
    table.settle(second);
    expect(table.match(first)).toEqual({ kind: "pending", id: 1 });
    table.settle(first);
    expect(table.inFlight).toEqual([]);
  });

  it("drops and counts a reply whose request timed out, once", () => {
    const table = new OutstandingRequests();
    const id = table.open("tools/call");
    table.expire([id]);
    expect(table.match(1)).toEqual({ kind: "late", id: 1 });
    expect(table.lateReplies).toBe(1);
    expect(() => table.match(1)).toThrow(
      /response id 1 does not answer any of requests \[\] \(that request was already answered\)/,
    );
  });

  it("refuses a duplicate reply to an answered request", () => {
    const table = new OutstandingRequests();
    table.open("tools/call");
    const second = table.open("tools/call");
    table.settle(1);
    expect(() => table.match(1)).toThrow(
      "response id 1 does not answer request 2 (that request was already answered); expected the integer 2; received the integer 1",
    );
    expect(table.match(second).kind).toBe("pending");
  });

  it("refuses an id never sent, and ids of the wrong type", () => {
    const table = new OutstandingRequests();
    table.open("tools/call");
    expect(() => table.match(7)).toThrow(
      /response id 7 does not answer request 1; expected the integer 1; received the integer 7$/,
    );
    expect(() => table.match(true)).toThrow(/received true/);
    expect(() => table.match("1")).toThrow(/received the string "1"/);
  });
});
