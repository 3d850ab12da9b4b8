import type { DomainLog } from "../domain/log";

/** A job the shop runs by itself every so often. */
export interface PeriodicJob {
  name: string;
  everySeconds: number;
  run(): Promise<unknown>;
}

/**
 * Runs each job every `everySeconds` (0: never), one run at a time, the first a little after
 * start; a failed run is logged and the next one comes as usual. Returns what stops them all,
 * waiting for a run under way.
 */
export function runPeriodically(jobs: readonly PeriodicJob[], log: DomainLog): () => Promise<void> {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  const schedule = (job: PeriodicJob, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const run = job
        .run()
        .catch((error: unknown) =>
          log.error(
            { err: error, job: job.name },
            `The ${job.name} job failed; it runs again in ${job.everySeconds} s`,
          ),
        );
      running.add(run);
      void run.finally(() => {
        running.delete(run);
        if (!stopped) schedule(job, job.everySeconds * 1000);
      });
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) if (job.everySeconds > 0) schedule(job, Math.min(job.everySeconds, 5) * 1000 * Math.random());
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.allSettled([...running]);
  };
}
