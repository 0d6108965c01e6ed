// Exercise 7's reference answer: the spec's dual-era connect step, written out with the same rule
// the library's client follows (judgeProbe).
import { ProtocolError } from "../../errors/protocol-error.js";
import { judgeProbe, modernMeta, modernRefusal, type ProbeOutcome } from "../../protocol/eras.js";
import type { Ask, EraChoice, ServerAnswer } from "./probe-trial.js";

export async function referenceConnectEitherEra(ask: Ask, probeWaitMs: number): Promise<EraChoice> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), probeWaitMs);
  });
  const answer: ServerAnswer | undefined = await Promise.race([
    ask("server/discover", { _meta: modernMeta({ name: "exercise-7", version: "1" }) }),
    silence,
  ]).finally(() => clearTimeout(timer));
  const outcome: ProbeOutcome =
    answer === undefined
      ? { kind: "no-answer" }
      : "result" in answer
        ? { kind: "result", result: answer.result }
        : { kind: "error", code: answer.error.code, data: answer.error.data };
  const verdict = judgeProbe(outcome);
  if (verdict.next === "refuse") throw verdict.error;
  if (verdict.next === "modern") return { era: "2026-07-28" };
  const initialized = await ask("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "exercise-7", version: "1" },
  });
  if ("error" in initialized) throw modernRefusal(initialized.error.code, initialized.error.data, "2025-06-18");
  if (initialized.result["protocolVersion"] !== "2025-06-18")
    throw new ProtocolError("version", { what: "the handshake agreed on another version", expected: "2025-06-18" });
  return { era: "2025-06-18" };
}
