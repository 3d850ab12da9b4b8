import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export { freePort } from "../../../dev/src/ports";

/** A temporary folder under /tmp, readable by the "postgres" user the embedded database runs as. */
export function makeTempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `partshop-e2e-${label}-`));
  fs.chmodSync(dir, 0o755);
  liveDirs.add(dir);
  return dir;
}

export interface Managed {
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
  running(): boolean;
  /** SIGINT (a clean shutdown), then SIGKILL to the whole process group after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

// What is still running or on disk when this process ends abnormally (a crash, Ctrl-C, a CI
// timeout's SIGTERM): process groups are killed and temporary folders removed, synchronously.
const liveGroups = new Set<number>();
const liveDirs = new Set<string>();

function emergencyCleanUp(): void {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  liveGroups.clear();
  for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  liveDirs.clear();
}

process.once("exit", emergencyCleanUp);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    emergencyCleanUp();
    // Without another listener (vitest's own), keep the default: end the process with the signal.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/** Removes a folder made by makeTempDir. */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  liveDirs.delete(dir);
}

/**
 * Spawns a command in its own process group, so stopping it also stops what it started
 * (PostgreSQL under the shop), and nothing else.
 */
export function spawnManaged(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Managed {
  let output = "";
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const pid = child.pid!;
  liveGroups.add(pid);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      /* the group is gone */
    }
  };
  return {
    child,
    output: () => output,
    exited,
    running,
    async stop(graceMs = 20_000) {
      if (running()) {
        child.kill("SIGINT");
        const timer = setTimeout(() => killGroup("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // Anything the process left behind in its group (it should have stopped it itself).
      killGroup("SIGKILL");
      liveGroups.delete(pid);
    },
  };
}

/** Polls `check` until it returns true; throws `describe()` on timeout. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The environment a child gets: nothing from the caller's shell but PATH and HOME. */
export function baseEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", HOME: process.env.HOME ?? "/root", ...extra };
}
