// Writes a round's cases (node write-cases.mjs round-N) as JSON (the fresh set's format), each with its proof's recorded outcome
// from scripts/red-team/proof-outcomes.json (written by prove.mjs --all).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
const round = process.argv[2] ?? "round-1";
const { wrong, fair, proofCommand } = await import(`./${round}-cases.mjs`);

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outcomesFile = join(root, "scripts", "red-team", "proof-outcomes.json");
const outcomes = existsSync(outcomesFile) ? JSON.parse(readFileSync(outcomesFile, "utf8")) : {};
for (const [kind, cases] of [
  ["wrong", wrong],
  ["fair", fair],
]) {
  const dir = join(root, "checkpoints", `${kind}-implementations`, "red-team", round);
  mkdirSync(dir, { recursive: true });
  for (const c of cases) {
    const outcome = outcomes[c.name];
    const proof = `${proofCommand(c.name)} -> ${outcome ? `${outcome.ok ? "PROVEN" : "NOT PROVEN"}: ${outcome.shows}` : "not yet run"}`;
    writeFileSync(
      join(dir, `${c.name}.json`),
      `${JSON.stringify({ name: c.name, piece: c.piece, client: c.client, breaks: c.breaks, edits: c.edits, proof }, null, 2)}\n`,
    );
  }
}
console.log(`wrote ${wrong.length} wrong and ${fair.length} fair`);
