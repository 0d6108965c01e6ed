// CPU-bound processes at the grader's own priority, for the soaks that grade on a busy machine.
import { spawn, type ChildProcess } from "node:child_process";

// A busy loop that ends by itself once its parent is gone (a SIGKILLed soak leaves nothing spinning).
const HOG =
  "const parent = process.ppid; for (let i = 0; ; i += 1) if (i % 1e7 === 0 && process.ppid !== parent) process.exit(0);";

/**
 * Starts `count` busy processes; the function returned kills them, as this process's exit does (an
 * interrupt exits 130).
 */
export function startBusy(count: number): () => void {
  const busy: ChildProcess[] = [];
  const stop = (): void => busy.forEach((hog) => hog.kill("SIGKILL"));
  process.once("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  for (let i = 0; i < count; i += 1) busy.push(spawn(process.execPath, ["-e", HOG], { stdio: "ignore" }));
  return stop;
}
