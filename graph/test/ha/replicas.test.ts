import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEmulatorAccounts } from "../../../dev/src/accounts";
import { startAuthEmulator, type RunningEmulator } from "../../../dev/src/auth-emulator";
import { sandboxKeys, startStripeSandbox, type StripeSandbox } from "../../../dev/src/payment-sandbox/stripe-sandbox";
import { uniqueEmail } from "../support/client";
import { restAt } from "../support/fixtures";
import { eventually, startHaCluster, withConnection, type ClusterNode, type HaCluster } from "../support/ha-cluster";
import { freePort, makeDataDir, SHOP_MAIN, spawnShop, standaloneShopEnv, type ShopProcess } from "../support/processes";

/*
 * The shop on the highly available cluster: one shop process (as production starts it, with the
 * Auth Emulator and the payment sandbox started beside the cluster) with DATABASE_URL on HAProxy's read-write port and
 * DATABASE_REPLICA_URL on its read-only port. The catalogue reads from the replicas when they are
 * fresh enough, never serves anyone older data than the primary has, loses nothing but capacity
 * with a replica stopped, and while no primary can be reached answers writes 503 with Retry-After
 * and catalogue reads from the replicas, and stays ready for its balancer. Timings are printed, never asserted.
 */

let cluster: HaCluster;
let leader: ClusterNode;
let shop: ShopProcess;
let emulator: RunningEmulator;
let sandbox: StripeSandbox;
let dataDir: string;
let metricsUrl: string;
let emulatorUrl: string;
let customer: { email: string; token: string };
let admin: { token: string };
let partIds: string[];
/** The least each part may be ordered in, by id. */
const minimumOf = new Map<string, number>();

const startedAt = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

const api = (method: string, urlPath: string, options: Parameters<typeof restAt>[3] = {}) =>
  restAt(shop.url, method, urlPath, options);

