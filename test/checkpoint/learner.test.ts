// The learner's starting point: every check fails against the stubs, each with the stub's own
// "not implemented: <name>" message, and the stubs leave no server running.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFramingAndIdentity, checkSession, runCheckpoint } from "../../lib/src/checkpoint/checks.js";
import { IMPLEMENTATION_NAMES, missingExports, REFERENCE_IMPLEMENTATION, type Implementation } from "../../lib/src/checkpoint/implementation.js";
import * as learner from "../../learner/src/index.js";

const stubs = learner as unknown as Implementation;

describe("the learner stubs", () => {
  it("export every name the checkpoint grades", () => {
    expect(missingExports(stubs, IMPLEMENTATION_NAMES)).toEqual([]);
  });

  it("fail all six checks, each naming the function to write next, and leave no server behind", async () => {
    const lines = (await runCheckpoint(stubs)).map((result) => result.output);
    expect(liveChildren()).toEqual([]);
    const see = "— see notebooks/ch14-part-b";
    expect(lines).toEqual([
      `FAIL framing and identity: Error: not implemented: requestMessage ${see}`,
      `FAIL handshake, discovery and allowlist: Error: not implemented: StdioClient.request ${see}`,
      expect.stringMatching(/^FAIL failure modes: 6 of 6 modes wrong; old-version \(expected "version"\), .*hang \(expected "deadline"\): got Error: not implemented: StdioClient\.request/u),
      `FAIL process-group shutdown: Error: not implemented: StdioClient.request ${see}`,
      `FAIL negative control: Error: not implemented: StdioClient.request ${see}`,
      `FAIL evidence recomputes: Error: not implemented: topTools ${see}`,
    ]);
  }, 60_000);

  it("given the reference functions, the learner's client plumbing still needs request()", async () => {
    const withLibFunctions: Implementation = { ...stubs, ...pick(["requestMessage", "notificationMessage", "answerFor", "encodeFrame", "FrameReader", "parseFrame", "checkInitialize", "checkTools", "resultText"]) };
    expect((await checkFramingAndIdentity(withLibFunctions)).ok).toBe(true);
    expect((await checkSession(withLibFunctions)).output).toContain("not implemented: StdioClient.request");
  }, 60_000);
});

function pick(names: ReadonlyArray<keyof Implementation>): Partial<Implementation> {
  return Object.fromEntries(names.map((name) => [name, REFERENCE_IMPLEMENTATION[name]]));
}

/** Live (non-zombie) child processes of this test process, from /proc. */
function liveChildren(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/u.test(entry))
    .filter((entry) => {
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
        return Number(fields[1]) === process.pid && fields[0] !== "Z";
      } catch {
        return false;
      }
    })
    .map(Number);
}
