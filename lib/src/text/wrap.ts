// Word wrapping for text a person reads in a fixed width: a chart's subtitle, a report in a
// notebook cell, a row's detail in a terminal. Lines break between words, never inside one; a word
// longer than the width is cut only when it cannot fit on a line of its own.

/** Word-wrapped lines of at most `width` characters (a longer word keeps its own line). */
export function wrapLine(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/)) {
    if (word === "") continue;
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * One line as lines of at most `width` characters: broken between words, each continuation indented
 * under the value of a "key: value" line (or `indent` more than the line's own indentation). A word
 * wider than a line's room is cut into pieces, so no line is ever wider than `width`.
 */
export function wrapHanging(line: string, width: number, indent = 4, underValue = true): string[] {
  if ([...line].length <= width) return [line];
  const own = /^\s*/.exec(line)![0].length;
  const keyed = underValue ? /^\s*[^:]{1,40}:\s+/.exec(line)?.[0].length : undefined;
  const hang = Math.min(keyed ?? own + indent, Math.floor(width / 2));
  const out: string[] = [];
  let lead = " ".repeat(Math.min(own, hang));
  let words = "";
  const used = () => lead.length + (words === "" ? 0 : words.length + 1);
  const add = (word: string) => (words = words === "" ? word : `${words} ${word}`);
  const flush = () => {
    out.push(lead + words);
    lead = " ".repeat(hang);
    words = "";
  };
  for (let word of line.slice(own).split(/ +/)) {
    if (words !== "" && used() + word.length > width) flush();
    while (used() + word.length > width) {
      const room = width - used();
      add(word.slice(0, room));
      word = word.slice(room);
      flush();
    }
    if (word !== "") add(word);
  }
  if (words !== "") out.push(lead + words);
  return out;
}

/** Every line of `text` wrapped with wrapHanging. */
export function wrapLines(text: string, width: number): string {
  return text
    .split("\n")
    .flatMap((line) => wrapHanging(line, width))
    .join("\n");
}
