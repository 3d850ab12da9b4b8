import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeSandbox, type StripeSandbox } from "../../dev/src/payment-sandbox/stripe-sandbox";
import { createFirebaseAccount, firebaseSignIn, getRaw, shop, uniqueEmail, withDatabaseAt } from "./support/client";
import { distinctPng, payInSandbox, restAt } from "./support/fixtures";
import { freePort, GRAPH_DIR, SHOP_MAIN, ShopProcess, spawnShop } from "./support/processes";

/*
 * The deployment of the README, on loopback: a PostgreSQL server and HAProxy from Debian's
 * packages (scripts/ensure-servers.sh installs them), three shop processes (node
 * graph/dist/main.js) behind the balancer, one payment sandbox. A mixed workload runs through the
 * balancer while one shop process is killed with SIGKILL and started again. Then: no acknowledged
 * order or payment is lost, stock is never oversold, every image is served by every process, and
 * what one process wrote is what the others answer (their caches follow).
 */
const STOCK = 40;
const SANDBOX_KEYS = { secretKey: "sk_test_scale_out", publishableKey: "pk_test_scale_out", webhookSecret: `whsec_${crypto.randomBytes(16).toString("hex")}` };

interface Server {
  stop(): Promise<void>;
}

let folder: string;
let databaseUrl: string;
let database: Server;
let balancer: Server & { url: string };
let sandbox: StripeSandbox;
const shops: ShopProcess[] = [];
let shopEnvironment: Record<string, string>;

// --- Servers from Debian's packages -------------------------------------------------------------

const asPostgresUser = (command: string, args: string[]) =>
  (process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]) as [string, string[]];

function postgresBinaries(): string {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((bin) => fs.existsSync(`${bin}/initdb`));
  if (!found) throw new Error("No PostgreSQL server from Debian's packages: run scripts/ensure-servers.sh");
  return found;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

async function startPostgres(): Promise<{ url: string } & Server> {
  const bin = postgresBinaries();
  const dataDir = path.join(folder, "postgres");
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (process.getuid?.() === 0) run("chown", ["postgres:postgres", dataDir]);
  const port = await freePort();
  run(...asPostgresUser(`${bin}/initdb`, ["-D", dataDir, "-U", "partshop", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]));
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200 -c fsync=off`;
  run(...asPostgresUser(`${bin}/pg_ctl`, ["-D", dataDir, "-o", options, "-l", path.join(dataDir, "server.log"), "-w", "start"]));
  const admin = new pg.Client({ connectionString: `postgres://partshop@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE partshop");
  await admin.end();
  return {
    url: `postgres://partshop@127.0.0.1:${port}/partshop`,
    stop: async () => void spawnSync(...asPostgresUser(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "fast", "-w", "stop"])),
  };
}

/** The compression lines of the deployment's own HAProxy configuration, so the two cannot drift apart. */
function deployedCompression(): string[] {
  const lines = fs.readFileSync(path.join(GRAPH_DIR, "..", "deploy", "haproxy.cfg"), "utf8").split("\n");
  const compression = lines.filter((line) => /^\s+compression\s/.test(line));
  if (compression.length === 0) throw new Error("deploy/haproxy.cfg has no compression lines");
  return compression;
}

async function startHaproxy(port: number, backends: number[]): Promise<{ url: string } & Server> {
  const config = path.join(folder, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 4000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      // A request is retried elsewhere only if no server took it: never a POST twice.
      "  retries 3",
      "  option redispatch",
      "  retry-on conn-failure",
      "frontend shop",
      `  bind 127.0.0.1:${port}`,
      "  option forwardfor",
      "  default_backend shops",
      "backend shops",
      "  balance roundrobin",
      ...deployedCompression(),
      "  option httpchk GET /readyz",
      "  http-check expect status 200",
      ...backends.map((backend, index) => `  server shop${index + 1} 127.0.0.1:${backend} check inter 300 fall 1 rise 2`),
      "",
    ].join("\n"),
  );
  const haproxy = fs.existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";
  const child: ChildProcess = spawn(haproxy, ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited: ${output}`);
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.status === 200) break;
    if (tries > 100) throw new Error(`HAProxy did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    },
  };
}

function startShopProcess(port: number, extra: Record<string, string> = {}): Promise<ShopProcess> {
  return spawnShop({ ...shopEnvironment, PORT: String(port), ...extra }, { main: SHOP_MAIN, timeoutMs: 60_000 });
}

