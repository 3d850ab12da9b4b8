// The `scale` phase of `npm run bench`: a shop of its own (own data folder, own embedded
// PostgreSQL) seeded with 100,000 parts, 100,000 users and 1,000,000 orders, then every page and
// search the issue names measured past the answer cache (a Cookie on every request, and inputs
// that change per request): p50/p99 one request at a time, and at 20 connections; the EXPLAIN
// (ANALYZE, BUFFERS) of every statement each request runs; the CSV export's time, size and the
// shop's peak RSS while it streams.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { newCustomer, signIn } from "./client.mjs";
import {
  Cleanup,
  cpuMs,
  embeddedDatabaseUrl,
  freePort,
  mailCatcherPorts,
  makeDataDir,
  postgresCpuMs,
  postmasterPidOf,
  REPO_DIR,
  rssMb,
  spawnShop,
} from "./processes.mjs";
import {
  brandOf,
  BRANDS,
  KINDS,
  MODELS_PER_SERIES,
  modelName,
  SCALE,
  SCALE_EMAIL_DOMAIN,
  scaleCustomerEmail,
  seedAtScale,
  seriesOf,
} from "./scale-seed.mjs";

export const SCALE_TARGETS = { singleP99Ms: 50, loadedP99Ms: 150, loadConnections: 20, exportRssMb: 250 };
/** Tables whose sequential scan on a request path is a finding. */
const LARGE_TABLES = ["parts", "orders", "users", "laptop_models", "part_compatibility", "audit_log"];
const SINGLE_REQUESTS = 200;
const SINGLE_SECONDS = 5;
/** Orders of the million that become the signed-in customer's. */
const CUSTOMER_ORDERS = 2000;

const PARTS_PAGE = `query ScaleParts($first: Int, $after: String) {
  parts(first: $first, after: $after) { edges { cursor node { id databaseId name img price available minOrderQuantity shortDesc } } pageInfo { hasNextPage endCursor } }
}`;
const PARTS_SEARCH = `query ScaleSearch($search: String, $filter: PartFilter, $orderBy: PartOrder, $first: Int) {
  parts(search: $search, filter: $filter, orderBy: $orderBy, first: $first) { edges { cursor node { id name price available } } pageInfo { hasNextPage endCursor } }
}`;
const VIEWER_ORDERS = `query ScaleMyOrders($first: Int) {
  viewer { orders(first: $first) { edges { node { id status price createdAt part { name } } } pageInfo { hasNextPage endCursor } } }
}`;
const ADMIN_ORDERS = `query ScaleAdminOrders($first: Int!, $status: OrderStatus, $search: String) {
  orders(first: $first, status: $status, search: $search) { edges { node { id status price createdAt userEmail partName part { name } } } pageInfo { hasNextPage endCursor } }
}`;
const OVERVIEW = `query ScaleOverview {
  adminOverview {
    days firstDay lastDay revenue paidOrders openUnpaidOrders openUnpaidValue customers newCustomers lowStockCount
    revenueByDay { day revenue paidOrders }
    topParts { part { id name } unitsSold revenue }
    lowStockParts { id name available }
  }
}`;

const pick = (list, n) => list[n % list.length];
/**
 * The same search in letter cases request n alone uses (its letters' capitals are n's bits): the
 * same parts found, but a text the shop has not met, so its tsqueries are looked up again (the
 * shop keeps them per text; the inputs above repeat 60 and 6 texts).
 */
const unseenCase = (text, n) => {
  let letter = 0;
  return text.replace(/\p{L}/gu, (c) => ((n >> letter++) & 1 ? c.toUpperCase() : c.toLowerCase()));
};
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const lenovoSeries = BRANDS.filter((entry) => entry.startsWith("Lenovo ")).map(seriesOf);
const otherBrands = BRANDS.filter((entry) => !entry.startsWith("Lenovo "));
/** Two words with a typo, as the issue's "thinkpad batery". */
const TYPO_SEARCHES = [
  "thinkpad batery",
  "thinkpad keybord",
  "ideapad charjer",
  "thinkpad webcan",
  "ideapad touchpda",
  "thinkpad hinge kitt",
];
/** One word of the catalogue's makers, series and kinds of part, as a shopper types it. */
const BROAD_WORDS = [
  ...new Set([
    ...BRANDS.map(brandOf),
    ...BRANDS.map((entry) => seriesOf(entry).split(" ")[0]),
    ...KINDS.map((kind) => kind.split(" ")[0]),
  ]),
].map((word) => word.toLowerCase());
/** A customer's email as an admin types part of it: one customer of 100,000 (about 10 orders). */
const oneCustomer = (n) => scaleCustomerEmail(1 + ((n * 7919) % SCALE.users)).replace(/@.*/, "@");

