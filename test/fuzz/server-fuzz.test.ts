import { describe, expect, it } from "vitest";
import { expectedFor, fuzzServer } from "../../lib/src/fuzz/server-fuzz.js";
import { SeededRandom } from "../../lib/src/fuzz/random.js";

describe("the server fuzz's oracle: JSON-RPC 2.0's rule for how many replies a line gets", () => {
  it.each([
    ['{"jsonrpc":"2.0","id":1,"method":"ping"}', { replies: 1, id: 1 }],
    ['{"jsonrpc":"2.0","id":"a","method":"x","params":5}', { replies: 1, id: "a" }],
    ['{"jsonrpc":"2.0","method":"notifications/x","params":5}', { replies: 0 }],
    ['{"jsonrpc":"2.0","id":1,"result":{}}', { replies: 0 }],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', { replies: 1, id: null }],
    ['{"jsonrpc":"2.0","id":1e400,"method":"ping"}', { replies: 1, id: null }],
    ['{"jsonrpc":"1.0","id":3,"method":"ping"}', { replies: 1, id: 3 }],
    ['{"jsonrpc":"2.0","id":3}', { replies: 1, id: 3 }],
    ['{"jsonrpc":"2.0","id":3,"method":7}', { replies: 1, id: 3 }],
    ["[1]", { replies: 1, id: null }],
    ["not json", { replies: 1, id: null }],
    ["", { replies: 1, id: null }],
  ])("%s", (line, expected) => {
    expect(expectedFor(line)).toEqual(expected);
  });
});

describe("random client input to the teaching server (a short run; npm run fuzz does 100,000)", () => {
  it("answers every line exactly once, with nothing but JSON-RPC on stdout", async () => {
    const report = await fuzzServer(new SeededRandom(20_261_201), "normal", 1500);
    console.log(
      `server fuzz: ${report.lines} lines, ${report.requests} requests, peak ${report.peakMiB.toFixed(0)} MiB`,
    );
    expect(report).toMatchObject({
      unanswered: 0,
      answeredTwice: 0,
      wrongId: 0,
      notJsonRpc: 0,
      firstProblem: undefined,
    });
    expect(report.requests).toBeGreaterThan(1000);
  }, 60_000);
});
