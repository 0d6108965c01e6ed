// The check of checkInitialize: our protocol version only, and a server that offers tools.
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const checkInitializeCheck: Body = async (pieces) => {
  const checkInitialize = fn(pieces, "checkInitialize");
  const good = {
    protocolVersion: "2025-06-18",
    capabilities: { tools: {} },
    serverInfo: { name: "s", version: "1" },
  };
  const accepted = checkInitialize(good);
  expect(
    shown(accepted) === shown(good),
    "the result, accepted",
    () => shown(accepted),
    "return the result once it passes",
  );
  await mustRefuse(
    () => checkInitialize({ ...good, protocolVersion: "2024-11-05" }),
    "ProtocolError",
    "version",
    "protocolVersion 2024-11-05",
    "we speak exactly one version: any other is refused",
  );
  await mustRefuse(
    () => checkInitialize({ ...good, capabilities: {} }),
    "ProtocolError",
    undefined,
    "a server that offers no tools",
    "capabilities.tools must be an object",
  );
  return "our version only, and a server that offers tools";
};
