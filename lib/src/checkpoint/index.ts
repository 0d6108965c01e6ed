export {
  checkFramingAndIdentity, checkSession, checkFailureModes, checkShutdown, checkNegativeControl, checkEvidence, runCheckpoint,
  CHECKPOINT_CHECKS,
} from "./checks.js";
export { REFERENCE_IMPLEMENTATION, IMPLEMENTATION_NAMES, missingExports, type Implementation, type ClientUnderTest } from "./implementation.js";
export { runCheck, CheckFailure, type CheckResult, type CheckSpec, type CheckContext } from "./harness.js";
