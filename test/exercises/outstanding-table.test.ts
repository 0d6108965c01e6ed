import { describe, expect, it } from "vitest";
import { checkOutstandingTable } from "../../lib/src/exercises/ex5-in-flight/check.js";
import { referenceOutstanding } from "../../lib/src/exercises/ex5-in-flight/reference.js";
import type { ClientContext } from "../../lib/src/pieces/assembled-client.js";
import { answerFor, requestMessage } from "../../lib/src/protocol/messages.js";
import { parseFrame } from "../../lib/src/protocol/parse-frame.js";
import { resultText } from "../../lib/src/protocol/result-text.js";

// Plausible wrong answers to exercise 5; each must fail for its own reason.
async function oneAtATime(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const text of texts) {
    const id = context.nextId();
    context.send(requestMessage(id, "tools/call", { name: "word_count", arguments: { text } }));
    answers.push(
      resultText(answerFor(id, parseFrame(await context.nextFrame(AbortSignal.timeout(context.timeoutMs))))!),
    );
  }
  return answers;
}

async function arrivalOrder(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const deadline = AbortSignal.timeout(context.timeoutMs);
  for (const text of texts)
    context.send(requestMessage(context.nextId(), "tools/call", { name: "word_count", arguments: { text } }));
  const answers: string[] = [];
  while (answers.length < texts.length) {
    const message = parseFrame(await context.nextFrame(deadline));
    answers.push(resultText(message["result"] as Record<string, unknown>));
  }
  return answers;
}

async function strayIgnored(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const deadline = AbortSignal.timeout(context.timeoutMs);
  const waiting = new Map<number, number>();
  texts.forEach((text, position) => {
    const id = context.nextId();
    waiting.set(id, position);
    context.send(requestMessage(id, "tools/call", { name: "word_count", arguments: { text } }));
  });
  const answers: string[] = [];
  while (waiting.size > 0) {
    const message = parseFrame(await context.nextFrame(deadline));
    const position = waiting.get(message["id"] as number);
    if (position === undefined) continue; // set aside: the trap
    answers[position] = resultText(message["result"] as Record<string, unknown>);
    waiting.delete(message["id"] as number);
  }
  return answers;
}

describe("exercise 5: checkOutstandingTable", () => {
  it("passes the reference table", async () => {
    const result = await checkOutstandingTable(referenceOutstanding);
    expect(result.output).toMatch(/^ok /u);
  }, 30_000);

  it.each([
    ["waits for each reply before the next request", oneAtATime, /DeadlineError.*send every request first/u],
    ["returns answers in arrival order", arrivalOrder, /reversed: .*\["5","1"\], in arrival order/u],
    ["sets a stray reply aside", strayIgnored, /a reply for id 7, never sent: your function returned/u],
  ] as const)(
    "fails a table that %s",
    async (_what, answer, says) => {
      const result = await checkOutstandingTable(answer);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(says);
      expect(result.output).not.toMatch(/callTools|OutstandingRequests/u);
    },
    30_000,
  );
});
