import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeSandbox, type StripeSandbox } from "../../dev/src/payment-sandbox/stripe-sandbox";
import { createFirebaseAccount, firebaseSignIn, getRaw, shop, uniqueEmail, withDatabaseAt } from "./support/client";
import { expectAcknowledgedKept } from "./support/acknowledged";
import { distinctPng, payInSandbox, restAt } from "./support/fixtures";
import { freePort, GRAPH_DIR, SHOP_MAIN, ShopProcess, spawnShop, standaloneShopEnv } from "./support/processes";
import {
  DEPLOY_DIR,
  deployedHaproxyConfig,
  deployedPrometheusConfig,
  makeCertificate,
  startHaproxy,
  startPostgres,
  startPrometheus,
  type BalancerPorts,
  type Haproxy,
  type Postgres,
  type Prometheus,
} from "./support/servers";

/*
 * The deployment of the README, on loopback: a PostgreSQL server and HAProxy from Debian's
 * packages (scripts/ensure-servers.sh installs them), HAProxy on deploy/haproxy.cfg terminating
 * TLS with a certificate the test makes, three shop processes (node graph/dist/main.js) behind it,
 * one payment sandbox, and Prometheus on deploy/prometheus.yml scraping every process and HAProxy.
 * A mixed workload runs through the balancer, over HTTPS, while one shop process is killed with
 * SIGKILL and started again. Then: no acknowledged order or payment is lost, stock is never
 * oversold, every image is served by every process, what one process wrote is what the others
 * answer (their caches follow), and the operators see it all in Prometheus.
 */
const STOCK = 40;
const SANDBOX_KEYS = {
  secretKey: "sk_test_scale_out",
  publishableKey: "pk_test_scale_out",
  webhookSecret: `whsec_${crypto.randomBytes(16).toString("hex")}`,
};
/** Small enough for the test to reach (the workload subscribes no one). */
const NEWSLETTER_LIMIT = 3;

let folder: string;
let databaseUrl: string;
let database: Postgres;
let ports: BalancerPorts;
let balancer: Haproxy & { url: string };
let prometheus: Prometheus;
let sandbox: StripeSandbox;
let certificate: string;
const shops: ShopProcess[] = [];
const metricsPorts: number[] = [];
let shopEnvironment: Record<string, string>;

/**
 * The test's certificate is trusted by this process's TLS clients (fetch, and the sandbox posting
 * its webhooks through the balancer), as a real certificate is by everyone's.
 */
function trustCertificate(file: string): void {
  // Node 22.19+ and 24.5+ (@types/node here is Node 20's).
  const store = tls as unknown as {
    setDefaultCACertificates?: (certificates: string[]) => void;
    getCACertificates(kind: string): string[];
  };
  if (!store.setDefaultCACertificates)
    throw new Error(
      `Node ${process.version} cannot trust a test certificate in-process: run the API tests on Node 24 as npm test does`,
    );
  store.setDefaultCACertificates([...store.getCACertificates("default"), fs.readFileSync(file, "utf8")]);
}

function startShopProcess(index: number, port: number, extra: Record<string, string> = {}): Promise<ShopProcess> {
  return spawnShop(
    { ...shopEnvironment, PORT: String(port), METRICS_PORT: String(metricsPorts[index]), ...extra },
    { main: SHOP_MAIN, timeoutMs: 60_000 },
  );
}

const onDatabase = <T>(work: (client: pg.Client) => Promise<T>) => withDatabaseAt(databaseUrl, work);

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-scale-"));
  fs.chmodSync(folder, 0o755);
  const made = makeCertificate(folder);
  certificate = made.certificate;
  trustCertificate(certificate);
  database = await startPostgres(folder);
  databaseUrl = database.url;
  const shopPorts = [await freePort(), await freePort(), await freePort()];
  for (let index = 0; index < 3; index++) metricsPorts.push(await freePort());
  ports = { http: await freePort(), https: await freePort(), stats: await freePort() };
  sandbox = await startStripeSandbox({
    port: await freePort(),
    ...SANDBOX_KEYS,
    webhookUrl: `https://127.0.0.1:${ports.https}/stripe/webhook`,
  });
  shopEnvironment = {
    ...standaloneShopEnv({
      databaseUrl,
      dataDir: folder,
      emulatorHost: new URL(shop().emulatorUrl).host,
      stripe: { url: sandbox.url, ...SANDBOX_KEYS },
    }),
    ADMIN_EMAILS: "admin@partshop.dev",
    RATE_LIMIT_NEWSLETTER: String(NEWSLETTER_LIMIT),
    DATABASE_POOL_SIZE: "12",
  };

  // All three start at once on an empty database: migrations and the seed run once.
  shops.push(...(await Promise.all(shopPorts.map((port, index) => startShopProcess(index, port)))));
  // The sandbox sends its webhooks through the balancer, as Stripe would.
  const started = await startHaproxy(
    folder,
    deployedHaproxyConfig(ports, made.pemFolder, shopPorts),
    `https://127.0.0.1:${ports.https}/healthz`,
  );
  balancer = Object.assign(started, { url: `https://127.0.0.1:${ports.https}` });
  prometheus = await startPrometheus(folder, deployedPrometheusConfig(metricsPorts, ports.stats));
}, 240_000);

