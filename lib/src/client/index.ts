export { StdioClient, type ExitStatus, type ToolOutcome } from "./stdio-client.js";
export { OutstandingRequests, type IdMatch } from "./outstanding.js";
export { type StdioClientOptions, MAX_TIMEOUT_MS } from "./options.js";
export { endProcessGroup, processGroupMembers, signalGroup, groupIsEmpty } from "./process-group.js";
export { listProcesses, commandLineOf, type ProcessEntry } from "./process-table.js";
export { TEACHING_SERVER, teachingServerCommand } from "./teaching-server.js";
export { closeAllClients, heldGroups } from "./held-groups.js";
