// Only grandchild mode starts a forgotten child, and grandchild.ts loads node:child_process, which
// nothing else in the server or the relay needs: loaded here on first use, it leaves every other
// start of either about 5 ms of CPU lighter (of some 63 ms; /usr/bin/time over 40 starts of each
// build), and one run of the test suite starts them some 2,900 times.
import type { Diagnose } from "./diagnostics.js";
import type * as Family from "./family.js";
import type * as Grandchild from "./grandchild.js";

/** grandchild.ts's startForgottenChild, loaded when first called. */
export function startForgottenChild(diagnose: Diagnose): Promise<void> {
  const grandchild = require("./grandchild.js") as typeof Grandchild;
  return grandchild.startForgottenChild(diagnose);
}

/** family.ts's startFamily, loaded when first called. */
export function startFamily(...args: Parameters<typeof Family.startFamily>): Promise<void> {
  const family = require("./family.js") as typeof Family;
  return family.startFamily(...args);
}
