// `npm run bench:compare`: two builds of the shop side by side, their requests past the answer
// cache measured in short slices taken in turn (A then B, then B then A), so that the machine's
// changing speed falls on both alike. Runs of `npm run bench` minutes apart disagreed here by more
// than the 5-10% a change is worth (README "Comparing two builds"); a slice of each, one after
// the other, many times, does not.
// Settings (environment): COMPARE_B (required: another build's dev/dist/start-local.js, e.g. of a
// `git worktree`), COMPARE_A (default: this build's), COMPARE_A_NODE_ARGS / COMPARE_B_NODE_ARGS
// (node flags given after the shop's own: they win), COMPARE_SCENARIOS (keys of the misses phase;
// default restMiss,graphqlFreshVariables,viewerOrdersUncached,partUncached), COMPARE_ROUNDS (8),
// COMPARE_SECONDS (5 per slice), BENCH_CONNECTIONS (50), BENCH_LABEL (file name of the results),
// BENCH_SMOKE=1 (CI's smoke: COMPARE_B defaults to this build too, one round of 1 s slices, no
// warm-up, results in bench-results/compare-smoke.json).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { customerWithOrders, fillFirstPage, missScenarios } from "./lib/operations.mjs";
import {
  Cleanup,
  cpuMs,
  embeddedDatabaseUrl,
  embeddedShopEnv,
  MAIN,
  postgresCpuMs,
  postmasterPidOf,
  REPO_DIR,
  rssMb,
  spawnShop,
} from "./lib/processes.mjs";
import { SMOKE } from "./lib/smoke.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? (SMOKE ? 1 : 8));
const SECONDS = Number(process.env.COMPARE_SECONDS ?? (SMOKE ? 1 : 5));
const WARMUP_SECONDS = SMOKE ? 0 : 3;
const SCENARIOS = (process.env.COMPARE_SCENARIOS ?? "restMiss,graphqlFreshVariables,viewerOrdersUncached,partUncached")
  .split(",")
  .map((key) => key.trim());
const flags = (value) => (value ?? "").split(" ").filter(Boolean);
const BUILDS = [
  { label: "A", main: path.resolve(process.env.COMPARE_A ?? MAIN), nodeArgs: flags(process.env.COMPARE_A_NODE_ARGS) },
  {
    label: "B",
    main: (process.env.COMPARE_B && path.resolve(process.env.COMPARE_B)) || (SMOKE ? MAIN : undefined),
    nodeArgs: flags(process.env.COMPARE_B_NODE_ARGS),
  },
];

