// What a class run shows while it works: on a terminal, one line rewritten in place (done/total,
// who is being graded, time left); elsewhere (a pipe, CI) a plain line as each learner finishes.
export interface ProgressSink {
  readonly write: (text: string) => void;
  /** A terminal that can rewrite a line (false under CI or when piped). */
  readonly live: boolean;
}

export interface ClassProgress {
  started(learner: string): void;
  finished(learner: string, status: string, seconds: number | undefined): void;
  /** Ends the live line so what follows starts on a fresh one. */
  close(): void;
}

/** Seconds left: the mean seconds per learner so far, times those left, shared by the jobs. */
export function secondsLeft(done: readonly number[], left: number, jobs: number): number | undefined {
  if (done.length === 0) return undefined;
  const mean = done.reduce((sum, each) => sum + each, 0) / done.length;
  return (mean * left) / Math.max(1, jobs);
}

function clock(seconds: number): string {
  const whole = Math.round(seconds);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}

export function classProgress(sink: ProgressSink, total: number, jobs: number): ClassProgress {
  const running = new Set<string>();
  const durations: number[] = [];
  let done = 0;
  let shown = false;
  const line = (): string => {
    const left = secondsLeft(durations, total - done, jobs);
    const who = [...running].join(", ");
    return `graded ${done}/${total}${who === "" ? "" : `; grading ${who}`}${left === undefined ? "" : `; about ${clock(left)} left`}`;
  };
  const redraw = (): void => {
    if (!sink.live) return;
    sink.write(`\r\u001b[K${line()}`);
    shown = true;
  };
  return {
    started: (learner) => {
      running.add(learner);
      redraw();
    },
    finished: (learner, status, seconds) => {
      running.delete(learner);
      done += 1;
      if (seconds !== undefined) durations.push(seconds);
      if (sink.live) redraw();
      else
        sink.write(
          `[${done}/${total}] ${learner}: ${status}${seconds === undefined ? "" : ` (${seconds.toFixed(1)} s)`}\n`,
        );
    },
    close: () => {
      if (shown) sink.write("\n");
      shown = false;
    },
  };
}
