/**
 * What a process started, stopped in reverse order when it ends: on SIGINT/SIGTERM/SIGHUP, and on a
 * bug that escapes every handler (so nothing is left running without its owner).
 */
export class Lifecycle {
  private readonly running: Array<{ name: string; stop: () => Promise<unknown> }> = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}

  /** Registers something to stop; the last one added stops first. */
  add(name: string, stop: () => Promise<unknown>): void {
    this.running.push({ name, stop });
  }

  /** Stops everything (each given at most `graceMs`) and exits with `exitCode`. */
  exit(exitCode: number, graceMs = 10_000): Promise<void> {
    this.stopping ??= (async () => {
      for (const { name, stop } of this.running.reverse()) {
        try {
          const outOfTime = Symbol("out of time");
          const ended = await Promise.race([
            stop(),
            new Promise((resolve) => setTimeout(() => resolve(outOfTime), graceMs).unref()),
          ]);
          // Said, so that a stop that always waits out its grace is seen rather than just slow.
          if (ended === outOfTime) this.log(`${name} did not stop within ${graceMs / 1000} s: going on without it`);
        } catch (error) {
          console.error(`Stopping ${name} failed:`, error);
        }
      }
      process.exit(exitCode);
    })();
    return this.stopping;
  }

  /** Signals stop the process cleanly; an uncaught error stops it with exit code 1. */
  handleProcessEvents(): this {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => {
        this.log(`${signal}: stopping`);
        void this.exit(0);
      });
    }
    for (const event of ["uncaughtException", "unhandledRejection"] as const) {
      process.on(event, (error) => {
        console.error(`${event}, stopping:`, error);
        void this.exit(1);
      });
    }
    return this;
  }
}