/** Every path of the issue: `request(n)` is the n-th request (inputs vary with n), `as` who sends it. */
function scenarios(samples) {
  /** "keyboard thinkpad T15": a kind, a series and one of its models, from a part on sale (tens of parts of 100,000). */
  const kindSeriesModel = (n) => pick(samples, n);
  const graphql = (query, variables) => ({
    method: "POST",
    path: "/graphql",
    body: JSON.stringify({ query, variables }),
  });
  return [
    { key: "partsPage", name: "GraphQL parts(first: 20)", request: (n) => graphql(PARTS_PAGE, { first: 20, n }) },
    {
      key: "restSearch",
      name: "REST GET /parts?q=kind series model",
      request: (n) => ({ method: "GET", path: `/parts?q=${encodeURIComponent(kindSeriesModel(n))}` }),
    },
    {
      key: "restAll",
      name: "REST GET /parts (no params: 1000 parts)",
      info: true,
      singleOnly: true,
      request: (n) => ({ method: "GET", path: `/parts?bench=${n}` }),
    },
    {
      key: "searchFiltered",
      name: "GraphQL search+filters PRICE_ASC",
      request: (n) =>
        graphql(PARTS_SEARCH, {
          search: pick(TYPO_SEARCHES, n),
          filter: { inStock: true, minPrice: 10, maxPrice: 200 + (n % 50), brand: "Lenovo" },
          orderBy: "PRICE_ASC",
          first: 20,
        }),
    },
    {
      // A shopper's brand filter left on while searching another brand's parts: few or none of
      // the search's parts fit, so the shop checks every one of them (the whole way).
      key: "searchOtherBrand",
      name: "GraphQL search, a brand its parts do not fit",
      request: (n) =>
        graphql(PARTS_SEARCH, {
          search: `${pick(KINDS, n)} ${seriesOf(pick(otherBrands, n * 7 + 1))}`.toLowerCase(),
          filter: { inStock: true, brand: "Lenovo" },
          orderBy: pick(["NEWEST", "PRICE_ASC"], n),
          first: 20,
        }),
    },
    {
      // The word a shopper types first: a maker, a series or a kind of part, alone, best match
      // first. Thousands of parts match (27-97 ms alone when each was ranked for the page).
      key: "searchOneWord",
      name: "GraphQL search, one broad word by relevance",
      request: (n) => graphql(PARTS_SEARCH, { search: pick(BROAD_WORDS, n), first: 20 }),
    },
    {
      // The same with a price range: wide, a tenth of the prices, or one few parts are in.
      key: "searchOneWordPriced",
      name: "GraphQL search, one broad word and a price range by relevance",
      request: (n) => {
        const [minPrice, maxPrice] = pick(
          [
            [10, 200],
            [100, 150],
            [4, 6],
          ],
          n,
        );
        return graphql(PARTS_SEARCH, {
          search: pick(BROAD_WORDS, n * 7 + 3),
          filter: { minPrice, maxPrice },
          first: 20,
        });
      },
    },
    {
      // A kind of part, its prices following it (the seed's KIND_PRICES), in each order with a
      // price range it may have no part in: PostgreSQL, taking the word and the range for
      // independent, walked an order's index through the catalogue for them (60-127 ms alone).
      key: "searchKindPriced",
      name: "GraphQL search, a kind of part and a price range, each order",
      request: (n) => {
        const [minPrice, maxPrice] = pick(
          [
            [5, 15],
            [15, 30],
            [50, 100],
            [150, 250],
          ],
          n,
        );
        return graphql(PARTS_SEARCH, {
          search: pick(KINDS, n * 3 + 1).toLowerCase(),
          filter: { minPrice, maxPrice },
          orderBy: pick(["NEWEST", "BEST_RATED", "PRICE_ASC", "PRICE_DESC", "RELEVANCE"], n * 7 + 2),
          first: 20,
        });
      },
    },
    {
      // A kind of part cheapest or dearest first: walking every part by price passes every
      // cheaper (or dearer) kind first ("display panel" cheapest first 57 ms alone).
      key: "searchKindByPrice",
      name: "GraphQL search, a kind of part by price",
      request: (n) =>
        graphql(PARTS_SEARCH, {
          search: pick(KINDS, n).toLowerCase(),
          orderBy: pick(["PRICE_ASC", "PRICE_DESC"], n * 3 + 1),
          first: 20,
        }),
    },
    {
      // A series word (thousands of parts) with another maker's brand, or, every third request,
      // two makers' series words and no brand: PostgreSQL, taking the conditions for independent,
      // expected hundreds of parts and walked an order's index through the catalogue for them
      // (100-250 ms alone, before the search read such matches through its index first).
      key: "searchBroadOtherBrand",
      name: "GraphQL search, a broad word and another maker's brand",
      request: (n) => {
        const entry = pick(BRANDS, n);
        const other = pick(
          BRANDS.filter((e) => brandOf(e) !== brandOf(entry)),
          n * 3 + 1,
        );
        const words = n % 3 === 2 ? `${seriesOf(entry)} ${seriesOf(other)}` : seriesOf(entry).split(" ")[0];
        return graphql(PARTS_SEARCH, {
          search: words.toLowerCase(),
          ...(n % 3 === 2 ? {} : { filter: { brand: brandOf(other) } }),
          orderBy: pick(["NEWEST", "PRICE_ASC", "PRICE_DESC", "BEST_RATED"], n),
          first: 20,
        });
      },
    },
    {
      key: "searchRelevance",
      name: "GraphQL search RELEVANCE",
      request: (n) => graphql(PARTS_SEARCH, { search: kindSeriesModel(n), orderBy: "RELEVANCE", first: 20 }),
    },
    {
      key: "filterModel",
      name: "GraphQL model+inStock NEWEST",
      request: (n) =>
        graphql(PARTS_SEARCH, {
          filter: { inStock: true, model: modelName(pick(lenovoSeries, n), (n * 11) % MODELS_PER_SERIES) },
          orderBy: "NEWEST",
          first: 20,
        }),
    },
    {
      key: "filterBrandPrice",
      name: "GraphQL brand+price PRICE_DESC",
      request: (n) =>
        graphql(PARTS_SEARCH, {
          filter: { brand: pick(["Dell", "HP", "Apple", "ASUS"], n), minPrice: 5 + (n % 40), maxPrice: 100 },
          orderBy: "PRICE_DESC",
          first: 20,
        }),
    },
    {
      key: "viewerOrders",
      name: `GraphQL viewer.orders (${CUSTOMER_ORDERS} orders)`,
      as: "customer",
      request: (n) => graphql(VIEWER_ORDERS, { first: 20, n }),
    },
    {
      key: "adminOrdersCustomer",
      name: "GraphQL orders UNPAID, customer search",
      as: "admin",
      request: (n) => graphql(ADMIN_ORDERS, { first: 20, status: "UNPAID", search: oneCustomer(n) }),
    },
    {
      key: "adminOrdersPart",
      name: "GraphQL orders UNPAID, part search",
      as: "admin",
      request: (n) =>
        graphql(ADMIN_ORDERS, {
          first: 20,
          status: "UNPAID",
          search: `${pick(KINDS, n)} for ${pick(BRANDS, n * 3 + 1)} ${String.fromCharCode(65 + (n % 26))}`,
        }),
    },
    {
      key: "restAdminOrders",
      name: "REST GET /getOrders?status=paid&search=",
      as: "admin",
      request: (n) => ({ method: "GET", path: `/getOrders?status=paid&search=${encodeURIComponent(oneCustomer(n))}` }),
    },
    { key: "overview", name: "GraphQL adminOverview", as: "admin", request: () => graphql(OVERVIEW, {}) },
    {
      key: "restSearchUnseen",
      name: "REST GET /parts?q=, a text not met before",
      request: (n) => ({ method: "GET", path: `/parts?q=${encodeURIComponent(unseenCase(kindSeriesModel(n), n))}` }),
    },
    {
      key: "searchFilteredUnseen",
      name: "GraphQL search+filters, a text not met before",
      request: (n) =>
        graphql(PARTS_SEARCH, {
          search: unseenCase(pick(TYPO_SEARCHES, n), n),
          filter: { inStock: true, minPrice: 10, maxPrice: 200 + (n % 50), brand: "Lenovo" },
          orderBy: "PRICE_ASC",
          first: 20,
        }),
    },
  ];
}

