// Starting and stopping the processes a benchmark needs, and reading their memory.
// Everything started here is registered with a Cleanup so it is stopped even when the run fails.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const GRAPH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const REPO_DIR = path.resolve(GRAPH_DIR, "..");
/** What `npm start` runs (the local harness around the shop), or another build to compare (BENCH_MAIN=/path/to/dev/dist/start-local.js). */
export const MAIN = path.resolve(process.env.BENCH_MAIN ?? path.join(REPO_DIR, "dev", "dist", "start-local.js"));

/** Node flags for a server that loads graphql: graphql-js without its development checks, as in production (see the file). */
const GRAPHQL_AS_IN_PRODUCTION = ["--import", path.join(GRAPH_DIR, "bench", "lib", "graphql-production-build.mjs")];

/** Stops what was started, newest first; runs once, on success, failure or Ctrl-C. */
export class Cleanup {
  #steps = [];
  #running;
  add(name, step) {
    this.#steps.push({ name, step });
  }
  /** On Ctrl-C, SIGTERM or a hang-up: stop everything, then exit 130. */
  runOnSignals(log) {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
      process.on(signal, async () => {
        log(`${signal}: stopping everything`);
        // A load run still going fails as its server stops (its /proc entry gone): stopping goes on.
        process.on("uncaughtException", (error) => log(`while stopping: ${error?.message ?? error}`));
        await this.run();
        process.exit(130);
      });
    }
  }
  run() {
    this.#running ??= (async () => {
      for (const { name, step } of this.#steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error(`[bench] cleanup of ${name} failed: ${error?.message ?? error}`);
        }
      }
    })();
    return this.#running;
  }
}

import { freePort } from "../../../dev/dist/ports.js";

export { freePort };

/** A data folder under /tmp (the embedded PostgreSQL runs as "postgres" and must reach it). */
export function makeDataDir(label, cleanup) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `partshop-bench-${label}-`));
  fs.chmodSync(dir, 0o755);
  cleanup.add(`data folder ${dir}`, async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * BENCH_TRACE_DIR: a process's standard output is also written to <dir>/<name>.log, e.g. for
 * node's `--trace-gc-nvp` given in BENCH_NODE_ARGS / BENCH_FLOOR_NODE_ARGS (gc-trace-summary.mjs
 * sums it).
 */
function keepOutput(child, name) {
  const dir = process.env.BENCH_TRACE_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  child.stdout.pipe(fs.createWriteStream(path.join(dir, `${name}.log`)));
}

/** The node flags `npm start` and the image start the shop with (graph/src/heap.ts). */
const SHOP_NODE_FLAGS = ["--max-semi-space-size=8"];

/**
 * Free ports for the mail catcher every shop process starts (maildev): its defaults are taken by
 * the first shop, by a second process on the same database, or by another shop on this machine.
 */
export async function mailCatcherPorts() {
  return { MAILDEV_SMTP_PORT: String(await freePort()), MAILDEV_WEB_PORT: String(await freePort()) };
}

/** The environment of a shop on embedded services of its own (a data folder and free ports), as `npm start` runs it. */
export async function embeddedShopEnv(label, cleanup, jwtSecret) {
  return {
    DATA_DIR: makeDataDir(label, cleanup),
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    AUTH_EMULATOR_PORT: String(await freePort(3)),
    STRIPE_SANDBOX_PORT: String(await freePort()),
    ...(await mailCatcherPorts()),
    JWT_SECRET: jwtSecret,
    ADMIN_EMAILS: "admin@partshop.dev",
    EXPOSE_SQL_COUNT: "false",
    LOG_MIGRATIONS: "0",
    ...LOAD_LIMITS,
  };
}

/**
 * The bench's customers are load, not shoppers: many unpaid orders each, faster than a person.
 * Each limit is the highest graph/src/config.ts accepts (a value past it stops the shop at
 * start). The most the workload asks: the bench customer holds 125 unpaid orders (20 of the
 * fixtures, 105 of the SQL phase), a reservation customer one per sale round it wins, and the 200
 * customers sign in from one address; every process on a database needs the same limits, as the
 * counts are shared.
 */
export const LOAD_LIMITS = {
  MAX_UNPAID_ORDERS: "1000",
  MAX_UNPAID_DOLLARS: "10000000",
  RATE_LIMIT_ORDERS: "10000000",
  RATE_LIMIT_PAYMENT_INTENTS: "10000000",
  RATE_LIMIT_SIGN_IN: "10000000",
};

