// What the teaching server's sampling mode asks the client, one request for each id it is given
// (server/src/faults.ts owns the list): lib reads it from the server's build rather than keep a copy.
export { unservedAsk } from "../../../server/dist/faults.js";