/** The headers of a request past the cache: a Cookie is never answered from memory. */
function headersOf(ctx, scenario, request, extra = {}) {
  const token = scenario.as === "admin" ? ctx.admin.token : scenario.as === "customer" ? ctx.customer.token : undefined;
  return {
    accept: "application/json",
    cookie: "bench=uncached",
    ...(request.body ? { "content-type": "application/json" } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive socket; the whole answer read. Once more on a fresh socket if the shop had closed the idle one. */
async function send(url, request, headers) {
  try {
    return await sendOnce(url, request, headers);
  } catch (error) {
    if (error?.code !== "ECONNRESET" && error?.code !== "EPIPE") throw error;
    return sendOnce(url, request, headers);
  }
}

function sendOnce(url, { method, path: requestPath, body }, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request(url + requestPath, { method, agent, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Sequential requests, one at a time: SINGLE_REQUESTS or SINGLE_SECONDS, whichever ends first. */
async function single(ctx, scenario, first, count = SINGLE_REQUESTS) {
  const times = [];
  let errors = 0;
  const until = performance.now() + SINGLE_SECONDS * 1000;
  for (let i = 0; i < count && (i === 0 || performance.now() < until); i++) {
    const request = scenario.request(first + i);
    const t0 = performance.now();
    const answer = await send(ctx.shop.url, request, headersOf(ctx, scenario, request));
    times.push(performance.now() - t0);
    if (answer.status !== 200 || (request.path === "/graphql" && answer.body.includes('"errors"'))) errors++;
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), errors };
}

/** Until the shop's database runs no statement but this one (at most 120 s). */
async function waitIdle(ctx) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const {
      rows: [{ active }],
    } = await ctx.db.query(
      `SELECT count(*)::int AS active FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
    );
    if (active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** autocannon at 20 connections, every request with new inputs. */
function loaded(ctx, scenario, first, duration) {
  let n = first;
  const template = scenario.request(n);
  const cpuBefore = cpuMs(ctx.shop.pid);
  const postgresBefore = postgresCpuMs(ctx.postmasterPid);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: ctx.shop.url,
        connections: SCALE_TARGETS.loadConnections,
        duration,
        requests: [
          {
            method: template.method,
            path: template.path,
            headers: headersOf(ctx, scenario, template),
            body: template.body,
            setupRequest: (req) => {
              const next = scenario.request(++n);
              return { ...req, path: next.path, body: next.body };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: Math.round(result.requests.average),
          total: result.requests.total,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
          serverCpuMsPerRequest: result.requests.total
            ? round((cpuMs(ctx.shop.pid) - cpuBefore) / result.requests.total, 3)
            : null,
          postgresCpuMsPerRequest: result.requests.total
            ? round((postgresCpuMs(ctx.postmasterPid) - postgresBefore) / result.requests.total, 3)
            : null,
        });
      },
    );
  });
}

/** Seq Scans of large tables in a plan ("Seq Scan on orders o", "Parallel Seq Scan on parts"). */
function seqScansOf(plan) {
  const found = new Set();
  for (const match of plan.matchAll(/Seq Scan on (\w+)/g)) if (LARGE_TABLES.includes(match[1])) found.add(match[1]);
  return [...found];
}

/** "Rows Removed by Filter" and actual rows of the plan's scan nodes: how much was read for the answer. */
function rowsExamined(plan) {
  let rows = 0;
  for (const line of plan.split("\n")) {
    const scan = /(Scan|Seq Scan)[^(]*\(.*actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(line);
    if (scan && !/Bitmap Index Scan/.test(line)) rows += Number(scan[2]) * Number(scan[3]);
    const removed = /Rows Removed by (Filter|Index Recheck): (\d+)/.exec(line);
    if (removed) rows += Number(removed[2]);
  }
  return Math.round(rows);
}

/** The statements a request runs (X-Sql-Statements: keep), each EXPLAINed with its parameters. */
async function explainRequest(ctx, scenario) {
  const request = scenario.request(999_999);
  const answer = await send(
    ctx.explainer.url,
    request,
    headersOf(ctx, scenario, request, { "x-sql-statements": "keep" }),
  );
  const encoded = answer.headers["x-sql-statements"];
  if (answer.status !== 200 || !encoded)
    throw new Error(
      `scale: ${scenario.name} for EXPLAIN answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 300)}`,
    );
  const statements = encoded ? JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) : [];
  return explainStatements(ctx, statements);
}

async function explainStatements(ctx, statements) {
  const plans = [];
  for (const { sql, parameters } of statements) {
    if (!/^\s*(SELECT|WITH)\b/i.test(sql)) continue;
    let plan;
    try {
      const { rows } = await ctx.db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${sql}`, parameters);
      plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    } catch (error) {
      plan = `(EXPLAIN failed: ${error.message})`;
    }
    const time = /Execution Time: ([\d.]+) ms/.exec(plan);
    plans.push({
      sql,
      parameters,
      plan,
      seqScans: seqScansOf(plan),
      rowsExamined: rowsExamined(plan),
      executionMs: time ? Number(time[1]) : null,
    });
  }
  return plans;
}