const onDatabase = <T>(work: (client: pg.Client) => Promise<T>) => withDatabaseAt(databaseUrl, work);

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-scale-"));
  fs.chmodSync(folder, 0o755);
  database = await startPostgres();
  databaseUrl = (database as unknown as { url: string }).url;
  const ports = [await freePort(), await freePort(), await freePort()];
  const lbPort = await freePort();
  sandbox = await startStripeSandbox({ port: await freePort(), ...SANDBOX_KEYS, webhookUrl: `http://127.0.0.1:${lbPort}/stripe/webhook` });
  shopEnvironment = {
    NODE_ENV: "test",
    DATA_DIR: folder,
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: "demo-partshop",
    FIREBASE_AUTH_EMULATOR_HOST: new URL(shop().emulatorUrl).host,
    JWT_SECRET: crypto.randomBytes(32).toString("hex"),
    STRIPE_SECRET_KEY: SANDBOX_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: SANDBOX_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
    STRIPE_API_URL: sandbox.url,
    ADMIN_EMAILS: "admin@partshop.dev",
    LOG_FORMAT: "json",
    RATE_LIMIT_SIGN_IN: "1000000",
    RATE_LIMIT_UPLOADS: "1000000",
    RATE_LIMIT_NEWSLETTER: "1000000",
  };
  // All three start at once on an empty database: migrations and the seed run once.
  shops.push(...(await Promise.all(ports.map((port) => startShopProcess(port)))));
  // The sandbox sends its webhooks through the balancer, as Stripe would.
  balancer = await startHaproxy(lbPort, ports);
}, 240_000);

