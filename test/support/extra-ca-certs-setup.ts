// vitest globalSetup: the run's processes start without NODE_EXTRA_CA_CERTS. Node reads and parses
// the bundle that variable names as each process starts, TLS or not: with Debian's bundle that cost
// 42 ms of CPU per start here (30 starts of `node -e 0`: 109 ms each with it, 71 ms without). A run
// starts hundreds of Node processes that inherit its environment (command lines, hosts, kernels,
// vitest's own forks; a client gives its server only the environment it is told), and none opens
// a TLS connection. The wrong-implementations test alone took 37.4 and 40.5 s of CPU with it, 35.7
// and 36.6 s without. The README test gives the variable back to the lines it runs that install
// packages (newcomerEnv in test/readme/run-line.ts), since npm may need it to reach a registry.
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** NODE_EXTRA_CA_CERTS as the run found it; "" when it was not set. */
    nodeExtraCaCerts: string;
  }
}

export default function setup(project: TestProject): () => void {
  const found = process.env["NODE_EXTRA_CA_CERTS"];
  delete process.env["NODE_EXTRA_CA_CERTS"];
  project.provide("nodeExtraCaCerts", found ?? "");
  return () => {
    if (found !== undefined) process.env["NODE_EXTRA_CA_CERTS"] = found;
  };
}
