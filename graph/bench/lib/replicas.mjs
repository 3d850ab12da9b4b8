// The "replicas" phase of `npm run bench`: catalogue reads past the answer cache with the shop's
// reads on a streaming replica (DATABASE_REPLICA_URL) against the same reads on the primary alone.
// Two PostgreSQL servers from Debian's packages (scripts/ensure-servers.sh installs them): a
// primary and a replica made with pg_basebackup that streams from it. Two shop processes
// (graph/dist/main.js) on that primary, one with DATABASE_REPLICA_URL on the replica and one
// without, loaded in turn. Each run reports the shop's and each server's CPU per request and, from
// pg_stat_database's deltas (tup_returned, xact_commit) on each server, the share of the reads the
// replica served. On 2 cores every server shares the same CPUs: this shows the routing and what
// a request costs each server, not the scale that more machines give (docs/performance.md).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { answerOnce } from "./client.mjs";
import { missScenarios } from "./operations.mjs";
import { freePort, GRAPH_DIR, LOAD_LIMITS, makeDataDir, postgresCpuMs, spawnShop } from "./processes.mjs";

/** The catalogue's reads past the answer cache (the misses phase's, but for the customer's own orders). */
const CATALOGUE_MISSES = ["restMiss", "graphqlFreshVariables", "graphqlFreshDocument", "partUncached"];

const asRoot = process.getuid?.() === 0;

function run(command, args) {
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

function postgresBin() {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => `${root}/${version}/bin`).find((dir) => fs.existsSync(`${dir}/initdb`));
  if (!bin)
    throw new Error("the replicas phase needs PostgreSQL from Debian's packages: bash scripts/ensure-servers.sh");
  return bin;
}

/** A folder the postgres user owns (PostgreSQL refuses to run as root). */
function postgresFolder(folder) {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (asRoot) spawnSync("chown", ["postgres:postgres", folder]);
  return folder;
}

/** Starts the PostgreSQL of `dataDir` on `port`; resolves with its postmaster's pid and how to stop it. */
function startServer(bin, dataDir, port, cleanup, label) {
  const settings = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    max_connections: 200,
    wal_level: "replica",
    max_wal_senders: 5,
    hot_standby: "on",
    // As the embedded PostgreSQL of the other phases: the figures are CPU, not the disk's fsyncs.
    fsync: "off",
  };
  const options = [`-p ${port}`, ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value || "''"}`)];
  // Its log beside the data directory, in a folder the postgres user owns.
  const logFile = path.join(postgresFolder(`${dataDir}-log`), "postgresql.log");
  run(`${bin}/pg_ctl`, ["-D", dataDir, "-o", options.join(" "), "-l", logFile, "-w", "-t", "60", "start"]);
  cleanup.add(`PostgreSQL ${label}`, async () => {
    try {
      run(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // Stopped already.
    }
  });
  const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return { url: `postgres://partshop@127.0.0.1:${port}/partshop`, port, pid, label };
}

/** A primary and a replica streaming from it, each with its own data directory and port. */
async function startPrimaryAndReplica(cleanup) {
  const bin = postgresBin();
  const folder = makeDataDir("replicas", cleanup);
  const primaryDir = postgresFolder(path.join(folder, "primary"));
  run(`${bin}/initdb`, [
    "-D",
    primaryDir,
    "-U",
    "partshop",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C.UTF-8",
    // Thrown away after the run: no fsync of the new files.
    "--no-sync",
  ]);
  const primary = startServer(bin, primaryDir, await freePort(), cleanup, "primary");
  const admin = new pg.Client({ connectionString: primary.url.replace(/\/partshop$/, "/postgres") });
  await admin.connect();
  await admin.query("CREATE DATABASE partshop");
  await admin.end();
  const replicaDir = postgresFolder(path.join(folder, "replica"));
  // -R writes standby.signal and primary_conninfo: it streams from the primary from its start.
  run(`${bin}/pg_basebackup`, [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    "partshop",
    "-D",
    replicaDir,
    "-R",
    "-X",
    "stream",
    "--checkpoint=fast",
    "--no-sync",
  ]);
  const replica = startServer(bin, replicaDir, await freePort(), cleanup, "replica");
  return { folder, primary, replica };
}