afterAll(async () => {
  await balancer?.stop();
  for (const process of shops) await process.stop("SIGKILL");
  await sandbox?.close();
  await database?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

// --- The workload ---------------------------------------------------------------------------------

interface Customer {
  email: string;
  token: string;
}

interface Outcomes {
  /** Orders answered 201, with what they reserved. */
  orders: Array<{ id: string; partId: string; quantity: number }>;
  /** Orders whose payment was answered as recorded. */
  payments: Array<{ orderId: string; transactionId: string }>;
  /** Uploaded images, by URL path. */
  images: string[];
  /** Products an admin added, then deleted (answered). */
  deletedProducts: string[];
  /** Answers per status, through the balancer. */
  statuses: Record<number, number>;
}

const lb = (method: string, urlPath: string, options: Parameters<typeof restAt>[3] = {}) =>
  restAt(balancer.url, method, urlPath, options).catch(() => ({ status: 0, body: null, headers: new Headers() }));

async function signIn(email: string, idToken: string): Promise<string> {
  const answer = await lb("PUT", `/user/${email}`, { token: idToken });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

async function customerWork(customer: Customer, parts: string[], running: () => boolean, outcomes: Outcomes): Promise<void> {
  const count = (status: number) => (outcomes.statuses[status] = (outcomes.statuses[status] ?? 0) + 1);
  while (running()) {
    const roll = Math.random();
    if (roll < 0.3) {
      count((await lb("GET", "/parts")).status);
    } else if (roll < 0.65) {
      const partId = parts[Math.floor(Math.random() * parts.length)];
      const quantity = 1 + Math.floor(Math.random() * 3);
      const placed = await lb("POST", "/order", { token: customer.token, body: { orderId: partId, quantity, address: "1 Main St", phone: "0123456789" } });
      count(placed.status);
      if (placed.status === 201) outcomes.orders.push({ id: placed.body.insertedId, partId, quantity });
    } else if (roll < 0.85) {
      const mine = outcomes.orders.filter((order) => !outcomes.payments.some((payment) => payment.orderId === order.id));
      const order = mine[Math.floor(Math.random() * mine.length)];
      if (!order) continue;
      const intent = await lb("POST", "/create-payment-intent", { token: customer.token, body: { orderId: order.id } });
      count(intent.status);
      if (intent.status !== 200) continue;
      const transactionId = await payInSandbox(sandbox.url, SANDBOX_KEYS.publishableKey, intent.body.clientSecret).catch(() => null);
      if (!transactionId) continue;
      const recorded = await lb("PATCH", `/order/${order.id}`, { token: customer.token, body: { transactionId } });
      count(recorded.status);
      if (recorded.status === 200) outcomes.payments.push({ orderId: order.id, transactionId });
    } else {
      const image = distinctPng();
      const form = new FormData();
      form.append("image", new Blob([image], { type: "image/png" }), "review.png");
      const uploaded = await fetch(`${balancer.url}/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${customer.token}` } }).catch(
        () => null,
      );
      count(uploaded?.status ?? 0);
      if (uploaded?.status !== 201) continue;
      const { data } = (await uploaded.json()) as { data: { url: string } };
      outcomes.images.push(new URL(data.url).pathname);
      count((await lb("POST", "/review", { token: customer.token, body: { name: "Scale", ratings: 5, description: "Fits", img: data.url } })).status);
    }
  }
}

async function adminWork(token: string, running: () => boolean, outcomes: Outcomes): Promise<void> {
  while (running()) {
    const added = await lb("POST", "/product", { token, body: { name: `Scale ${crypto.randomBytes(3).toString("hex")}`, price: 10 } });
    if (added.status !== 201) continue;
    const deleted = await lb("DELETE", `/product/${added.body.insertedId}`, { token });
    if (deleted.status === 200) outcomes.deletedProducts.push(added.body.insertedId);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("three shop processes behind HAProxy, on one PostgreSQL", () => {
  const outcomes: Outcomes = { orders: [], payments: [], images: [], deletedProducts: [], statuses: {} };
  let parts: string[];

  it("serve a mixed workload while one of them is killed with SIGKILL and started again", async () => {
    parts = await onDatabase(async (client) => {
      const rows = [];
      for (let index = 0; index < 3; index++) {
        const inserted = await client.query(
          `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc) VALUES ($1, '/images/parts/battery-57wh.svg', 1999, $2, 1, 'Scale-out part') RETURNING id`,
          [`Scale part ${index}`, STOCK],
        );
        rows.push(inserted.rows[0].id as string);
      }
      return rows;
    });
    const accounts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const email = uniqueEmail("scale");
        return { email, idToken: (await createFirebaseAccount(email)).idToken };
      }),
    );
    const customers: Customer[] = [];
    for (const account of accounts) customers.push({ email: account.email, token: await signIn(account.email, account.idToken) });
    const adminToken = await signIn("admin@partshop.dev", (await firebaseSignIn("admin@partshop.dev", "partshop-admin")).idToken);

    // The workload runs until the story below has happened; each step waits for an event of it.
    let running = true;
    const load = Promise.all([
      ...customers.map((customer) => customerWork(customer, parts, () => running, outcomes)),
      adminWork(adminToken, () => running, outcomes),
    ]);
    const answers = () => Object.values(outcomes.statuses).reduce((sum, n) => sum + n, 0);
    const seen = () =>
      `${outcomes.orders.length} orders, ${outcomes.payments.length} payments, ${outcomes.images.length} images, ` +
      `${outcomes.deletedProducts.length} products added and deleted; answers by status ${JSON.stringify(outcomes.statuses)}`;
    const until = async (what: string, reached: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!reached()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the workload saw ${seen()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      // Killed once the three processes have taken orders...
      await until("10 orders placed", () => outcomes.orders.length >= 10);
      const victim = shops[1];
      await victim.stop("SIGKILL");
      // ...started again once the other two have answered the workload alone...
      const answeredAtKill = answers();
      await until("20 answers after the kill", () => answers() >= answeredAtKill + 20);
      // (Debug logs: each request it completes is a line, so the workload's reaching it is seen.)
      shops[1] = await startShopProcess(victim.port, { LOG_LEVEL: "debug" });
      const ordersTaken = () => shops[1].output().match(/"route":"\/order"/g)?.length ?? 0;
      // ...and stopped once the restarted one has taken orders too, and every kind of work has been done.
      await until(
        "the restarted process to take 5 orders, and more than 20 orders, 3 payments, 3 images and 3 products",
        () =>
          ordersTaken() >= 5 &&
          outcomes.orders.length > 20 &&
          outcomes.payments.length > 3 &&
          outcomes.images.length > 3 &&
          outcomes.deletedProducts.length > 3,
      );
    } finally {
      running = false;
      await load;
    }

    console.log(`scale-out workload: ${seen()}`);
    expect(outcomes.orders.length).toBeGreaterThan(20);
    expect(outcomes.payments.length).toBeGreaterThan(3);
    expect(outcomes.images.length).toBeGreaterThan(3);
    expect(outcomes.deletedProducts.length).toBeGreaterThan(3);
    // Nothing but refusals the workload asks for (sold out, already ordered) and the few requests
    // the killed process had taken: no 500.
    expect(
      Object.keys(outcomes.statuses)
        .map(Number)
        .filter((status) => status === 500),
    ).toEqual([]);
  }, 120_000);

  it("lost no acknowledged order or payment, and oversold nothing", async () => {
    const rows = await onDatabase(async (client) => (await client.query("SELECT id, part_id, quantity, status, transaction_id FROM orders")).rows);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const order of outcomes.orders) expect(byId.get(order.id), `order ${order.id}`).toMatchObject({ part_id: order.partId, quantity: order.quantity });
    for (const payment of outcomes.payments)
      expect(byId.get(payment.orderId), `payment of ${payment.orderId}`).toMatchObject({ status: "paid", transaction_id: payment.transactionId });
    const stock = await onDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT p.id, p.available, coalesce(sum(o.quantity) FILTER (WHERE o.status <> 'cancelled'), 0)::int AS reserved
           FROM parts p LEFT JOIN orders o ON o.part_id = p.id WHERE p.id = ANY($1) GROUP BY p.id`,
            [parts],
          )
        ).rows,
    );
    for (const part of stock) {
      expect(part.available).toBeGreaterThanOrEqual(0);
      expect(part.available + part.reserved, `part ${part.id}`).toBe(STOCK);
    }
  });

  it("every process serves every image, whichever process stored it", async () => {
    for (const shopProcess of shops) {
      for (const image of outcomes.images) {
        const served = await fetch(`${shopProcess.url}${image}`);
        expect(served.status, `${image} from ${shopProcess.url}`).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/png");
      }
    }
  });

  it("sends text gzip-compressed to clients that accept it: the same JSON unpacked, and its ETag still answers 304", async () => {
    const direct = await getRaw(`${shops[0].url}/parts`, {});
    const compressed = await getRaw(`${balancer.url}/parts`, { "accept-encoding": "gzip" });
    expect(compressed.status).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    const unpacked = zlib.gunzipSync(compressed.body);
    expect(compressed.body.length).toBeLessThan(unpacked.length * 0.7);
    expect(JSON.parse(unpacked.toString("utf8"))).toEqual(JSON.parse(direct.body.toString("utf8")));
    const etag = String(compressed.headers.etag);
    expect(etag).toMatch(/^W\//);
    // To each of the three processes in turn (round robin), whether or not it kept the answer.
    for (let index = 0; index < 3; index++) {
      const again = await getRaw(`${balancer.url}/parts`, { "accept-encoding": "gzip", "if-none-match": etag });
      expect(again.status).toBe(304);
    }
    // A client that does not say it accepts gzip gets the bytes as the shop sent them.
    const plain = await getRaw(`${balancer.url}/parts`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(JSON.parse(direct.body.toString("utf8")));
  });

  it("what one process writes, the others answer at once: their caches follow the database", async () => {
    // A part of its own (the workload may have sold the others out), in every process's memory.
    const partId = await onDatabase(
      async (client) =>
        (
          await client.query(
            `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc) VALUES ('Coherence part', '/images/parts/battery-57wh.svg', 999, 10, 1, 'x') RETURNING id`,
          )
        ).rows[0].id as string,
    );
    const availableOn = async (url: string) =>
      ((await (await fetch(`${url}/parts`)).json()) as Array<{ _id: string; available: number }>).find((part) => part._id === partId)?.available;
    const productsOf = async (url: string) => ((await (await fetch(`${url}/product`)).json()) as Array<{ _id: string }>).map((product) => product._id);
    for (const shopProcess of shops) {
      expect(await availableOn(shopProcess.url)).toBe(10);
      for (const deleted of outcomes.deletedProducts) expect(await productsOf(shopProcess.url)).not.toContain(deleted);
    }
    const email = uniqueEmail("coherent");
    const token = await signIn(email, (await createFirebaseAccount(email)).idToken);
    const placed = await restAt(shops[0].url, "POST", "/order", { token, body: { orderId: partId, quantity: 3, address: "1 Main St", phone: "0123456789" } });
    expect(placed.status).toBe(201);
    for (const shopProcess of shops) expect(await availableOn(shopProcess.url), shopProcess.url).toBe(7);
  });

  it("the invariant check agrees", async () => {
    const { execFileSync } = await import("node:child_process");
    const baseline = path.join(folder, "baseline.json");
    fs.writeFileSync(baseline, JSON.stringify(Object.fromEntries(parts.map((id) => [id, STOCK]))));
    const output = execFileSync(process.execPath, [path.join(GRAPH_DIR, "dist", "ops", "check-invariants.js"), "--json", "--baseline", baseline], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toMatchObject({ ok: true, violations: [] });
  });
});