/** GET /admin/orders.csv streamed to the end, the shop's VmRSS read every 50 ms meanwhile. */
async function csvExport(ctx) {
  let peak = rssMb(ctx.shop.pid);
  const before = peak;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(ctx.shop.pid));
    } catch {}
  }, 50);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  let status;
  let firstByteMs = null;
  try {
    await new Promise((resolve, reject) => {
      const request = http.get(
        `${ctx.shop.url}/admin/orders.csv`,
        { headers: { authorization: `Bearer ${ctx.admin.token}`, cookie: "bench=uncached" } },
        (response) => {
          status = response.statusCode;
          response.on("data", (chunk) => {
            if (firstByteMs === null) firstByteMs = performance.now() - t0;
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          });
          response.on("end", resolve);
          response.on("error", reject);
        },
      );
      request.on("error", reject);
    });
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t0) / 1000;
  // The export's cursor query (OrderService.exportOrders: live orders, newest first), as the shop declares it.
  const plans = await explainStatements(ctx, [
    {
      sql: `SELECT o.id AS id, o.created_at AS created_at, o.status AS status, o.paid_at AS paid_at, o.cancelled_at AS cancelled_at, o.user_email AS user_email,
              o.user_name AS user_name, o.part_id AS part_id, o.part_name AS part_name, o.quantity AS quantity, o.unit_price_cents AS unit_price_cents,
              o.total_cents AS total_cents, o.transaction_id AS transaction_id, o.address AS address, o.phone AS phone
            FROM orders o WHERE o.status <> 'cancelled' ORDER BY o.seq DESC`,
      parameters: [],
    },
  ]);
  return {
    status,
    rows: Math.max(0, lines - 1),
    bytes,
    seconds: round(seconds, 2),
    firstByteMs: round(firstByteMs ?? 0),
    rowsPerSecond: Math.round((lines - 1) / seconds),
    rssBeforeMb: before,
    peakRssMb: peak,
    rssAfterMb: rssMb(ctx.shop.pid),
    plans,
  };
}

