// Exercise 7's check against the reference and against the wrong answers it must fail, by name.
import { describe, expect, it } from "vitest";
import { judgeDualEra } from "../../lib/src/exercises/ex7-dual-era/check.js";
import { referenceConnectEitherEra } from "../../lib/src/exercises/ex7-dual-era/reference.js";
import type { Ask, ConnectEitherEra } from "../../lib/src/exercises/ex7-dual-era/probe-trial.js";

const META = {
  _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
};
const INIT = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "w", version: "1" } };

async function handshake(ask: Ask): Promise<{ era: "2025-06-18" }> {
  await ask("initialize", INIT);
  return { era: "2025-06-18" };
}

const withWait = <T>(work: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([work, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

/** Each wrong answer, and a phrase its verdict must contain. */
const WRONG: Array<[string, ConnectEitherEra, string]> = [
  [
    "a fallback keyed to -32601",
    async (ask, wait) => {
      const answer = await withWait(ask("server/discover", META), wait);
      if (answer !== undefined && "result" in answer) return { era: "2026-07-28" };
      if (answer === undefined || answer.error.code === -32601) return handshake(ask);
      throw new Error(`server error ${answer.error.code}: ${JSON.stringify(answer.error.data)}`);
    },
    "must not be keyed to one error code",
  ],
  [
    "a fallback after -32022",
    async (ask, wait) => {
      const answer = await withWait(ask("server/discover", META), wait);
      if (answer !== undefined && "result" in answer) return { era: "2026-07-28" };
      return handshake(ask);
    },
    "fell back to initialize after -32022",
  ],
  ["a client that never probes", async (ask) => handshake(ask), "never probes"],
  [
    "a probe with no timeout",
    async (ask) => {
      const answer = await ask("server/discover", META);
      if ("result" in answer) return { era: "2026-07-28" };
      if ([-32022, -32021].includes(answer.error.code))
        throw new Error(`refused: ${JSON.stringify(answer.error.data)}`);
      return handshake(ask);
    },
    "a probe with no timeout",
  ],
];

describe("exercise 7's check", () => {
  it("passes the reference", async () => {
    const result = await judgeDualEra(referenceConnectEitherEra);
    expect(result.output).toMatch(/^ok /u);
    expect(result.ok).toBe(true);
  });

  it.each(WRONG)("fails %s, by name", async (_name, wrong, phrase) => {
    const result = await judgeDualEra(wrong);
    expect(result.ok).toBe(false);
    expect(result.output).toContain(phrase);
  });
});
