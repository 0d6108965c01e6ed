// The official MCP TypeScript SDK's clients (v1 and v2) against the teaching server, each run in a
// bounded child process: what the class's most common question ("what would the SDK do here?")
// comes to, measured live. Reached through the demo (gallery and `demo MODE --sdk`).
export {
  runSdk,
  runSdkModes,
  sdkReportLines,
  liveSdkGroups,
  killSdkGroups,
  SDK_NAMES,
  type SdkName,
  type SdkReport,
  type SdkOptions,
} from "./sdk-harness.js";
export type { SdkEvent, SdkSessionConfig } from "./sdk-session.js";
