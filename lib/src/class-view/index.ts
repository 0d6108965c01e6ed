// The class view: a gradebook (grades.csv from `checkpoint --class`) read back and drawn as three
// charts on one page, for an instructor to see what to teach again.
export { classView, writeClassPage, CHECKPOINT_RULES } from "./class-page.js";
export { readGradebook, type GradebookRule } from "./gradebook-reader.js";
export { scoreBins, ruleShares, firstFailed, firstFailures } from "./class-charts.js";
