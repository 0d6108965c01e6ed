// The grading host for a build notebook: a child process that evaluates the notebook's build
// cells (sent already transpiled) and answers the rules' plain-data probe requests over IPC. It
// never makes a verdict; the process that forked it does (grade-notebook.ts). What the learner's
// code prints goes to stdout.
import { answerProbe, ProbeState } from "../checkpoint/rules/answer.js";
import type { ProbeRequest } from "../checkpoint/rules/types.js";
import { implementationFrom } from "./assembled-client.js";
import { cellScope } from "./cell-scope.js";
import { evaluateTranspiled, type TranspiledCell } from "./notebook-pieces.js";
import type { PieceSet } from "./pieces.js";

if (process.send === undefined) {
  process.stderr.write("notebook-host: started without an IPC channel\n");
  process.exit(2);
}
const send = process.send.bind(process);
const state = new ProbeState();
let pieces: PieceSet = {};
const implementation = { ...implementationFrom(() => pieces) };
let loaded = false;

process.on("message", (message: { cells?: TranspiledCell[]; id?: number; request?: ProbeRequest }) => {
  if (message.cells !== undefined) {
    pieces = evaluateTranspiled(message.cells, cellScope()).pieces;
    Object.assign(implementation, implementationFrom(() => pieces));
    loaded = true;
    send({ loaded: true });
    return;
  }
  if (!loaded || message.id === undefined || message.request === undefined) return;
  const id = message.id;
  void answerProbe(implementation, state, message.request).then((answer) => send({ id, answer }));
});
send({ ready: true });
