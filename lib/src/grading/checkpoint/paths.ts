// Where the checkpoint finds the repository it belongs to (read only: a run writes only into its
// report folder and temporary folders).
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(__dirname, "../../../..");
/** node_modules the graded code resolves "mcp-workbook" from when it lives outside the repository. */
export const MODULE_PATHS: readonly string[] = [join(REPO_ROOT, "node_modules")];
/** The workbook's own library: what is graded when no --impl is given. */
export const REFERENCE_ENTRY = join(REPO_ROOT, "lib", "dist", "index.js");
