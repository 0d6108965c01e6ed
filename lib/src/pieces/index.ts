// The build notebook's helpers: the pieces' names, their checks, a client made of the learner's
// pieces, the library's own code shown on request, and the notebook's pieces graded as written.
export {
  PIECE_NAMES,
  PIECE_NEEDS,
  PIECE_SECTIONS,
  isPieceName,
  pieceOrder,
  todo,
  isTodo,
  type PieceName,
  type PieceSet,
} from "../assembly/pieces.js";
export {
  AssembledClient,
  assembledClient,
  implementationFrom,
  viaPiece,
  wrapPieceError,
  type ClientContext,
  type PieceSource,
} from "../assembly/assembled-client.js";
export { runPieceCheck, type PieceVerdict } from "./piece-checks.js";
export {
  check,
  checkEveryRule,
  notebookLine,
  piecesOf,
  revealAfterTrying,
  definitionOf,
  verdictText,
} from "./check-cell.js";
export { meetTheServer, meetMode, meetingSummary, BUILD_MODES } from "./meet-the-server.js";
export { reveal, findDeclaration, REFERENCE_OF, LIBRARY_SOURCE } from "./reveal.js";
export { cellScope } from "./cell-scope.js";
export { gradeNotebook, NOTEBOOK_RULES } from "./grade-notebook.js";
export { referencePieces, readyContextClient } from "../assembly/reference-pieces.js";
export {
  buildCells,
  readBuildCells,
  evaluateBuildCells,
  evaluateTranspiled,
  transpileBuildCells,
  kernelTypescript,
  BUILD_CELL_TAG,
  type BuildCell,
  type EvaluatedPieces,
  type TranspiledCell,
} from "../assembly/notebook-pieces.js";
