// The six checks of the chapter's checkpoint, each a function of the implementation under test
// (this library by default) that resolves to one verdict line and never throws.
import { evidenceCheck } from "./check-evidence.js";
import { failureModesCheck } from "./check-failure-modes.js";
import { framingCheck } from "./check-framing.js";
import { negativeControlCheck } from "./check-negative-control.js";
import { sessionCheck } from "./check-session.js";
import { shutdownCheck } from "./check-shutdown.js";
import { runCheck, type CheckResult, type CheckSpec } from "./harness.js";
import { REFERENCE_IMPLEMENTATION, type Implementation } from "./implementation.js";

/** 1. encodeFrame/FrameReader/parseFrame round trips, split reads, the frame limit, and ids compared by type and value. */
export function checkFramingAndIdentity(impl: Implementation = REFERENCE_IMPLEMENTATION): Promise<CheckResult> {
  return runCheck(framingCheck, impl);
}

/** 2. Handshake, discovery, word_count answers "4", and place_purchase is refused before it reaches the server. */
export function checkSession(impl: Implementation = REFERENCE_IMPLEMENTATION): Promise<CheckResult> {
  return runCheck(sessionCheck, impl);
}

/** 3. Each failure mode (old-version, wrong-id, stale, oversized, stdout-log, hang) ends in its own refusal. */
export function checkFailureModes(impl: Implementation = REFERENCE_IMPLEMENTATION): Promise<CheckResult> {
  return runCheck(failureModesCheck, impl);
}

/** 4. close() leaves no live process in the server's group, a SIGTERM-ignoring grandchild included. */
export function checkShutdown(impl: Implementation = REFERENCE_IMPLEMENTATION): Promise<CheckResult> {
  return runCheck(shutdownCheck, impl);
}

/** 5. With place_purchase allowed, the server's log does record it. */
export function checkNegativeControl(impl: Implementation = REFERENCE_IMPLEMENTATION): Promise<CheckResult> {
  return runCheck(negativeControlCheck, impl);
}

/** 6. Receipts' tables, the BM25 search rows and paid runs' costs recompute from evidence/. */
export function checkEvidence(impl: Implementation = REFERENCE_IMPLEMENTATION, options: { evidenceDir?: string } = {}): Promise<CheckResult> {
  return runCheck(evidenceCheck(options), impl);
}

/** The six checks in the chapter's order, as the report names them. */
export const CHECKPOINT_CHECKS: readonly CheckSpec[] = [
  framingCheck, sessionCheck, failureModesCheck, shutdownCheck, negativeControlCheck, evidenceCheck(),
];

/** All six, one after another (they start servers on a shared machine). */
export async function runCheckpoint(impl: Implementation = REFERENCE_IMPLEMENTATION): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const spec of CHECKPOINT_CHECKS) results.push(await runCheck(spec, impl));
  return results;
}
