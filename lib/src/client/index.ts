export { StdioClient, type ExitStatus, type ToolOutcome } from "./stdio-client.js";
export { OutstandingRequests, type IdMatch } from "./outstanding.js";
export { type StdioClientOptions, MAX_TIMEOUT_MS, wholeMs } from "./options.js";
export { endProcessGroup, processGroupMembers, signalGroup, groupIsEmpty } from "./process-group.js";
export { listProcesses, commandLineOf, type ProcessEntry } from "./process-table.js";
export { TEACHING_SERVER, teachingServerCommand } from "./teaching-server.js";
export {
  WireTrace,
  type TraceEntry,
  type TraceDecision,
  type TraceDirection,
  type WireTraceOptions,
  type TraceSnapshot,
} from "./wire-trace.js";
export { closeAllClients, heldGroups } from "./held-groups.js";
export { teachingServersStartedBy } from "./live-servers.js";
