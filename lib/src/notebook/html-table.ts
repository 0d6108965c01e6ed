/** Text made safe to put inside HTML: outside data (a server's message) must not become markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A plain HTML table with a header row; every cell is escaped. */
export function htmlTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = (tag: string, values: readonly string[]): string =>
    values.map((value) => `<${tag} style="text-align:left">${escapeHtml(value)}</${tag}>`).join("");
  const body = rows.map((row) => `<tr>${cells("td", row)}</tr>`).join("\n");
  return `<table>\n<thead><tr>${cells("th", header)}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}
