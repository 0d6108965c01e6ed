// A worker keeps its modules from one test file to the next (isolate: false in vitest.config.mts),
// so what a file replaces on a global is put back when the file ends, whether or not it did so itself.
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
