// What a loop run leaves behind: one entry per turn, and how it stopped.
import type { CallOutcome, Message, ModelAnswer } from "./types.js";

export type Turn = {
  /** One-based. */
  readonly turn: number;
  /** The texts this turn's search ran on (one, or two with searchOn "both"). */
  readonly queries: readonly string[];
  /** The names offered to the model this turn, in the order offered. */
  readonly offered: readonly string[];
  readonly answer: ModelAnswer;
  /** What came of a call (absent when the model answered in text). */
  readonly outcome?: { readonly kind: CallOutcome; readonly text: string };
};

export type Transcript = {
  readonly request: string;
  readonly turns: readonly Turn[];
  /** "answered": the model gave a final text; "max-turns": the bound ended the loop first. */
  readonly stopped: "answered" | "max-turns";
  readonly finalText: string | undefined;
  readonly conversation: readonly Message[];
};

/** The names of the calls that ran and answered, in order: what the loop actually got done. */
export function completedCalls(transcript: Transcript): string[] {
  return transcript.turns.flatMap((turn) =>
    turn.answer.kind === "call" && turn.outcome?.kind === "result" ? [turn.answer.name] : [],
  );
}

/** The names the loop refused, in order; none of them reached the executor. */
export function refusedCalls(transcript: Transcript): string[] {
  return transcript.turns.flatMap((turn) =>
    turn.answer.kind === "call" && turn.outcome?.kind === "refused" ? [turn.answer.name] : [],
  );
}

/** A plain-text account, one block per turn, for a notebook or a terminal. */
export function formatTranscript(transcript: Transcript): string {
  const lines = [`request: ${transcript.request}`];
  for (const turn of transcript.turns) {
    lines.push(`turn ${turn.turn} offered: ${turn.offered.join(", ")}`);
    const { answer } = turn;
    lines.push(
      answer.kind === "text"
        ? `  model answers: ${answer.text}`
        : `  model calls ${answer.name} ${JSON.stringify(answer.arguments)}`,
    );
    if (turn.outcome !== undefined) lines.push(`  ${turn.outcome.kind}: ${turn.outcome.text}`);
  }
  lines.push(`stopped: ${transcript.stopped}`);
  return lines.join("\n");
}
