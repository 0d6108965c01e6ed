// A model driven by a script, for tests, exercises and demonstrations without a language model.
// Like a real model, each step can only see what the loop shows it: the conversation so far and the
// tools offered this turn.
import type { McpTool } from "../tools/types.js";
import { UsageError } from "../errors/usage-error.js";
import type { AgentModel, Message, ModelAnswer } from "./types.js";

/** What a script step sees on its turn. */
export type TurnView = {
  readonly conversation: readonly Message[];
  readonly offered: readonly McpTool[];
  readonly offeredNames: ReadonlySet<string>;
  /** Zero-based: the first turn is 0. */
  readonly turn: number;
};

/** One step of a script: a fixed answer, or a function of what this turn shows. */
export type ScriptedTurn = ModelAnswer | ((view: TurnView) => ModelAnswer);

/** A tool call, as a model would answer it. */
export function toolCall(name: string, args: Record<string, unknown> = {}): ModelAnswer {
  return { kind: "call", name, arguments: args };
}

/** A final text, which ends the loop. */
export function finalText(text: string): ModelAnswer {
  return { kind: "text", text };
}

/**
 * A step that calls `name` when it was offered this turn and otherwise answers `otherwise` (a text
 * by default): what a well-behaved model does, since it can only call what it was shown.
 */
export function callIfOffered(
  name: string,
  args: Record<string, unknown>,
  otherwise: ModelAnswer | string = `I have no tool to do that (${name} was not offered).`,
): ScriptedTurn {
  return ({ offeredNames }) =>
    offeredNames.has(name) ? toolCall(name, args) : typeof otherwise === "string" ? finalText(otherwise) : otherwise;
}

/** A model that answers turn i with step i. Asking for a turn past the last step is an error, not a guess. */
export function scriptedModel(
  steps: readonly ScriptedTurn[],
  label = "scripted model, not a language model",
): AgentModel {
  let turn = 0;
  return {
    label,
    async next(conversation, offered) {
      const step = steps[turn];
      if (step === undefined) {
        throw new UsageError("script-exhausted", {
          what: `scriptedModel: asked for turn ${turn + 1}, but the script has ${steps.length} step(s)`,
          expected: "one scripted step per turn the loop asks for",
          limit: `${steps.length} step(s)`,
        });
      }
      const view: TurnView = { conversation, offered, offeredNames: new Set(offered.map((tool) => tool.name)), turn };
      turn += 1;
      return typeof step === "function" ? step(view) : step;
    },
  };
}
