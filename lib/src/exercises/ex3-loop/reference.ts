// Exercise 3's reference answer.
import type { LoopOptions } from "../../agent/options.js";

/**
 * Exercise 3: let the model search in its own words. Searching on the request again, or keeping
 * what was offered, repairs the chapter's wording but not a terser one; search_tools repairs both
 * and still offers only a handful of tools a turn.
 */
export const REFERENCE_LOOP_FIX: Pick<LoopOptions, "searchTool"> = { searchTool: true };
