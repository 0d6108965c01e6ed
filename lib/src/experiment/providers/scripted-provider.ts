// A provider driven by a script: for tests, exercises and demonstrations without a model.
import type { Answer } from "../receipts/receipt.js";
import type { Ask, Provider, Reply } from "./provider.js";

/** A reply as a script writes it: the stop reason may be left out (null: no service produced it). */
export type ScriptReply = Omit<Reply, "stopReason"> & { stopReason?: string | null };

/** What a script returns for one question: an answer (zero tokens and times are filled in), or a whole reply. */
export type ScriptStep = Answer | ScriptReply;

/** A script: called with each question and its zero-based number. Throwing makes the ask fail. */
export type Script = (ask: Ask, index: number) => ScriptStep | Promise<ScriptStep>;

function isReply(step: ScriptStep): step is ScriptReply {
  return "answer" in step;
}

export function scriptedProvider(script: Script, label = "scripted answers, not a language model"): Provider {
  let index = 0;
  return {
    name: "scripted",
    label,
    async ask(ask: Ask): Promise<Reply> {
      const step = await script(ask, index++);
      if (isReply(step)) return { ...step, stopReason: step.stopReason ?? null };
      return {
        answer: step,
        promptTokens: 0,
        outputTokens: 0,
        prefillMs: null,
        totalMs: 0,
        stopReason: null,
        usage: null,
      };
    },
  };
}
