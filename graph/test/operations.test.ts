import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnvFile } from "../src/config";
import { firebaseSignIn, newCustomer, shop, withDatabaseAt } from "./support/client";
import {
  freePort,
  GRAPH_DIR,
  makeDataDir,
  SHOP_MAIN,
  ShopProcess,
  shopEnv,
  spawnShop,
  standaloneShopEnv,
} from "./support/processes";

/*
 * What an operator relies on: readiness, migrations run once by a command, a graceful stop on
 * SIGTERM, .env files, and clear refusals when the machine is not as the shop needs it.
 */
const run = promisify(execFile);
let databaseUrl: string;
let fresh: ShopProcess | undefined;

const onDatabase = withDatabaseAt;

/** Polls `check` until it holds: an event, never a moment; the deadline only bounds a failure, which says what was seen. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  seen: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}; saw:\n${seen()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  // An empty database next to the suite's: the shop below starts on it without migrating.
  const name = `ops_${crypto.randomBytes(4).toString("hex")}`;
  await onDatabase(shop().databaseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  databaseUrl = shop().databaseUrl.replace(/\/[^/]+$/, `/${name}`);
});

afterAll(async () => {
  await fresh?.stop("SIGKILL");
  if (fresh) fs.rmSync(fresh.dataDir, { recursive: true, force: true });
});

describe("readiness and migrations", () => {
  it("/readyz is 200 on a running shop and names no detail of what it checked; /healthz only says the process is alive", async () => {
    const ready = await fetch(`${shop().url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, failed: [] });
    expect(await (await fetch(`${shop().url}/healthz`)).json()).toEqual({ ok: true });
  });

  it("a shop started without migrating is not ready until npm run migrate has run, once", async () => {
    // The suite's token secret, so the suite's customers are signed in here too.
    const JWT_SECRET = fs.readFileSync(path.join(shop().dataDir, "jwt-secret"), "utf8").trim();
    const env = await shopEnv("unmigrated", {
      DATABASE_URL: databaseUrl,
      FIREBASE_AUTH_EMULATOR_HOST: new URL(shop().emulatorUrl).host,
      JWT_SECRET,
      MIGRATE_ON_START: "false",
      SEED: "false",
    });
    env.METRICS_PORT = String(await freePort());
    fresh = await spawnShop(env, { timeoutMs: 60_000 });
    const before = await fetch(`${fresh.url}/readyz`);
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({ ready: false, failed: ["migrations"] });
    // The details are the operators': on their port, and in the log.
    const detailed = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/readyz`);
    expect(detailed.status).toBe(503);
    expect(((await detailed.json()) as any).checks.migrations).toEqual({
      ok: false,
      detail: "pending: run npm run migrate",
    });
    expect(fresh.output()).toMatch(/Not ready: migrations/);

    const migrate = (url: string) =>
      run(process.execPath, [path.join(GRAPH_DIR, "dist", "ops", "migrate.js")], {
        env: { PATH: process.env.PATH, DATABASE_URL: url },
      });
    // Two at once, as two processes of an upgrade could: they take turns, and the schema is applied once.
    const [first, second] = await Promise.all([migrate(databaseUrl), migrate(databaseUrl)]);
    const outputs = [first.stdout, second.stdout].sort();
    expect(outputs[0]).toMatch(/^Applied \d+ migrations: InitialSchema1763800000000/);
    expect(outputs[1]).toMatch(/The database is up to date/);
    expect((await fetch(`${fresh.url}/readyz`)).status).toBe(200);
  });

  it("SIGTERM finishes the requests in flight, refuses new ones, closes the pool and exits 0", async () => {
    const customer = await newCustomer("graceful");
    const [{ id: partId }] = await onDatabase(
      databaseUrl,
      async (client) =>
        (
          await client.query(
            `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc) VALUES ('Graceful part', '/x.svg', 100, 5, 1, 'x') RETURNING id`,
          )
        ).rows,
    );
    // The customer exists in this database too (same id as in the suite's), so their token is valid here.
    const user = await onDatabase(
      shop().databaseUrl,
      async (client) => (await client.query("SELECT id, email FROM users WHERE email = $1", [customer.email])).rows[0],
    );
    await onDatabase(databaseUrl, (client) =>
      client.query("INSERT INTO users (id, email, role) VALUES ($1, $2, 'user')", [user.id, user.email]),
    );

    // Hold the part's row: the order will wait for it, in flight.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("SELECT 1 FROM parts WHERE id = $1 FOR UPDATE", [partId]);
    const lockerPid: number = (await locker.query("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const order = fetch(`${fresh!.url}/order`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ orderId: partId, quantity: 2, address: "1 Main St", phone: "0123456789" }),
    });
    // In flight: the order's transaction waits for the row.
    await until(
      "the order to wait for the part's row",
      async () =>
        (
          await locker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [
            lockerPid,
          ])
        ).rows[0].n > 0,
      () => fresh!.output().slice(-3000),
    );
    fresh!.child.kill("SIGTERM");
    await until(
      "the shop to say it is stopping",
      async () => /SIGTERM: stopping/.test(fresh!.output()),
      () => fresh!.output().slice(-3000),
    );
    // Stopping: a new connection is not served.
    const late = await fetch(`${fresh!.url}/healthz`).then(
      (response) => response.status,
      () => "refused",
    );
    expect([503, "refused"], `GET /healthz after SIGTERM answered ${late}`).toContain(late);
    await locker.query("COMMIT");
    await locker.end();
    const answered = await order;
    expect(answered.status).toBe(201);
    expect(await fresh!.exited).toBe(0);
    // Each part stopped by itself, none cut off at the end of its grace period.
    expect(fresh!.output()).not.toMatch(/did not stop within/);
    const rows = await onDatabase(
      databaseUrl,
      async (client) => (await client.query("SELECT quantity FROM orders WHERE part_id = $1", [partId])).rows,
    );
    expect(rows).toEqual([{ quantity: 2 }]);
    const sessions = await onDatabase(
      shop().databaseUrl,
      async (client) =>
        (
          await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [
            databaseUrl.split("/").pop(),
          ])
        ).rows[0].n,
    );
    expect(sessions).toBe(0);
  });
});

/** A TCP relay to `target` on a port of its own, until closed: then that port refuses connections. */
async function relayTo(target: URL): Promise<{ host: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => [client, upstream].forEach((each) => each.destroy()));
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    host: `127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe("slow SQL", () => {
  it("a statement over a second is logged as slow SQL, whether TypeORM runs it or the shop runs it on the pool", async () => {
    const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));
    requireBuilt("reflect-metadata");
    const { createDataSource } = requireBuilt("./db/data-source.js");
    const { runPrepared, runStatement } = requireBuilt("./db/prepared.js");
    const lines: Array<{ msg: string; query?: string; ms?: number }> = [];
    const log = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const db = createDataSource(shop().databaseUrl, log, { poolSize: 2 });
    await db.initialize();
    try {
      await runStatement(db, "SELECT 1", []);
      expect(lines).toEqual([]);
      await runStatement(db, "SELECT pg_sleep(1.1) AS unnamed_slow", []);
      await runPrepared(db, { name: "ops_test_prepared_slow", text: "SELECT pg_sleep(1.1) AS prepared_slow" }, []);
      await db.query("SELECT pg_sleep(1.1) AS typeorm_slow");
      const slow = lines.filter((line) => line.msg === "Slow SQL");
      expect(slow.map((line) => line.query)).toEqual([
        "SELECT pg_sleep(1.1) AS unnamed_slow",
        "SELECT pg_sleep(1.1) AS prepared_slow",
        "SELECT pg_sleep(1.1) AS typeorm_slow",
      ]);
      for (const line of slow) expect(line.ms).toBeGreaterThan(1000);
    } finally {
      await db.destroy();
    }
  });
});

describe("configuration files and a machine that is not as the shop needs it", () => {
  it(".env is read on start, and the environment wins over it", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-env-"));
    try {
      fs.writeFileSync(
        path.join(folder, ".env"),
        "PORT=4100\nJWT_SECRET=from-the-file-from-the-file-from-the-file\n# a comment\n",
      );
      const env: Record<string, string | undefined> = { PORT: "4200" };
      expect(readEnvFile(env, folder)).toBe(path.join(folder, ".env"));
      expect(env).toMatchObject({ PORT: "4200", JWT_SECRET: "from-the-file-from-the-file-from-the-file" });
      expect(readEnvFile({ ENV_FILE: "missing.env" }, folder)).toBeNull();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a port already in use is named, with the variable that moves it", async () => {
    const blocker = net.createServer().listen(await freePort(), "127.0.0.1");
    await new Promise((resolve) => blocker.once("listening", resolve));
    const taken = String((blocker.address() as net.AddressInfo).port);
    try {
      for (const [variable, what] of [
        ["STRIPE_SANDBOX_PORT", "the payment sandbox"],
        ["PORT", "PORT"],
      ]) {
        const env = await shopEnv("port-taken", {
          FIREBASE_AUTH_EMULATOR_HOST: new URL(shop().emulatorUrl).host,
          DATABASE_URL: shop().databaseUrl,
          [variable]: taken,
        });
        const started = await spawnShop(env, { expectFailure: true });
        expect(await started.exited).toBe(1);
        expect(started.output()).toContain(
          variable === "PORT"
            ? `Port ${taken} (PORT) is already in use`
            : `Port ${taken} for ${what} is already in use`,
        );
        expect(started.output()).toContain(variable);
        fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
      }
    } finally {
      blocker.close();
    }
  });

  it("signing in while the identity provider cannot be reached answers 503 with Retry-After and asks to try again, and logs why", async () => {
    const { idToken } = await firebaseSignIn("customer@partshop.dev", "partshop-customer");
    // The shop reaches the emulator through a relay, which goes away once the shop has started.
    const relay = await relayTo(new URL(shop().emulatorUrl));
    const env = await shopEnv("identity-down", {
      FIREBASE_AUTH_EMULATOR_HOST: relay.host,
      DATABASE_URL: shop().databaseUrl,
      SEED: "false",
    });
    const started = await spawnShop(env, { timeoutMs: 60_000 });
    await relay.close();
    try {
      const rest = await fetch(`${started.url}/user/customer@partshop.dev`, {
        method: "PUT",
        headers: { authorization: `Bearer ${idToken}` },
      });
      expect(rest.status).toBe(503);
      expect(rest.headers.get("retry-after")).toBe("5");
      expect(await rest.json()).toEqual({
        error:
          "Signing in is not possible right now: the identity provider cannot be reached; please try again in a moment",
      });
      const graphql = await fetch(`${started.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          query: "mutation($idToken: String!) { signIn(idToken: $idToken) { token } }",
          variables: { idToken },
        }),
      });
      // GraphQL says it with the same status and header as REST.
      expect(graphql.status).toBe(503);
      expect(graphql.headers.get("retry-after")).toBe("5");
      const answer: any = await graphql.json();
      expect(answer.errors[0].extensions).toEqual({ code: "SERVICE_UNAVAILABLE", retryAfterSeconds: 5 });
      expect(answer.errors[0].message).toMatch(/identity provider cannot be reached/);
      // A token that is not one is still the caller's fault, whatever the provider's state.
      const garbage = await fetch(`${started.url}/user/customer@partshop.dev`, {
        method: "PUT",
        headers: { authorization: "Bearer not-a-token" },
      });
      expect(garbage.status).toBe(401);
      expect(started.output()).toMatch(/ECONNREFUSED/);
    } finally {
      await started.stop("SIGTERM");
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    "as root, a data folder the postgres user cannot enter stops the start with one sentence saying what to do",
    async () => {
      const closed = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-private-"));
      fs.chmodSync(closed, 0o700);
      try {
        const env = await shopEnv("private", { DATA_DIR: path.join(closed, "data") });
        const started = await spawnShop(env, { expectFailure: true });
        expect(await started.exited).toBe(1);
        const errorLines = started
          .output()
          .split("\n")
          .filter((line) => line.includes("Configuration error"));
        expect(errorLines).toEqual([
          `[partshop] Configuration error: The embedded PostgreSQL runs as the user "postgres", which cannot enter ${closed} (mode 700): put the clone and DATA_DIR under a folder others can enter (such as /srv or /opt), run chmod o+x ${closed}, or set DATABASE_URL to a PostgreSQL of your own.`,
        ]);
        expect(started.output()).not.toMatch(/EACCES/);
      } finally {
        fs.rmSync(closed, { recursive: true, force: true });
      }
    },
  );
});