/** The catalogue's reads so far, by the pool that served them (the shop's /metrics). */
async function catalogueReads(): Promise<{ primary: number; replica: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const count = (pool: string) =>
    Number(new RegExp(`^partshop_catalogue_reads_total\\{pool="${pool}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
  return { primary: count("primary"), replica: count("replica") };
}

/** An access token of the shop for an account of its Auth Emulator, as the web app signs in. */
async function signIn(email: string, password: string, create: boolean): Promise<string> {
  const call = async (what: string) => {
    const answer = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${what}?key=demo-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    if (!answer.ok) throw new Error(`emulator ${what}: ${await answer.text()}`);
    return ((await answer.json()) as { idToken: string }).idToken;
  };
  const idToken = await call(create ? "signUp" : "signInWithPassword");
  const answer = await api("PUT", `/user/${email}`, { token: idToken, body: { email } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** Runs `sql` on each replica itself (not through HAProxy). */
const onReplicas = (sql: string) =>
  Promise.all(
    cluster.nodes
      .filter((node) => node !== leader && node.running())
      .map((node) => withConnection(cluster.url(node.port), (client) => client.query(sql))),
  );

beforeAll(async () => {
  dataDir = makeDataDir("ha-replicas");
  const keys = sandboxKeys();
  // The cluster, the Auth Emulator and the payment sandbox start at once; each one started is stopped after.
  const started = await Promise.allSettled([
    startHaCluster(fs.mkdtempSync(path.join(os.tmpdir(), "partshop-ha-replicas-"))).then((each) => (cluster = each)),
    freePort(3).then(async (port) => {
      emulator = await startAuthEmulator({ projectId: "demo-partshop", port, dataDir, log: () => undefined });
    }),
    freePort().then(async (port) => {
      sandbox = await startStripeSandbox({ port, ...keys });
    }),
  ]);
  for (const outcome of started) if (outcome.status === "rejected") throw outcome.reason;
  emulatorUrl = `http://${emulator.host}`;
  // The admin's account as the local harness makes it (a verified email, listed in ADMIN_EMAILS).
  await seedEmulatorAccounts("demo-partshop", emulator.host);
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  leader = await cluster.waitUntilHealthy(2, 120_000);
  console.log(`[replicas] cluster healthy after ${seconds(startedAt)} s (leader ${leader.name})`);
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const spawnedAt = Date.now();
  shop = await spawnShop(
    {
      ...standaloneShopEnv({
        databaseUrl: cluster.url(cluster.readWritePort),
        dataDir,
        emulatorHost: emulator.host,
        stripe: { url: sandbox.url, ...keys },
      }),
      DATABASE_REPLICA_URL: cluster.url(cluster.readOnlyPort),
      PORT: String(await freePort()),
      METRICS_PORT: String(metricsPort),
      DATABASE_POOL_SIZE: "6",
      ADMIN_EMAILS: "admin@partshop.dev",
    },
    { main: SHOP_MAIN, timeoutMs: 120_000 },
  );
  console.log(`[replicas] shop migrated, seeded and ready ${seconds(spawnedAt)} s after its start`);
  admin = { token: await signIn("admin@partshop.dev", "partshop-admin", false) };
  const email = uniqueEmail("replicas");
  customer = { email, token: await signIn(email, "secret-123", true) };
  const parts = (await api("GET", "/parts")).body as Array<{ _id: string; min_order_quantity: number }>;
  partIds = parts.map((part) => part._id);
  for (const part of parts) minimumOf.set(part._id, part.min_order_quantity);
  expect(partIds.length).toBeGreaterThan(3);
}, 240_000);

afterAll(async () => {
  await shop?.stop();
  await sandbox?.close();
  await emulator?.stop();
  await cluster?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("the shop on a primary and two replicas", () => {
  it("reads the catalogue from the replicas when nothing changed", async () => {
    const before = await catalogueReads();
    // Parts not read yet: each a miss of the answer cache, read from the database.
    for (const id of partIds) expect((await api("GET", `/parts/${id}`)).status).toBe(200);
    for (const word of ["battery", "screen", "keyboard", "fan"])
      expect((await api("GET", `/parts?search=${word}`)).status).toBe(200);
    const after = await catalogueReads();
    console.log(`[replicas] catalogue reads: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
    expect(after.replica).toBeGreaterThan(before.replica);
  });

  it("never serves older data than the primary has from a lagging replica: an admin's edit, a customer's own review and order", async () => {
    const [partId] = partIds;
    const part = (await api("GET", `/parts/${partId}`)).body;
    // Both replicas stop replaying (they still receive and confirm WAL: commits go on). Patroni
    // resumes a paused replay on its next loop unless the cluster is in maintenance mode.
    await cluster.patronictl(["pause", "partshop", "--wait"]);
    await onReplicas("SELECT pg_wal_replay_pause()");
    try {
      const newPrice = Number((part.price + 1.25).toFixed(2));
      const edited = await api("PATCH", `/parts/${partId}`, { token: admin.token, body: { price: newPrice } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await api("GET", `/parts/${partId}`)).body.price).toBe(newPrice);
      const found = (await api("GET", `/parts?search=${encodeURIComponent(part.name)}`)).body as Array<{
        _id: string;
        price: number;
      }>;
      expect(found.find((each) => each._id === partId)?.price).toBe(newPrice);

      const review = await api("POST", "/review", {
        token: customer.token,
        body: {
          name: "Lag",
          ratings: 4,
          description: "Read back at once",
          img: `${shop.url}/images/parts/battery-57wh.svg`,
          partId,
        },
      });
      expect(review.status, JSON.stringify(review.body)).toBe(201);
      const reviews = (await api("GET", "/review")).body as Array<{ _id: string }>;
      expect(reviews.map((each) => each._id)).toContain(review.body.insertedId);

      const placed = await api("POST", "/order", {
        token: customer.token,
        body: { orderId: partIds[1], quantity: minimumOf.get(partIds[1]), address: "1 Lag Lane", phone: "0123456789" },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orders = (await api("GET", `/order?user=${customer.email}`, { token: customer.token })).body as Array<{
        _id: string;
      }>;
      expect(orders.map((order) => order._id)).toContain(placed.body.insertedId);
      // The replicas really are behind: the edit is not there yet.
      const onReplica = await onReplicas("SELECT price_cents FROM parts WHERE id = '" + partId + "'");
      expect(onReplica.map((result) => result.rows[0].price_cents)).toContain(Math.round(part.price * 100));
    } finally {
      await onReplicas("SELECT pg_wal_replay_resume()");
      await cluster.patronictl(["resume", "partshop", "--wait"]);
    }
    // Once replayed, the replicas serve the catalogue again.
    await eventually(
      "a catalogue read served by a replica after replay resumed",
      async () => {
        const before = await catalogueReads();
        await api("GET", `/parts?search=replayed${Date.now()}`);
        const after = await catalogueReads();
        if (after.replica <= before.replica) throw new Error(JSON.stringify(after));
      },
      20_000,
    );
  });

  it("goes on answering catalogue and checkout requests with one replica stopped", async () => {
    const stopped = cluster.nodes.find((node) => node !== leader)!;
    const stoppedAt = Date.now();
    await stopped.stop();
    // New searches: misses of the answer cache, read from the database.
    for (const word of ["cable", "hinge", "charger", "memory"])
      expect((await api("GET", `/parts?search=${word}`)).status).toBe(200);
    // A write waits while the leader makes the other replica its synchronous standby.
    const placed = await eventually(
      "an order placed with one replica stopped",
      async () => {
        const answer = await api("POST", "/order", {
          token: customer.token,
          body: {
            orderId: partIds[2],
            quantity: minimumOf.get(partIds[2]),
            address: "2 Spare Street",
            phone: "0123456789",
          },
        });
        if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
        return answer;
      },
      30_000,
    );
    const intent = await api("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId: placed.body.insertedId },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    console.log(
      `[replicas] with ${stopped.name} stopped, an order placed ${seconds(stoppedAt)} s after its stop began`,
    );
    stopped.start();
    leader = await cluster.waitUntilHealthy(2, 120_000);
  });

  it("answers writes 503 with Retry-After while no primary can be reached, and the catalogue from the replicas", async () => {
    // Patroni paused (no failover), then the primary's PostgreSQL stopped: HAProxy's read-write port has no server.
    await cluster.patronictl(["pause", "partshop", "--wait"]);
    const postmaster = leader.postmasterPid();
    expect(postmaster).not.toBeNull();
    process.kill(postmaster!, "SIGINT");
    const stoppedAt = Date.now();
    await eventually(
      "the read-write port without a server",
      async () => {
        await withConnection(cluster.url(cluster.readWritePort), (client) => client.query("SELECT 1"), 2_000).then(
          () => Promise.reject(new Error("still answers")),
          () => undefined,
        );
      },
      20_000,
    );

    const placed = await api("POST", "/order", {
      token: customer.token,
      body: { orderId: partIds[3], quantity: minimumOf.get(partIds[3]), address: "3 Outage Road", phone: "0123456789" },
    });
    expect({ status: placed.status, retryAfter: placed.headers.get("retry-after") }).toEqual({
      status: 503,
      retryAfter: "5",
    });
    const review = await api("POST", "/graphql", {
      token: customer.token,
      body: {
        query: `mutation($input: AddReviewInput!) { addReview(input: $input) { id } }`,
        variables: {
          input: { name: "Down", ratings: 3, description: "No primary", img: `${shop.url}/images/parts/dc-jack.svg` },
        },
      },
    });
    expect({
      status: review.status,
      retryAfter: review.headers.get("retry-after"),
      code: review.body.errors?.[0]?.extensions?.code,
    }).toEqual({ status: 503, retryAfter: "5", code: "SERVICE_UNAVAILABLE" });

    const before = await catalogueReads();
    // The change feed is down with the primary, so nothing is answered from memory: these are database reads.
    const part = await api("GET", `/parts/${partIds[0]}`);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect((await api("GET", "/parts?search=battery")).status).toBe(200);
    const graphql = await api("POST", "/graphql", {
      body: { query: "{ parts(first: 3) { edges { node { name } } } }" },
    });
    expect(graphql.status, JSON.stringify(graphql.body)).toBe(200);
    expect(graphql.body.data.parts.edges).toHaveLength(3);
    expect((await catalogueReads()).replica).toBeGreaterThan(before.replica);
    // Still ready: a balancer keeps it, so shoppers get its answers rather than the balancer's bare 503.
    const ready = await api("GET", "/readyz");
    expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { ready: true, failed: [] } });
    console.log(`[replicas] writes 503 and reads from the replicas ${seconds(stoppedAt)} s after the primary stopped`);
    expect(shop.output()).not.toMatch(/"level":50/);
  });
});
