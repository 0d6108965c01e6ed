// Your answers to the chapter's optional exercises, graded by `npm run checkpoint -- --impl learner
// --exercises`. Each exercise has its own file (ex1.ts ... ex7.ts), so a type error in one costs
// only that exercise. The checkpoint calls each function in a separate process on plain inputs
// (receipt rows, a loop's transcript, a server's call log, scripted pages and replies; --seed N
// changes them) and judges what it returns with the exercise notebook's own check; a function that
// still throws "not implemented" scores 0 and reads "not attempted". The exercise notebook's tagged
// cells ("exercise-answer") are where you develop them: each signature here is the notebook's, so
// the finished function copies across unchanged (rename it exerciseN and export it).
export { exercise1 } from "./ex1.js";
export { exercise2 } from "./ex2.js";
export { exercise3 } from "./ex3.js";
export { exercise4 } from "./ex4.js";
export { exercise5 } from "./ex5.js";
export { exercise6 } from "./ex6.js";
export { exercise7 } from "./ex7.js";
