// How several text items become one call's text: the chapter calls result_text (line 492) but never
// shows it, so the separator between items is the learner's (free-choices.ts: textSeparator). What is
// judged is the shape: every text in order, and one and the same separator between each pair.

/**
 * The separator `joined` puts between `texts`, when it is exactly texts[0] + s + texts[1] + s + ...
 * for one string s (any, the empty one included); undefined when no single separator gives it. A
 * single text must come as it is, and no text at all as "".
 */
export function separatorOf(texts: readonly string[], joined: string): string | undefined {
  if (texts.length < 2) return joined === (texts[0] ?? "") ? "" : undefined;
  const spare = joined.length - texts.reduce((sum, text) => sum + text.length, 0);
  if (spare < 0 || spare % (texts.length - 1) !== 0) return undefined;
  const separator = joined.slice(texts[0]!.length, texts[0]!.length + spare / (texts.length - 1));
  return texts.join(separator) === joined ? separator : undefined;
}

/** A text as a FAIL line shows it: whole when short; else its start and its length, where a long text's difference shows. */
export function shownText(text: string): string {
  return text.length <= 80 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 24))}… (${text.length} characters)`;
}

/** How a FAIL names what is expected of texts joined. */
export function joinedWanted(texts: readonly string[]): string {
  if (texts.length === 0) return '"" (no text items)';
  if (texts.length === 1) return `${shownText(texts[0]!)} (the one text item's text as it came)`;
  const shown = texts.length <= 8 ? texts.map(shownText).join(" + s + ") : `the ${texts.length} texts, each`;
  return `${shown}, for one separator s of your choice (the same between each pair; none before the first or after the last; nothing of the other items)`;
}
