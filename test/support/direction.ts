// Whether a FAIL line reads in one direction: "expected" (what the rule wanted) once, then
// "received" (what came) once, counting only the grader's own words. Quoted text (the graded
// code's error messages, inputs, values) is set aside first: its "expected" is the graded code's.
// "received" counts where it opens a clause (after ": ", "; " or ", "): inside a clause it is a
// verb of the line's subject ("the ids as the server received them"), not the line's direction.

/** The line with every double-quoted string emptied. */
export function ownWords(line: string): string {
  return line.replace(/"(?:[^"\\]|\\.)*"/gu, '""');
}

/** Why `line` does not read expected-then-received in its own words, or undefined when it does (or names neither). */
export function directionProblem(line: string): string | undefined {
  const words = ownWords(line);
  const expected = [...words.matchAll(/\bexpected\b/gu)].map((match) => match.index);
  const received = [...words.matchAll(/(?<=^|[:;,] )received\b/gu)].map((match) => match.index);
  if (expected.length === 0 && received.length === 0) return undefined;
  if (expected.length > 1) return `"expected" ${expected.length} times outside quotes`;
  if (received.length > 1) return `"received" ${received.length} times outside quotes`;
  if (expected.length === 0) return `"received" with no "expected" before it`;
  if (received.length === 1 && received[0]! < expected[0]!) return `"received" before "expected"`;
  return undefined;
}