const withoutPlan = (p) => Object.fromEntries(Object.entries(p).filter(([key]) => key !== "plan"));

/** The phase: its own shop, seeded, analysed, measured; its processes stop at the end. */
export async function scalePhase({ log, cleanup: outer, duration, label }) {
  const cleanup = new Cleanup();
  outer.add("scale phase", () => cleanup.run());
  try {
    const env = {
      DATA_DIR: makeDataDir("scale", cleanup),
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      AUTH_EMULATOR_PORT: String(await freePort(3)),
      STRIPE_SANDBOX_PORT: String(await freePort()),
      ...(await mailCatcherPorts()),
      JWT_SECRET: crypto.randomBytes(32).toString("hex"),
      ADMIN_EMAILS: "admin@partshop.dev",
      LOG_MIGRATIONS: "0",
    };
    log("scale: starting a shop of its own (embedded PostgreSQL, Auth Emulator, payment sandbox)");
    const ctx = { shop: await spawnShop("scale", env, cleanup) };
    ctx.emulatorHost = `127.0.0.1:${env.AUTH_EMULATOR_PORT}`;
    // The statements a request runs are read from a second process on the same database: the
    // per-request SQL counting (EXPOSE_SQL_COUNT, an AsyncLocalStorage) made the measured shop's
    // CPU 10-25% higher, in a run alternating the two (node 20's async hooks on every promise).
    ctx.explainer = await spawnShop(
      "scale-explain",
      {
        DATA_DIR: makeDataDir("scale-explain", cleanup),
        PORT: String(await freePort()),
        DATABASE_URL: embeddedDatabaseUrl(env.DATA_DIR, env.EMBEDDED_PG_PORT),
        FIREBASE_AUTH_EMULATOR_HOST: ctx.emulatorHost,
        STRIPE_SANDBOX_PORT: String(await freePort()),
        ...(await mailCatcherPorts()),
        JWT_SECRET: env.JWT_SECRET,
        ADMIN_EMAILS: env.ADMIN_EMAILS,
        EXPOSE_SQL_COUNT: "true",
        LOG_MIGRATIONS: "0",
      },
      cleanup,
    );
    ctx.postmasterPid = postmasterPidOf(env.DATA_DIR);
    ctx.db = new pg.Client({ connectionString: embeddedDatabaseUrl(env.DATA_DIR, env.EMBEDDED_PG_PORT) });
    await ctx.db.connect();
    cleanup.add("scale phase's database connection", () => ctx.db.end());
    log(`scale: seeding ${SCALE.parts} parts, ${SCALE.users} users, ${SCALE.orders} orders`);
    const seed = await seedAtScale(ctx.db);
    log(`scale: seeded in ${(seed.total / 1000).toFixed(1)} s (${JSON.stringify(seed)})`);

    ctx.customer = await newCustomer(ctx.emulatorHost, ctx.shop.url, "scale-customer");
    ctx.admin = await signIn(ctx.emulatorHost, ctx.shop.url, "admin@partshop.dev", "partshop-admin");
    // A customer with many orders among the million: seeded orders (of distinct parts: one
    // unpaid order per customer and part) become the signed-in customer's.
    const {
      rows: [me],
    } = await ctx.db.query(
      `SELECT id, email, coalesce(display_name, split_part(email, '@', 1)) AS name FROM users WHERE email = $1`,
      [ctx.customer.email],
    );
    const moved = await ctx.db.query(
      `UPDATE orders SET user_id = $1, user_email = $2, user_name = $3
       WHERE id IN (SELECT id FROM (SELECT DISTINCT ON (part_id) id, seq FROM orders WHERE user_email LIKE '%@${SCALE_EMAIL_DOMAIN}' ORDER BY part_id, seq DESC) o ORDER BY seq DESC LIMIT $4)`,
      [me.id, me.email, me.name, CUSTOMER_ORDERS],
    );
    await ctx.db.query("VACUUM ANALYZE orders");
    log(`scale: ${moved.rowCount} orders are now ${ctx.customer.email}'s; ANALYZEd`);

    const { rows: sampled } = await ctx.db.query(
      `SELECT lower(split_part(p.name, ' ', 1)) || ' ' || lower(split_part(m.model, ' ', 1)) || ' ' || (regexp_match(m.model, '(\\S+)$'))[1] AS q
       FROM parts p JOIN part_compatibility c ON c.part_id = p.id JOIN laptop_models m ON m.id = c.laptop_model_id
       WHERE p.short_desc LIKE 'Scale part %' AND p.retired_at IS NULL AND p.seq % 997 = 0 ORDER BY p.seq LIMIT 60`,
    );
    // BENCH_SCALE: only these paths (keys, comma-separated), e.g. to profile one; each keeps the
    // inputs it has in a whole run (its place in the list numbers them).
    const only = process.env.BENCH_SCALE?.split(",").map((key) => key.trim());
    const list = scenarios(sampled.map((row) => row.q)).map((scenario, index) => ({ ...scenario, index }));
    const chosen = only ? list.filter((scenario) => only.includes(scenario.key)) : list;
    if (!chosen.length) throw new Error(`scale: BENCH_SCALE names no path (${list.map((s) => s.key).join(", ")})`);
    for (const scenario of chosen) {
      const request = scenario.request(0);
      const answer = await send(ctx.shop.url, request, headersOf(ctx, scenario, request));
      const text = answer.body.toString("utf8");
      if (answer.status !== 200 || text.includes('"errors"'))
        throw new Error(`scale: ${scenario.name} answered ${answer.status}: ${text.slice(0, 300)}`);
      scenario.bytes = answer.body.length;
      scenario.rows =
        request.path === "/graphql"
          ? (text.match(/"cursor"|"node"|"day"/g) ?? []).length
          : Array.isArray(JSON.parse(text))
            ? JSON.parse(text).length
            : null;
    }
    const results = {};
    for (const scenario of chosen) {
      const base = 10_000_000 * (scenario.index + 1);
      // Warm: a few requests one at a time (V8, PostgreSQL's caches), none counted.
      await single(ctx, scenario, base - 1000, 20);
      const one = await single(ctx, scenario, base);
      await waitIdle(ctx);
      const twenty = scenario.singleOnly ? null : await loaded(ctx, scenario, base + 100_000, duration);
      // Requests still running when the load stopped must not slow the next measurement down.
      await waitIdle(ctx);
      const plans = await explainRequest(ctx, scenario);
      results[scenario.key] = {
        name: scenario.name,
        info: scenario.info ?? false,
        responseBytes: scenario.bytes,
        single: one,
        loaded: twenty,
        statements: plans.length,
        seqScans: [...new Set(plans.flatMap((p) => p.seqScans))],
        rowsExamined: plans.reduce((sum, p) => sum + p.rowsExamined, 0),
        explainMs: round(
          plans.reduce((sum, p) => sum + (p.executionMs ?? 0), 0),
          2,
        ),
        plans,
      };
      log(
        `  ${scenario.name}: single p50 ${one.p50Ms} / p99 ${one.p99Ms} ms` +
          (twenty
            ? `; ${SCALE_TARGETS.loadConnections} conns ${twenty.requestsPerSecond} req/s p50 ${twenty.p50Ms} / p99 ${twenty.p99Ms} ms, errors ${twenty.errors}, CPU ms/request ${twenty.serverCpuMsPerRequest} shop + ${twenty.postgresCpuMsPerRequest} PostgreSQL`
            : "") +
          `; ${plans.length} statements, ${results[scenario.key].rowsExamined} rows examined${results[scenario.key].seqScans.length ? `, SEQ SCAN ${results[scenario.key].seqScans.join(", ")}` : ""}`,
      );
    }
    log("scale: GET /admin/orders.csv (every live order)");
    const exported = await csvExport(ctx);
    log(
      `  export: ${exported.rows} rows, ${exported.bytes} bytes in ${exported.seconds} s; peak RSS ${exported.peakRssMb} MB (${exported.rssBeforeMb} before)`,
    );

    const file = path.join(REPO_DIR, "bench-results", `scale-plans-${label}.txt`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const out = [];
    for (const [key, r] of [
      ...Object.entries(results),
      ["csvExport", { name: "GET /admin/orders.csv", plans: exported.plans }],
    ]) {
      for (const [i, p] of r.plans.entries()) {
        out.push(
          `=== ${r.name} (${key}) statement ${i + 1}/${r.plans.length}${p.seqScans.length ? `  SEQ SCAN: ${p.seqScans.join(", ")}` : ""}`,
        );
        out.push(p.sql.replace(/\s+/g, " ").trim());
        out.push(`-- parameters: ${JSON.stringify(p.parameters)}`);
        out.push(p.plan, "");
      }
    }
    fs.writeFileSync(file, out.join("\n"));
    // The JSON keeps the figures; the plans are in the text file.
    for (const r of Object.values(results))
      r.plans = r.plans.map((p) => ({ ...withoutPlan(p), sql: p.sql.replace(/\s+/g, " ").trim().slice(0, 300) }));
    exported.plans = exported.plans.map((p) => ({ ...withoutPlan(p), sql: undefined }));
    return {
      scale: SCALE,
      seedMs: seed,
      customerOrders: moved.rowCount,
      durationSeconds: duration,
      plansFile: file,
      scenarios: results,
      csvExport: exported,
    };
  } finally {
    await cleanup.run();
  }
}

/** No answer at all during the run (every request slower than the run) is no p99 to be proud of. */
const loadedOk = (x) => !x.loaded || (x.loaded.total > 0 && x.loaded.p99Ms < SCALE_TARGETS.loadedP99Ms);
const loadedP99 = (x) => (!x.loaded ? "-" : x.loaded.total > 0 ? x.loaded.p99Ms : "none");

export function scaleVerdicts(s) {
  const v = {};
  const measured = Object.values(s.scenarios).filter((x) => !x.info);
  v[`scale: p99 < ${SCALE_TARGETS.singleP99Ms} ms single-user, every page and search`] = measured.every(
    (x) => x.single.p99Ms < SCALE_TARGETS.singleP99Ms,
  );
  v[
    `scale: p99 < ${SCALE_TARGETS.loadedP99Ms} ms at ${SCALE_TARGETS.loadConnections} connections, every page and search`
  ] = measured.every(loadedOk);
  v["scale: no Seq Scan of a large table on a request path"] = measured.every((x) => x.seqScans.length === 0);
  v["scale: no errors"] = Object.values(s.scenarios).every(
    (x) => x.single.errors === 0 && (x.loaded?.errors ?? 0) === 0,
  );
  v[`scale: RSS < ${SCALE_TARGETS.exportRssMb} MB during the CSV export`] =
    s.csvExport.status === 200 && s.csvExport.peakRssMb < SCALE_TARGETS.exportRssMb;
  return v;
}

export function scaleTable(s, { pad, padEnd }) {
  const t = SCALE_TARGETS;
  const lines = [""];
  lines.push(
    `At scale: ${s.scale.parts} parts, ${s.scale.users} users, ${s.scale.orders} orders (seeded in ${(s.seedMs.total / 1000).toFixed(1)} s); past the cache; single-user = 1 connection sequential, loaded = ${t.loadConnections} connections ${s.durationSeconds} s`,
  );
  lines.push(
    `${padEnd("path", 42)}${pad("1: p50", 8)}${pad("p99", 7)}${pad(`${t.loadConnections}: p50`, 9)}${pad("p99", 7)}${pad("req/s", 7)}${pad("rows exam.", 11)}${pad("SQL ms", 8)}${pad("CPU shop+PG", 13)}  verdict`,
  );
  for (const x of Object.values(s.scenarios)) {
    const ok = x.single.p99Ms < t.singleP99Ms && loadedOk(x) && x.seqScans.length === 0;
    const verdict = x.info ? "(info)" : ok ? "met" : "NOT MET";
    lines.push(
      `${padEnd(x.name.slice(0, 41), 42)}${pad(x.single.p50Ms, 8)}${pad(x.single.p99Ms, 7)}${pad(x.loaded?.p50Ms ?? "-", 9)}${pad(loadedP99(x), 7)}${pad(x.loaded?.requestsPerSecond ?? "-", 7)}${pad(x.rowsExamined, 11)}${pad(x.explainMs, 8)}${pad(x.loaded ? `${x.loaded.serverCpuMsPerRequest}+${x.loaded.postgresCpuMsPerRequest}` : "-", 13)}  ${verdict}${x.seqScans.length ? `  SEQ SCAN ${x.seqScans.join(", ")}` : ""}`,
    );
  }
  const e = s.csvExport;
  lines.push(
    `GET /admin/orders.csv: ${e.rows} rows, ${(e.bytes / 2 ** 20).toFixed(1)} MB in ${e.seconds} s (${e.rowsPerSecond} rows/s, first byte ${e.firstByteMs} ms); shop RSS ${e.rssBeforeMb} MB before, peak ${e.peakRssMb} MB (target < ${t.exportRssMb})  ${e.peakRssMb < t.exportRssMb ? "met" : "NOT MET"}`,
  );
  const flagged = Object.values(s.scenarios).filter((x) => x.seqScans.length);
  lines.push(
    flagged.length
      ? `Seq Scans of large tables: ${flagged.map((x) => `${x.name}: ${x.seqScans.join(", ")}`).join("; ")}`
      : "Seq Scans of large tables: none",
  );
  lines.push(`Plans: ${path.relative(process.cwd(), s.plansFile) || s.plansFile}`);
  return lines;
}