/** BENCH_NODE_ARGS: node flags for the shops (experiments, e.g. "--heap-growing-percent=10"); given after the shop's own, they win. */
export const benchNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/**
 * Starts `node dev/dist/start-local.js` (or `main`: another build's) in its own process group, the way `npm start` does, and
 * waits for "Partshop is ready". Stopping sends SIGINT (the shop then stops PostgreSQL, the
 * emulator and the sandbox itself); if it hangs, the whole group is killed and a PostgreSQL
 * left behind in its data folder is stopped by its pid.
 */
export async function spawnShop(
  label,
  env,
  cleanup,
  { timeoutMs = 150_000, main = MAIN, nodeArgs = benchNodeArgs() } = {},
) {
  const port = Number(env.PORT);
  let output = "";
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_ENV; // see README "Performance": production mode refuses the embedded services
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, [...GRAPHQL_AS_IN_PRODUCTION, ...SHOP_NODE_FLAGS, ...nodeArgs, main], {
    cwd: path.dirname(path.dirname(main)),
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-200_000)));
  keepOutput(child, `shop-${label}`);
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-200_000)));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const shop = {
    label,
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    env,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGINT");
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {}
        }, 30_000);
        await exited;
        clearTimeout(timer);
      }
      // Anything of its process group that outlived it (an emulator after a crash) goes too.
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      // A PostgreSQL that outlived its shop (killed shop) still holds the data folder: stop it.
      const pidFile = env.DATA_DIR && path.join(env.DATA_DIR, "postgres", "postmaster.pid");
      if (pidFile && !env.DATABASE_URL && fs.existsSync(pidFile)) {
        const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
        if (pid > 0 && alive(pid)) {
          process.kill(pid, "SIGINT");
          for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
  cleanup.add(`shop ${label}`, () => shop.stop());
  const deadline = Date.now() + timeoutMs;
  while (!/Partshop is ready/.test(output)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`shop ${label} exited during start:\n${output.slice(-4000)}`);
    if (Date.now() > deadline)
      throw new Error(`shop ${label} did not start in ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return shop;
}

/** The bare node:http ceiling server, in its own process so it does not share the load generator's CPU. */
export async function spawnCeiling(body, contentType, cleanup) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(GRAPH_DIR, "bench", "ceiling-server.mjs"), String(port), contentType],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  cleanup.add("ceiling server", stop);
  child.stdin.end(body);
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", () => reject(new Error("the ceiling server exited during start")));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}

/** A server of the bench's that answers from the database (`node <script> <port> <database url>`), in its own process; `env` adds to the environment. */
export async function spawnDatabaseServer(script, databaseUrl, cleanup, nodeArgs = [], env = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...GRAPHQL_AS_IN_PRODUCTION, ...nodeArgs, path.join(GRAPH_DIR, "bench", script), String(port), databaseUrl],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanup.add(script, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  });
  keepOutput(child, path.basename(script, ".mjs"));
  await new Promise((resolve, reject) => {
    // Its line "ready": with node's tracing flags, GC lines come first.
    let started = "";
    const onData = (chunk) => {
      started += chunk;
      if (!/^ready$/m.test(started)) return;
      child.stdout.off("data", onData);
      resolve();
    };
    child.stdout.on("data", onData);
    child.once("exit", () => reject(new Error(`${script} exited during start`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid };
}

/**
 * CPU time (ms) used so far by a PostgreSQL server: the postmaster of a data folder and all its
 * processes (backends, the writer, the WAL writer...), those that exited included (a pool closing
 * idle connections): through the postmaster's cutime/cstime once it has reaped them.
 */
export function postgresCpuMs(postmasterPid) {
  // A backend reaped while its siblings are read is in neither sum (a pool whose idle timeout
  // closes all its connections at once lost seconds, and a run's CPU came out negative): read
  // again until no child was reaped during the reading. One that exited but is not reaped yet
  // still shows its time in /proc.
  for (let attempt = 1; ; attempt++) {
    const reapedBefore = reapedChildrenCpuMs(postmasterPid);
    let children = 0;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ");
        if (Number(fields[1]) === postmasterPid)
          children += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      } catch {}
    }
    const reaped = reapedChildrenCpuMs(postmasterPid);
    if (reaped === reapedBefore || attempt === 5) return cpuMs(postmasterPid) + reaped + children;
  }
}

function reapedChildrenCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The postmaster's pid of an embedded PostgreSQL, from its data folder. */
export function postmasterPidOf(dataDir) {
  return Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
}

/** The embedded PostgreSQL's connection string, from the password the shop wrote in its data folder. */
export function embeddedDatabaseUrl(dataDir, port) {
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://partshop:${encodeURIComponent(password)}@127.0.0.1:${port}/partshop`;
}
