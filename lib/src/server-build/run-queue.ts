// The run-queue count (server/src/run-queue.ts), from the server's build like the relay's frames:
// the relay and the grader read it one way.
export { runQueueMs } from "../../../server/dist/run-queue.js";