/**
 * Reads and transactions of the partshop database on one server so far, asked from another
 * database: a connection's own catalogue reads count in the database it connects to.
 */
async function databaseCounters(server) {
  const client = new pg.Client({ connectionString: server.url.replace(/\/partshop$/, "/postgres") });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT tup_returned::bigint AS returned, xact_commit::bigint AS commits FROM pg_stat_database WHERE datname = 'partshop'",
    );
    return { returned: Number(rows[0].returned), commits: Number(rows[0].commits) };
  } finally {
    await client.end();
  }
}

/** Waits until the replica has replayed everything the primary has written so far (the seed, the fixtures). */
async function replicaCaughtUp(primary, replica) {
  const query = async (server, sql) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows[0].lsn;
    } finally {
      await client.end();
    }
  };
  const target = await query(primary, "SELECT pg_current_wal_lsn() AS lsn");
  for (let tries = 0; tries < 200; tries++) {
    const behind = await query(replica, `SELECT pg_last_wal_replay_lsn() < '${target}'::pg_lsn AS lsn`);
    if (!behind) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the replica did not replay the primary's WAL within 10 s");
}

/** A shop process (graph/dist/main.js, outside production) on `primary`, and on `replica` for its reads when given. */
async function shopOn(label, { primary, replica, folder }, cleanup) {
  return spawnShop(
    label,
    {
      DATA_DIR: postgresFolder(path.join(folder, `shop-${label}`)),
      PORT: String(await freePort()),
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URL: replica?.url,
      // Catalogue reads need neither: a demo project (never contacted) and a payment service that is not there.
      FIREBASE_PROJECT_ID: "demo-bench-replicas",
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
      STRIPE_SECRET_KEY: "sk_test_bench_replicas",
      STRIPE_PUBLISHABLE_KEY: "pk_test_bench_replicas",
      STRIPE_WEBHOOK_SECRET: `whsec_${crypto.randomBytes(16).toString("hex")}`,
      STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`,
      JWT_SECRET: crypto.randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      LOG_MIGRATIONS: "0",
      ...LOAD_LIMITS,
    },
    cleanup,
    { main: path.join(GRAPH_DIR, "dist", "main.js") },
  );
}

/**
 * The phase: `load(options, pid, duration)` is bench.mjs's autocannon run, `summarize` its figures.
 * Each scenario runs on the shop without replica reads, then on the one with them, then again
 * without (the first and last averaged), so drift over the run cancels out.
 */
export async function replicasPhase({ log, cleanup, load, summarize, warmup, round, smoke }) {
  const servers = await startPrimaryAndReplica(cleanup);
  const { primary, replica } = servers;
  log(`replicas: PostgreSQL primary on ${primary.port}, replica streaming from it on ${replica.port}`);
  // Together: one migrates and seeds the database while the other waits for its lock, then finds it ready.
  const [primaryOnly, withReplica] = await Promise.all([
    shopOn("primary-only", { ...servers, replica: undefined }, cleanup),
    shopOn("replica-reads", servers, cleanup),
  ]);
  await replicaCaughtUp(primary, replica);
  const partId = await firstPartGlobalId(primaryOnly.url);
  // The smoke shows the phase runs to its end: one scenario.
  const keys = smoke ? CATALOGUE_MISSES.slice(0, 1) : CATALOGUE_MISSES;
  const scenarios = (shop) =>
    missScenarios(shop.url, { partGlobalId: partId }).filter((scenario) => keys.includes(scenario.key));
  for (const shop of [primaryOnly, withReplica])
    for (const scenario of scenarios(shop)) await answerOnce(scenario.name, scenario.options);

  // How long a run's counters may take to arrive (the smoke's figures are not read).
  const waitMs = smoke ? 1_200 : 10_500;
  /** One run from the rows counted `before`; its figures, and the rows counted after it. */
  const measure = async (shop, options, before) => {
    const cpuBefore = serversCpu(servers);
    const result = summarize(await load(options, shop.pid));
    const cpu = serversCpu(servers);
    const after = await settledRows(servers, waitMs);
    const requests = result.total || 1;
    const reads = (server) => after[server].returned - before[server].returned;
    const commits = (server) => after[server].commits - before[server].commits;
    const figures = {
      ...result,
      primaryCpuMsPerRequest: round((cpu.primary - cpuBefore.primary) / requests, 3),
      replicaCpuMsPerRequest: round((cpu.replica - cpuBefore.replica) / requests, 3),
      replicaShareOfRowsRead: round(reads("replica") / Math.max(1, reads("primary") + reads("replica")), 3),
      // The primary's rows include the shops' background jobs (holds, reconciliation): a request
      // that reads one row (node(id:)) is better judged by its transactions.
      replicaShareOfTransactions: round(commits("replica") / Math.max(1, commits("primary") + commits("replica")), 3),
      transactionsPerRequest: {
        primary: round((after.primary.commits - before.primary.commits) / requests, 2),
        replica: round((after.replica.commits - before.replica.commits) / requests, 2),
      },
    };
    return { figures, after };
  };

  const results = {};
  for (const [index, scenario] of scenarios(primaryOnly).entries()) {
    const onReplica = scenarios(withReplica)[index];
    await load(scenario.options, primaryOnly.pid, warmup);
    await load(onReplica.options, withReplica.pid, warmup);
    // Each run starts from the counters the one before it settled on.
    const first = await measure(primaryOnly, scenario.options, await settledRows(servers, waitMs));
    const second = await measure(withReplica, onReplica.options, first.after);
    const third = await measure(primaryOnly, scenario.options, second.after);
    const replicas = second.figures;
    const alone = averageRuns(first.figures, third.figures, round);
    log(
      `  ${scenario.name}: primary alone ${alone.requestsPerSecond} req/s (replica share of rows ${alone.replicaShareOfRowsRead}, of transactions ${alone.replicaShareOfTransactions}), with replica reads ${replicas.requestsPerSecond} req/s (replica share of rows ${replicas.replicaShareOfRowsRead}, of transactions ${replicas.replicaShareOfTransactions}); CPU ms/request shop + primary + replica: ${alone.serverCpuMsPerRequest} + ${alone.primaryCpuMsPerRequest} + ${alone.replicaCpuMsPerRequest} against ${replicas.serverCpuMsPerRequest} + ${replicas.primaryCpuMsPerRequest} + ${replicas.replicaCpuMsPerRequest}`,
    );
    results[scenario.key] = { name: scenario.name, primaryAlone: alone, replicaReads: replicas };
  }
  return {
    what: "two PostgreSQL servers from Debian's packages (a primary and a streaming replica) on this machine; two shop processes on the primary, one with DATABASE_REPLICA_URL on the replica; each scenario primary alone, with replica reads, primary alone again (averaged)",
    postgres: path.basename(path.dirname(postgresBin())),
    scenarios: results,
  };
}

/**
 * The rows read so far once a run's have all been counted: an idle backend reports its counters a
 * second after its last statement, but 10 s later when another backend held their lock (as at
 * the end of a run, when every pooled connection reports at once), so a run just ended would
 * otherwise count in the next one. It waits `waitMs`, then until the replica's counter (which
 * nothing but the shop moves) has stood still for a second; the primary's moves with the shops'
 * background jobs too.
 */
async function settledRows(servers, waitMs) {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  let last = await rowsRead(servers);
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const next = await rowsRead(servers);
    if (next.replica.returned === last.replica.returned) return next;
    last = next;
  }
  return last;
}

async function rowsRead({ primary, replica }) {
  const [p, r] = await Promise.all([databaseCounters(primary), databaseCounters(replica)]);
  return { primary: p, replica: r };
}

/** CPU time of each server so far, read just before and just after a run (not while waiting for counters). */
function serversCpu({ primary, replica }) {
  return { primary: postgresCpuMs(primary.pid), replica: postgresCpuMs(replica.pid) };
}

function averageRuns(a, b, round) {
  const mean = (key) => round((a[key] + b[key]) / 2, 3);
  return {
    requestsPerSecond: Math.round((a.requestsPerSecond + b.requestsPerSecond) / 2),
    total: a.total + b.total,
    p50Ms: mean("p50Ms"),
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    errors: a.errors + b.errors,
    serverCpuMsPerRequest: mean("serverCpuMsPerRequest"),
    primaryCpuMsPerRequest: mean("primaryCpuMsPerRequest"),
    replicaCpuMsPerRequest: mean("replicaCpuMsPerRequest"),
    replicaShareOfRowsRead: mean("replicaShareOfRowsRead"),
    replicaShareOfTransactions: mean("replicaShareOfTransactions"),
    transactionsPerRequest: {
      primary: round((a.transactionsPerRequest.primary + b.transactionsPerRequest.primary) / 2, 2),
      replica: round((a.transactionsPerRequest.replica + b.transactionsPerRequest.replica) / 2, 2),
    },
  };
}

async function firstPartGlobalId(shopUrl) {
  const answer = await fetch(`${shopUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ parts(first: 1) { edges { node { id } } } }" }),
  });
  const body = await answer.json();
  const id = body.data?.parts?.edges?.[0]?.node?.id;
  if (!id) throw new Error(`the shop has no part to read: ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

/** The phase's lines of bench.mjs's table. */
export function replicasTable(r, { pad, padEnd }) {
  const lines = [
    "",
    `Catalogue reads past the cache, reads on a replica against the primary alone (${r.what}; PostgreSQL ${r.postgres})`,
    `${padEnd("operation", 34)}${padEnd("reads on", 10)}${pad("req/s", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("replica rows", 14)}${pad("replica xacts", 15)}${pad("shop ms/req", 13)}${pad("primary ms", 12)}${pad("replica ms", 12)}`,
  ];
  for (const scenario of Object.values(r.scenarios))
    for (const [label, x] of [
      ["primary", scenario.primaryAlone],
      ["replica", scenario.replicaReads],
    ])
      lines.push(
        `${padEnd(label === "primary" ? scenario.name : "", 34)}${padEnd(label, 10)}${pad(x.requestsPerSecond, 8)}${pad(x.p99Ms, 8)}${pad(x.errors, 8)}${pad(x.replicaShareOfRowsRead, 14)}${pad(x.replicaShareOfTransactions, 15)}${pad(x.serverCpuMsPerRequest, 13)}${pad(x.primaryCpuMsPerRequest, 12)}${pad(x.replicaCpuMsPerRequest, 12)}`,
      );
  return lines;
}

/** Targets of the routing (not of speed: on one machine the replica shares the primary's CPUs). */
export function replicasVerdicts(r) {
  const scenarios = Object.values(r.scenarios);
  return {
    "replica reads: at least 90% of the catalogue's transactions on the replica": scenarios.every(
      (s) => s.replicaReads.replicaShareOfTransactions >= 0.9,
    ),
    "primary alone: no read on the replica": scenarios.every(
      (s) => s.primaryAlone.replicaShareOfRowsRead === 0 && s.primaryAlone.replicaShareOfTransactions === 0,
    ),
    "replica reads: no errors": scenarios.every((s) => s.replicaReads.errors === 0 && s.primaryAlone.errors === 0),
  };
}
