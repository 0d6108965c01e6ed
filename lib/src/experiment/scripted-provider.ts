// A provider driven by a script: for tests, exercises and demonstrations without a model.
import type { Answer } from "./receipt.js";
import type { Ask, Provider, Reply } from "./provider.js";

/** What a script returns for one question: an answer (zero tokens and times are filled in), or a whole reply. */
export type ScriptStep = Answer | Reply;

/** A script: called with each question and its zero-based number. Throwing makes the ask fail. */
export type Script = (ask: Ask, index: number) => ScriptStep | Promise<ScriptStep>;

function isReply(step: ScriptStep): step is Reply {
  return "answer" in step;
}

export function scriptedProvider(script: Script, label = "scripted answers, not a language model"): Provider {
  let index = 0;
  return {
    name: "scripted",
    label,
    async ask(ask: Ask): Promise<Reply> {
      const step = await script(ask, index++);
      if (isReply(step)) return step;
      return { answer: step, promptTokens: 0, outputTokens: 0, prefillMs: null, totalMs: 0, usage: null };
    },
  };
}
