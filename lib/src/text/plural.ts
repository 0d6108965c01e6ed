// Counts in words: "1 byte", "2 bytes", "the 1 mode", never "1 bytes".

/** `${count} ${word}`, with `plural` (default word + "s") for any count but 1. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}
