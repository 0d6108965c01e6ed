export { StdioClient, type ExitStatus } from "./stdio-client.js";
export { type StdioClientOptions, MAX_TIMEOUT_MS } from "./options.js";
export { endProcessGroup, processGroupMembers, signalGroup, groupIsEmpty } from "./process-group.js";
export { TEACHING_SERVER, teachingServerCommand } from "./teaching-server.js";