const started = Date.now();
const log = (line) => console.log(`[compare +${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const cleanup = new Cleanup();
cleanup.runOnSignals(log);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** One build's shop on its own data folder and embedded PostgreSQL, with the benchmark's fixtures. */
async function startShop(build, jwtSecret) {
  const env = await embeddedShopEnv(build.label.toLowerCase(), cleanup, jwtSecret);
  const shop = await spawnShop(build.label, env, cleanup, { main: build.main, nodeArgs: build.nodeArgs });
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(env.DATA_DIR, env.EMBEDDED_PG_PORT) });
  await db.connect();
  await fillFirstPage(db);
  await db.end();
  const { customer, partGlobalId } = await customerWithOrders(`127.0.0.1:${env.AUTH_EMULATOR_PORT}`, shop.url);
  const scenarios = missScenarios(shop.url, { customerToken: customer.token, partGlobalId }).filter(({ key }) =>
    SCENARIOS.includes(key),
  );
  log(`${build.label}: ${build.main} ${build.nodeArgs.join(" ")} on ${shop.url} (pid ${shop.pid})`);
  return {
    ...build,
    shop,
    postmasterPid: postmasterPidOf(env.DATA_DIR),
    scenarios: new Map(scenarios.map((s) => [s.key, s])),
  };
}

/** One slice of one scenario on one shop: req/s, p99, and CPU ms per request of the shop and of its PostgreSQL. */
async function slice(side, key, seconds = SECONDS) {
  const { options } = side.scenarios.get(key);
  const shopBefore = cpuMs(side.shop.pid);
  const pgBefore = postgresCpuMs(side.postmasterPid);
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
  const total = result.requests.total;
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors) throw new Error(`${side.label} ${key}: ${errors} errors in ${total} requests`);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    shopCpuMs: (cpuMs(side.shop.pid) - shopBefore) / total,
    postgresCpuMs: (postgresCpuMs(side.postmasterPid) - pgBefore) / total,
  };
}

function summary(key, slices) {
  const of = (label, field) => slices.map((s) => s[label][field]);
  const ratios = (field) => slices.map((s) => s.B[field] / s.A[field]);
  const sides = Object.fromEntries(
    ["A", "B"].map((label) => [
      label,
      {
        requestsPerSecond: Math.round(median(of(label, "requestsPerSecond"))),
        p99Ms: median(of(label, "p99Ms")),
        shopCpuMs: round(median(of(label, "shopCpuMs"))),
        postgresCpuMs: round(median(of(label, "postgresCpuMs"))),
      },
    ]),
  );
  const cpuRatios = ratios("shopCpuMs");
  return {
    key,
    ...sides,
    // Each round's B over A, the two slices taken one right after the other.
    shopCpuRatio: {
      median: round(median(cpuRatios)),
      min: round(Math.min(...cpuRatios)),
      max: round(Math.max(...cpuRatios)),
      roundsBLower: cpuRatios.filter((r) => r < 1).length,
    },
    requestsPerSecondRatio: round(median(ratios("requestsPerSecond"))),
    rounds: slices.length,
  };
}

async function main() {
  if (!BUILDS[1].main) throw new Error("COMPARE_B must name the other build's dev/dist/start-local.js");
  for (const build of BUILDS)
    if (!fs.existsSync(build.main)) throw new Error(`${build.main} does not exist: build it first`);
  const known = missScenarios("", {}).map(({ key }) => key);
  const unknown = SCENARIOS.filter((key) => !known.includes(key));
  if (unknown.length)
    throw new Error(`COMPARE_SCENARIOS: no scenario ${unknown.join(", ")} (known: ${known.join(", ")})`);
  const jwtSecret = crypto.randomBytes(32).toString("hex");
  // Both at once: on two cores a shop's start is mostly waiting (PostgreSQL's, the emulator's).
  const sides = await Promise.all(BUILDS.map((build) => startShop(build, jwtSecret)));
  if (WARMUP_SECONDS) {
    log(`warming up (${WARMUP_SECONDS} s of each scenario on each shop)`);
    for (const key of SCENARIOS) for (const side of sides) await slice(side, key, WARMUP_SECONDS);
  }
  const slices = Object.fromEntries(SCENARIOS.map((key) => [key, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const key of SCENARIOS) {
      const measured = {};
      for (const side of r % 2 ? [...sides].reverse() : sides) measured[side.label] = await slice(side, key);
      slices[key].push(measured);
    }
    log(
      `round ${r + 1} of ${ROUNDS}: ${SCENARIOS.map((key) => `${key} B/A ${round(slices[key][r].B.shopCpuMs / slices[key][r].A.shopCpuMs, 2)}`).join(", ")}`,
    );
  }
  const results = SCENARIOS.map((key) => summary(key, slices[key]));
  const rss = Object.fromEntries(sides.map((side) => [side.label, rssMb(side.shop.pid)]));
  console.log(
    `\nA: ${BUILDS[0].main} ${BUILDS[0].nodeArgs.join(" ")}\nB: ${BUILDS[1].main} ${BUILDS[1].nodeArgs.join(" ")}`,
  );
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s slices, ${CONNECTIONS} connections; medians; B/A is each round's ratio of shop CPU per request`,
  );
  console.log(
    "scenario                  A req/s  B req/s   A CPU ms  B CPU ms  A PG ms  B PG ms   B/A CPU (min-max, rounds B lower)",
  );
  for (const r of results)
    console.log(
      `${r.key.padEnd(24)} ${String(r.A.requestsPerSecond).padStart(8)} ${String(r.B.requestsPerSecond).padStart(8)}   ${r.A.shopCpuMs.toFixed(3).padStart(8)} ${r.B.shopCpuMs.toFixed(3).padStart(9)} ${r.A.postgresCpuMs.toFixed(3).padStart(8)} ${r.B.postgresCpuMs.toFixed(3).padStart(8)}   ${r.shopCpuRatio.median.toFixed(3)} (${r.shopCpuRatio.min}-${r.shopCpuRatio.max}, ${r.shopCpuRatio.roundsBLower}/${r.rounds})`,
    );
  console.log(`RSS after the rounds: A ${rss.A} MB, B ${rss.B} MB`);
  const dir = path.join(REPO_DIR, "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `compare-${process.env.BENCH_LABEL ?? (SMOKE ? "smoke" : "latest")}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ builds: BUILDS, connections: CONNECTIONS, seconds: SECONDS, results, rss, slices }, null, 2),
  );
  log(`figures in ${path.relative(REPO_DIR, file)}`);
}

try {
  await main();
} finally {
  await cleanup.run();
}
