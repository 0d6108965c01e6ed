// The build notebook's helpers: the pieces' names, their checks, a client made of the learner's
// pieces, the library's own code shown on request, and the notebook's pieces graded as written.
export {
  PIECE_NAMES,
  PIECE_NEEDS,
  isPieceName,
  pieceOrder,
  todo,
  type PieceName,
  type PieceSet,
} from "../assembly/piece-names.js";
export {
  AssembledClient,
  assembledClient,
  implementationFrom,
  wrapPieceError,
  type ClientContext,
} from "../assembly/assembled-client.js";
export { runPieceCheck } from "./piece-checks.js";
export { check, checkEveryRule, notebookLine, piecesOf, revealAfterTrying } from "./check-cell.js";
export { meetTheServer, meetMode, meetingSummary, BUILD_MODES } from "./meet-the-server.js";
export { reveal } from "./reveal.js";
export { cellScope } from "./cell-scope.js";
export { gradeNotebook, NOTEBOOK_RULES } from "../grading/checkpoint/grade-notebook.js";
export { referencePieces } from "../assembly/reference-pieces.js";
// evaluateTranspiled: what the module --notebook grading writes for the host runs (grade-notebook.ts loads it by its own path).
export { buildCells, evaluateBuildCells, evaluateTranspiled } from "../assembly/notebook-pieces.js";
