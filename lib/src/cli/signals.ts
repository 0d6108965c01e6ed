import { closeAllClients, endHeldGroups } from "../client/held-groups.js";
import { killSdkGroups } from "../official-sdk/index.js";

/**
 * The command line's own SIGINT and SIGTERM handling (the library installs none): close every
 * open client the orderly way, then die of the same signal, so a shell sees 130 or 143 as it
 * would without us. Servers run in process groups of their own, so a terminal's Ctrl-C never
 * reaches them: without this, `call ... -- sleep 60` would leave `sleep 60` behind. A second
 * signal while closing ends the groups at once with SIGKILL.
 */
export function closeClientsOnSignals(): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) {
      endHeldGroups();
      dieOf(signal);
      return;
    }
    closing = true;
    // The official SDK's sessions (demo --sdk) run in groups of their own, which an exit handler
    // never reaches when the process dies of a signal.
    killSdkGroups();
    void closeAllClients().finally(() => dieOf(signal));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  function dieOf(signal: NodeJS.Signals): void {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.kill(process.pid, signal);
  }
}
