// The red team's cases as they are committed: checkpoints/{wrong,fair}-implementations/red-team/
// round-N/NAME.json, every round, each with its kind, round and file.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");

export interface RedTeamCase {
  readonly name: string;
  readonly piece: string;
  readonly client: boolean;
  readonly breaks: string;
  readonly edits: readonly { readonly find: string; readonly replace: string }[];
}

export interface FoundCase {
  readonly kind: "wrong" | "fair";
  readonly round: string;
  readonly file: string;
  readonly found: RedTeamCase;
}

/** Every round's cases of both kinds, wrong first, in the folders' order. */
export function redTeamCases(): FoundCase[] {
  return (["wrong", "fair"] as const).flatMap((kind) => {
    const dir = join(ROOT, "checkpoints", `${kind}-implementations`, "red-team");
    return readdirSync(dir)
      .filter((round) => round.startsWith("round-"))
      .flatMap((round) =>
        readdirSync(join(dir, round))
          .filter((file) => file.endsWith(".json"))
          .map((file) => ({
            kind,
            round,
            file,
            found: JSON.parse(readFileSync(join(dir, round, file), "utf8")) as RedTeamCase,
          })),
      );
  });
}