describe("tracing", () => {
  it("with an OTLP endpoint configured, requests are traced through HTTP, fastify, GraphQL and PostgreSQL and exported", async () => {
    // An OTLP/HTTP collector: what the shop exports, as JSON.
    const exported: Array<{ scope: string; span: string }> = [];
    const collector = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        if (request.url === "/v1/traces") {
          for (const resource of JSON.parse(body).resourceSpans ?? [])
            for (const scoped of resource.scopeSpans ?? [])
              for (const span of scoped.spans ?? []) exported.push({ scope: scoped.scope.name, span: span.name });
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    const collectorPort = await freePort();
    await new Promise<void>((resolve) => collector.listen(collectorPort, "127.0.0.1", resolve));
    const port = await freePort();
    const dataDir = makeDataDir("traced");
    // The production entry point (main.ts loads tracing), on the suite's database.
    const traced = await spawnShop(
      {
        ...standaloneShopEnv({
          databaseUrl: shop().databaseUrl,
          dataDir,
          emulatorHost: new URL(shop().emulatorUrl).host,
          // Never called here.
          stripe: {
            url: "http://127.0.0.1:9",
            secretKey: "sk_test_traced",
            publishableKey: "pk_test_traced",
            webhookSecret: "whsec_traced",
          },
        }),
        PORT: String(port),
        MIGRATE_ON_START: "false",
        SEED: "false",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "100",
      },
      { main: SHOP_MAIN, timeoutMs: 60_000 },
    );
    try {
      expect((await fetch(`${traced.url}/parts`)).status).toBe(200);
      const probe = await fetch(`${traced.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "query TracedProbe { laptopBrands }", operationName: "TracedProbe" }),
      });
      expect(probe.status).toBe(200);
      // Spans are exported in batches as they end: wait until all of them are in.
      const seen = () => ({
        scopes: [...new Set(exported.map((span) => span.scope))].sort(),
        request: exported.some((span) => span.span === "POST /graphql"),
        operation: exported.some((span) => span.span === "query TracedProbe"),
        statement: exported.some((span) => span.span.startsWith("pg.query:SELECT")),
      });
      await expect.poll(seen, { timeout: 20_000 }).toEqual({
        scopes: [
          "@fastify/otel",
          "@opentelemetry/instrumentation-graphql",
          "@opentelemetry/instrumentation-http",
          "@opentelemetry/instrumentation-pg",
        ],
        request: true,
        operation: true,
        statement: true,
      });
    } finally {
      await traced.stop();
      collector.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
