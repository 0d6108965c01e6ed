// Every sentence the loop writes into the conversation, in one place so tests can pin them.
// The model reads these as the outcome of its call, so each says what happened and that nothing ran.

export function notAllowedText(name: string): string {
  return `refused: ${JSON.stringify(name)} is not allowed by this application; nothing was run`;
}

export function notOfferedText(name: string, offered: readonly string[]): string {
  return `refused: ${JSON.stringify(name)} was not offered this turn (offered: ${offered.join(", ") || "none"}); nothing was run`;
}

export function failedText(name: string, error: unknown): string {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `failed: ${name} did not complete (${reason}); this is not its result`;
}

export function foundText(names: readonly string[]): string {
  return names.length === 0
    ? "found no allowed tools for that query"
    : `found: ${names.join(", ")} (offered on the next turn)`;
}
