// Exercise 5's reference answer: the table of outstanding ids, written out.
import { ProtocolError } from "../../errors/protocol-error.js";
import type { ClientContext } from "../../assembly/assembled-client.js";
import { answerFor, requestMessage } from "../../protocol/messages.js";
import { parseFrame } from "../../protocol/parse-frame.js";
import { resultText } from "../../protocol/result-text.js";

/** Exercise 5, written out: every request sent, then replies bound by id through a table of outstanding ids. */
export async function referenceOutstanding(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const deadline = AbortSignal.timeout(context.timeoutMs);
  const waiting = new Map<number, number>(); // request id -> position of its text
  for (const [position, text] of texts.entries()) {
    const id = context.nextId();
    waiting.set(id, position);
    context.send(requestMessage(id, "tools/call", { name: "word_count", arguments: { text } }));
  }
  const answers: string[] = new Array<string>(texts.length);
  while (waiting.size > 0) {
    const message = parseFrame(await context.nextFrame(deadline));
    if ("method" in message) continue;
    const id = message["id"];
    const position = typeof id === "number" ? waiting.get(id) : undefined;
    if (position === undefined)
      throw new ProtocolError("wrong-id", {
        what: `a reply for id ${JSON.stringify(id)}, which nothing is waiting for`,
        expected: `one of ${[...waiting.keys()].join(", ")}`,
      });
    answers[position] = resultText(answerFor(id as number, message)!);
    waiting.delete(id as number);
  }
  return answers;
}
