import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { mergedDurations, readDurations, writeDurations } from "./file-durations.js";

/** A file's time in its worker: preparing, importing (collecting its tests), then its tests and hooks. */
function cost(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
}

/**
 * Prints the ten slowest test files (or as many as `shown` says) of the run, each with its duration, so the next change can see
 * what it costs. Listed before closing-line-reporter.ts, whose line stays the last one printed.
 * With WORKBOOK_RECORD_DURATIONS=1 it also records every file's time for the sequencer (file-durations.ts).
 */
export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();
  /** How many files the table lists: ten, unless the config asks for more (to trim a tier, say). */
  private readonly shown: number;

  constructor(options: { readonly shown?: number } = {}) {
    this.shown = options.shown ?? 10;
  }

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const all = modules.map((module) => ({ file: relative(this.root, module.moduleId), ms: cost(module) }));
    if (process.env["WORKBOOK_RECORD_DURATIONS"] === "1" && all.length > 0) {
      const ran = Object.fromEntries(all.map(({ file, ms }) => [file, ms / 1000]));
      writeDurations(mergedDurations(readDurations(), ran, (file) => existsSync(join(this.root, file))));
    }
    const timed = all.sort((a, b) => b.ms - a.ms).slice(0, this.shown);
    if (timed.length === 0) return;
    const rows = timed.map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    process.stdout.write(`\nthe ${timed.length} slowest test files:\n${rows.join("\n")}\n`);
  }
}
