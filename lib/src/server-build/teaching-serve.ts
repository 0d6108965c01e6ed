// The teaching server's session (server/src/serve.ts), loaded from its build like its mode table: a
// grader that serves a relay's connection inside its own process runs the server's own code, never
// a copy of it, on I/O of its own (server/src/server-io.ts).
export { startServer } from "../../../server/dist/serve.js";
export type { ServerIo, SigtermAction } from "../../../server/dist/server-io.js";
