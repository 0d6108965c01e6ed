/**
 * The one table of the era interop matrix: every client (the official v2 SDK's three negotiation
 * modes, and ours in each `protocol`) against every server (the teaching server in each
 * `--protocol`, and a v2 `serveStdio` server in its default and `legacy: "reject"` modes), with the
 * outcome expected of each cell, failures included. test/interop/eras.slow.test.ts runs it as it is.
 *
 * `processes` counts the servers a cell starts, as measured: the v2 client's "auto" (and its pin,
 * once the probe succeeds) probes on a disposable sibling process and runs its session on a second.
 */
export type EraClient =
  "v2 legacy" | "v2 auto" | "v2 pin 2026-07-28" | "ours 2025-06-18" | "ours 2026-07-28" | "ours auto";
export type EraServer =
  "teaching 2025-06-18" | "teaching 2026-07-28" | "teaching both" | "v2 serveStdio" | "v2 serveStdio legacy reject";

export interface EraCell {
  readonly client: EraClient;
  readonly server: EraServer;
  /** The era the session ran in (word_count answered "4"), or how it failed. */
  readonly expect:
    { readonly era: "2025-06-18" | "2026-07-28" | "2025-11-25" } | { readonly fails: string; readonly says: string };
  /** Server processes the cell starts (counted from the teaching server's --record). */
  readonly processes?: number;
}

export const ERA_MATRIX: readonly EraCell[] = [
  // The official v2 client against the teaching server.
  { client: "v2 legacy", server: "teaching 2025-06-18", expect: { era: "2025-06-18" }, processes: 1 },
  { client: "v2 legacy", server: "teaching 2026-07-28", expect: { fails: "-32022", says: "2026-07-28" }, processes: 1 },
  { client: "v2 legacy", server: "teaching both", expect: { era: "2025-06-18" }, processes: 1 },
  // auto: the probe is refused (-32600 before initialize), then the handshake, on a second process.
  { client: "v2 auto", server: "teaching 2025-06-18", expect: { era: "2025-06-18" }, processes: 2 },
  { client: "v2 auto", server: "teaching 2026-07-28", expect: { era: "2026-07-28" }, processes: 2 },
  { client: "v2 auto", server: "teaching both", expect: { era: "2026-07-28" }, processes: 2 },
  {
    client: "v2 pin 2026-07-28",
    server: "teaching 2025-06-18",
    expect: { fails: "ERA_NEGOTIATION_FAILED", says: "2026-07-28" },
    processes: 1,
  },
  // Pinned, a successful probe also runs on a sibling: the session gets a process of its own.
  { client: "v2 pin 2026-07-28", server: "teaching 2026-07-28", expect: { era: "2026-07-28" }, processes: 2 },
  { client: "v2 pin 2026-07-28", server: "teaching both", expect: { era: "2026-07-28" }, processes: 2 },
  // Our client against a server built with the v2 SDK.
  { client: "ours 2025-06-18", server: "v2 serveStdio", expect: { era: "2025-06-18" } },
  { client: "ours 2026-07-28", server: "v2 serveStdio", expect: { era: "2026-07-28" } },
  { client: "ours auto", server: "v2 serveStdio", expect: { era: "2026-07-28" } },
  {
    client: "ours 2025-06-18",
    server: "v2 serveStdio legacy reject",
    expect: { fails: "ProtocolError version", says: "2026-07-28" },
  },
  { client: "ours 2026-07-28", server: "v2 serveStdio legacy reject", expect: { era: "2026-07-28" } },
  { client: "ours auto", server: "v2 serveStdio legacy reject", expect: { era: "2026-07-28" } },
];