afterAll(async () => {
  await prometheus?.stop();
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
  orders: Array<{ id: string; partId: string; quantity: number; customer: string }>;
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

async function customerWork(
  customer: Customer,
  parts: string[],
  running: () => boolean,
  outcomes: Outcomes,
): Promise<void> {
  const count = (status: number) => (outcomes.statuses[status] = (outcomes.statuses[status] ?? 0) + 1);
  while (running()) {
    const roll = Math.random();
    if (roll < 0.3) {
      count((await lb("GET", "/parts")).status);
    } else if (roll < 0.65) {
      const partId = parts[Math.floor(Math.random() * parts.length)];
      const quantity = 1 + Math.floor(Math.random() * 3);
      const placed = await lb("POST", "/order", {
        token: customer.token,
        body: { orderId: partId, quantity, address: "1 Main St", phone: "0123456789" },
      });
      count(placed.status);
      if (placed.status === 201)
        outcomes.orders.push({ id: placed.body.insertedId, partId, quantity, customer: customer.email });
    } else if (roll < 0.85) {
      const mine = outcomes.orders.filter(
        (order) =>
          order.customer === customer.email && !outcomes.payments.some((payment) => payment.orderId === order.id),
      );
      const order = mine[Math.floor(Math.random() * mine.length)];
      if (!order) continue;
      const intent = await lb("POST", "/create-payment-intent", { token: customer.token, body: { orderId: order.id } });
      count(intent.status);
      if (intent.status !== 200) continue;
      const transactionId = await payInSandbox(
        sandbox.url,
        SANDBOX_KEYS.publishableKey,
        intent.body.clientSecret,
      ).catch(() => null);
      if (!transactionId) continue;
      const recorded = await lb("PATCH", `/order/${order.id}`, { token: customer.token, body: { transactionId } });
      count(recorded.status);
      if (recorded.status === 200) outcomes.payments.push({ orderId: order.id, transactionId });
    } else {
      const image = distinctPng();
      const form = new FormData();
      form.append("image", new Blob([image], { type: "image/png" }), "review.png");
      const uploaded = await fetch(`${balancer.url}/upload`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${customer.token}` },
      }).catch(() => null);
      count(uploaded?.status ?? 0);
      if (uploaded?.status !== 201) continue;
      const { data } = (await uploaded.json()) as { data: { url: string } };
      outcomes.images.push(new URL(data.url).pathname);
      count(
        (
          await lb("POST", "/review", {
            token: customer.token,
            body: { name: "Scale", ratings: 5, description: "Fits", img: data.url },
          })
        ).status,
      );
    }
  }
}

async function adminWork(token: string, running: () => boolean, outcomes: Outcomes): Promise<void> {
  while (running()) {
    const added = await lb("POST", "/product", {
      token,
      body: { name: `Scale ${crypto.randomBytes(3).toString("hex")}`, price: 10 },
    });
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
    for (const account of accounts)
      customers.push({ email: account.email, token: await signIn(account.email, account.idToken) });
    const adminToken = await signIn(
      "admin@partshop.dev",
      (await firebaseSignIn("admin@partshop.dev", "partshop-admin")).idToken,
    );

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
      shops[1] = await startShopProcess(1, victim.port, { LOG_LEVEL: "debug" });
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
    const rows = await onDatabase(
      async (client) => (await client.query("SELECT id, part_id, quantity, status, transaction_id FROM orders")).rows,
    );
    expectAcknowledgedKept(rows, outcomes);
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
      ((await (await fetch(`${url}/parts`)).json()) as Array<{ _id: string; available: number }>).find(
        (part) => part._id === partId,
      )?.available;
    const productsOf = async (url: string) =>
      ((await (await fetch(`${url}/product`)).json()) as Array<{ _id: string }>).map((product) => product._id);
    for (const shopProcess of shops) {
      expect(await availableOn(shopProcess.url)).toBe(10);
      for (const deleted of outcomes.deletedProducts) expect(await productsOf(shopProcess.url)).not.toContain(deleted);
    }
    const email = uniqueEmail("coherent");
    const token = await signIn(email, (await createFirebaseAccount(email)).idToken);
    const placed = await restAt(shops[0].url, "POST", "/order", {
      token,
      body: { orderId: partId, quantity: 3, address: "1 Main St", phone: "0123456789" },
    });
    expect(placed.status).toBe(201);
    for (const shopProcess of shops) expect(await availableOn(shopProcess.url), shopProcess.url).toBe(7);
  });

  it("the invariant check agrees", async () => {
    const { execFileSync } = await import("node:child_process");
    const baseline = path.join(folder, "baseline.json");
    fs.writeFileSync(baseline, JSON.stringify(Object.fromEntries(parts.map((id) => [id, STOCK]))));
    const output = execFileSync(
      process.execPath,
      [path.join(GRAPH_DIR, "dist", "ops", "check-invariants.js"), "--json", "--baseline", baseline],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: "utf8",
      },
    );
    expect(JSON.parse(output)).toMatchObject({ ok: true, violations: [] });
  });
});

// --- TLS at the balancer ---------------------------------------------------------------------------

/** A TLS handshake with the balancer: the protocol agreed, or why it failed. */
function handshake(options: tls.ConnectionOptions): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect(
      { host: "127.0.0.1", port: ports.https, servername: "localhost", ca: fs.readFileSync(certificate), ...options },
      () => {
        resolve(socket.getProtocol() ?? "none");
        socket.end();
      },
    );
    socket.on("error", (error) => resolve(`refused: ${error.message}`));
  });
}

describe("TLS at the balancer", () => {
  it("sends plain HTTP to HTTPS without passing it on, and every HTTPS answer carries HSTS", async () => {
    const plain = await getRaw(`http://127.0.0.1:${ports.http}/parts?page=2`, {});
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://127.0.0.1:${ports.http}/parts?page=2`);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Nothing sent in clear reaches a shop: an order posted over HTTP places nothing.
    const before = await onDatabase(
      async (client) => (await client.query("SELECT count(*)::int AS n FROM orders")).rows[0].n,
    );
    const posted = await fetch(`http://127.0.0.1:${ports.http}/order`, {
      method: "POST",
      redirect: "manual",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(posted.status).toBe(301);
    expect(
      await onDatabase(async (client) => (await client.query("SELECT count(*)::int AS n FROM orders")).rows[0].n),
    ).toBe(before);
    // Answered by the app and from the answer cache alike.
    for (let index = 0; index < 4; index++) {
      const secure = await fetch(`${balancer.url}/parts`);
      expect(secure.status).toBe(200);
      expect(secure.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    }
  });

  it("offers HTTP/2 by ALPN and serves the shop over it", async () => {
    const session = http2.connect(balancer.url, { ca: fs.readFileSync(certificate), servername: "localhost" });
    try {
      const answer = await new Promise<{ status: number; body: string; alpn: string | undefined }>(
        (resolve, reject) => {
          const stream = session.request({ ":path": "/parts", accept: "application/json" });
          let body = "";
          let status = 0;
          stream.on("response", (headers) => (status = Number(headers[":status"])));
          stream.on("data", (chunk) => (body += chunk));
          stream.on("end", () => resolve({ status, body, alpn: session.alpnProtocol }));
          stream.on("error", reject);
        },
      );
      expect(answer.alpn).toBe("h2");
      expect(answer.status).toBe(200);
      expect(Array.isArray(JSON.parse(answer.body))).toBe(true);
    } finally {
      session.close();
    }
  });

  it("speaks TLS 1.3, and TLS 1.2 only with forward-secret AEAD ciphers", async () => {
    expect(await handshake({ minVersion: "TLSv1.3" })).toBe("TLSv1.3");
    expect(await handshake({ maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256" })).toBe("TLSv1.2");
    expect(await handshake({ maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-SHA" })).toMatch(/^refused/);
    expect(await handshake({ minVersion: "TLSv1", maxVersion: "TLSv1.1", ciphers: "DEFAULT@SECLEVEL=0" })).toMatch(
      /^refused/,
    );
  });

  it("the shop builds its links with the scheme the client used, as the balancer says it", async () => {
    const email = uniqueEmail("tls");
    const token = await signIn(email, (await createFirebaseAccount(email)).idToken);
    const form = new FormData();
    form.append("image", new Blob([distinctPng()], { type: "image/png" }), "review.png");
    const uploaded = await fetch(`${balancer.url}/upload`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as { data: { url: string } };
    expect(data.url.startsWith(`${balancer.url}/`)).toBe(true);
  });

  it("logs every request it passes on: client, server, timings, status and the request line", async () => {
    await fetch(`${balancer.url}/parts?logged=1`);
    await expect
      .poll(() => balancer.output(), { timeout: 10_000 })
      .toMatch(/shop~ shops\/shop\d [\d/-]+ 200 \d+ .*"GET \/parts\?logged=1 HTTP\/1\.1"/);
  });
});

// --- What operators watch --------------------------------------------------------------------------

/** The metric names a text in Prometheus's exposition format declares (# HELP lines). */
const declaredMetrics = (text: string) => new Set([...text.matchAll(/^# HELP (\S+)/gm)].map((match) => match[1]));

/** Metric names a PromQL expression reads. */
const metricsReadBy = (expression: string) =>
  [...expression.matchAll(/\b((?:partshop|nodejs|process|haproxy)_\w+|up)\b/g)].map((match) => match[1]);

const readsKnownMetric = (name: string, declared: Set<string>) =>
  name === "up" || declared.has(name) || declared.has(name.replace(/_(bucket|count|sum)$/, ""));

describe("what operators watch", () => {
  it("the public /readyz says only which checks failed; the details, and the metrics, are on the operators' port, which the balancer does not pass on", async () => {
    const publicReady = await fetch(`${balancer.url}/readyz`);
    expect(publicReady.status).toBe(200);
    expect(await publicReady.json()).toEqual({ ready: true, failed: [] });
    const operators = `http://127.0.0.1:${metricsPorts[0]}`;
    expect(await (await fetch(`${operators}/readyz`)).json()).toEqual({
      ready: true,
      checks: {
        database: { ok: true, detail: "reachable" },
        migrations: { ok: true, detail: "applied" },
        identity: { ok: true, detail: "Auth Emulator, project demo-partshop" },
        payments: { ok: true, detail: "Stripe-compatible sandbox" },
      },
    });
    expect(await (await fetch(`${operators}/metrics`)).text()).toMatch(
      /^partshop_http_request_duration_seconds_count\{/m,
    );
    const throughBalancer = await fetch(`${balancer.url}/metrics`, { headers: { accept: "application/json" } });
    expect(throughBalancer.status).toBe(404);
    expect(await throughBalancer.text()).not.toContain("partshop_");
  });

  it("Prometheus scrapes every shop process and HAProxy, and the shop's series say what happened", async () => {
    // A named GraphQL read, often enough for every process to answer it from its cache; a webhook
    // with a forged signature; subscriptions past the newsletter's limit.
    const probe = { query: "query ScaleOutProbe { laptopBrands }", operationName: "ScaleOutProbe" };
    for (let index = 0; index < 12; index++) {
      const answer = await fetch(`${balancer.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(probe),
      });
      expect(answer.status).toBe(200);
    }
    const forged = await fetch(`${balancer.url}/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      body: "{}",
    });
    expect(forged.status).toBe(400);
    const statuses = [];
    for (let index = 0; index <= NEWSLETTER_LIMIT; index++)
      statuses.push((await lb("POST", "/newsletter", { body: { email: uniqueEmail("news") } })).status);
    expect(statuses.at(-1)).toBe(429);

    const value = async (expression: string) => {
      const result = await prometheus.query(expression);
      return result.length ? Number(result[0].value[1]) : NaN;
    };
    // Scraped every second: wait for a scrape that has all of it.
    await expect
      .poll(
        async () => [
          await value(`count(up == 1)`),
          await value(`sum(partshop_http_request_duration_seconds_count{route="/graphql", operation="ScaleOutProbe"})`),
          await value(`sum(partshop_rate_limit_refusals_total{limit="newsletter"})`),
          // A process restarted by an earlier test is back in the balancer once its health checks pass.
          await value(`haproxy_backend_active_servers{proxy="shops"}`),
        ],
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([4, 12, 1, 3]);

    const up = await prometheus.query("up");
    expect(up.map((series) => `${series.metric.job} ${series.metric.instance} ${series.value[1]}`).sort()).toEqual(
      [...metricsPorts.map((port) => `shop 127.0.0.1:${port} 1`), `haproxy 127.0.0.1:${ports.stats} 1`].sort(),
    );
    expect(
      await value(`sum(partshop_http_request_duration_seconds_count{method="POST", route="/order", status="201"})`),
    ).toBeGreaterThan(0);
    expect(
      await value(
        `sum(partshop_http_request_duration_seconds_count{route="/graphql", operation="ScaleOutProbe", served_by="cache"})`,
      ),
    ).toBeGreaterThan(0);
    expect(await value(`sum(partshop_answer_cache_lookups_total{result="hit"})`)).toBeGreaterThan(0);
    expect(await value(`sum(partshop_webhook_failures_total{reason="refused"})`)).toBeGreaterThanOrEqual(1);
    const p99 = await value(
      `histogram_quantile(0.99, sum by (le) (rate(partshop_http_request_duration_seconds_bucket{served_by="app"}[1m])))`,
    );
    expect(p99).toBeGreaterThan(0);
    expect(p99).toBeLessThanOrEqual(10);
    for (const port of metricsPorts) {
      const instance = `instance="127.0.0.1:${port}"`;
      expect(await value(`partshop_db_pool_max{${instance}}`)).toBe(12);
      const inUse = await value(`partshop_db_pool_in_use{${instance}}`);
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(inUse).toBeLessThanOrEqual(12);
      expect(await value(`partshop_db_pool_idle{${instance}}`)).toBeGreaterThan(0);
      const heap = await value(`nodejs_heap_size_used_bytes{${instance}}`);
      expect(heap).toBeGreaterThan(10 * 1024 * 1024);
      expect(heap).toBeLessThan(1024 * 1024 * 1024);
      expect(await value(`nodejs_eventloop_lag_p99_seconds{${instance}}`)).toBeGreaterThan(0);
    }
    expect(await value(`sum(haproxy_frontend_http_requests_total{proxy="shop"})`)).toBeGreaterThan(100);
  });

  it("the alert rules pass promtool and their unit tests, and every query of the rules and the dashboard runs and reads only series the shop and HAProxy export", async () => {
    for (const args of [
      ["check", "rules", "alerts.yml"],
      ["test", "rules", "alerts.test.yml"],
    ]) {
      const checked = spawnSync("promtool", args, { cwd: DEPLOY_DIR, encoding: "utf8" });
      expect(checked.status, `promtool ${args.join(" ")}: ${checked.stdout}${checked.stderr}`).toBe(0);
    }
    const declared = new Set([
      ...declaredMetrics(await (await fetch(`http://127.0.0.1:${metricsPorts[0]}/metrics`)).text()),
      ...declaredMetrics(await (await fetch(`http://127.0.0.1:${ports.stats}/metrics`)).text()),
    ]);
    const loadedRules = async () =>
      ((await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as any).data.groups.flatMap(
        (group: any) => group.rules,
      );
    // Prometheus loaded deploy/alerts.yml and evaluated every rule without an error.
    await expect
      .poll(async () => (await loadedRules()).map((rule: any) => rule.health).join(" "), { timeout: 10_000 })
      .toMatch(/^ok( ok){8}$/);
    const alertRules = await loadedRules();
    const dashboard = JSON.parse(fs.readFileSync(path.join(DEPLOY_DIR, "grafana", "partshop.json"), "utf8"));
    const dashboardQueries: string[] = dashboard.panels.flatMap((panel: any) =>
      (panel.targets ?? []).map((target: any) => target.expr),
    );
    expect(dashboardQueries.length).toBeGreaterThan(10);
    for (const expression of [...dashboardQueries, ...alertRules.map((rule: any) => rule.query)]) {
      for (const name of metricsReadBy(expression))
        expect(readsKnownMetric(name, declared), `${name} in ${expression}`).toBe(true);
      await prometheus.query(expression.replaceAll("$__rate_interval", "1m"));
    }
  });
});
