// The relay's frames (server/src/relay-frames.ts), loaded from the server's build beside ours like
// its mode table: the grader and the relay must agree on them byte for byte, so lib keeps no copy.
export {
  FRAME,
  framePayload,
  relayFrame,
  RelayFrameReader,
  type RelayFrame,
} from "../../../server/dist/relay-frames.js";
