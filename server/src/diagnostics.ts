/**
 * Diagnostics go to stderr and only there: stdout belongs to the protocol. A client that closed
 * its end of stderr must not crash the server, so errors on stderr are ignored.
 */
import type { Writable } from "node:stream";

export type Diagnose = (text: string) => void;

export function stderrDiagnostics(stderr: Writable = process.stderr): Diagnose {
  stderr.on("error", () => {
    // Nobody is listening to our diagnostics any more; that is the client's choice.
  });
  return (text) => {
    stderr.write(`lucy-teaching-server: ${text}\n`);
  };
}
