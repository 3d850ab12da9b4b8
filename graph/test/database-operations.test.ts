import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DataSource, type MigrationInterface, type QueryRunner } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeSandbox, type StripeSandbox } from "../../dev/src/payment-sandbox/stripe-sandbox";
import { migrations as shopMigrations } from "../src/db/data-source";
import { createIndexConcurrently, migrate } from "../src/db/migrate";
import { createFirebaseAccount, shop, uniqueEmail, withDatabaseAt } from "./support/client";
import { payInSandbox, restAt } from "./support/fixtures";
import { freePort, GRAPH_DIR, SHOP_MAIN, spawnShop, standaloneShopEnv, type ShopProcess } from "./support/processes";
import {
  asPostgresUser,
  DEPLOY_DIR,
  postgresFolder,
  run,
  runInBackground,
  startPostgres,
  type Postgres,
} from "./support/servers";

/*
 * What an operator does to the database while the shop runs: restore it to a point in time
 * (pgBackRest from Debian's packages, on deploy/pgbackrest.conf, archiving every WAL segment of a
 * PostgreSQL server from Debian's packages), and upgrade its schema under load. One shop process
 * takes orders and payments throughout, as the README's restore runbook and upgrade steps say.
 */
const SANDBOX_KEYS = {
  secretKey: "sk_test_db_ops",
  publishableKey: "pk_test_db_ops",
  webhookSecret: `whsec_${crypto.randomBytes(16).toString("hex")}`,
};
const STANZA = "partshop";

let folder: string;
let database: Postgres;
let pgbackrestConfig: string;
let sandbox: StripeSandbox;
let shopProcess: ShopProcess;
let customers: Array<{ email: string; token: string }>;
let parts: string[];
const STOCK = 100_000;

/** deploy/pgbackrest.conf as it is, but for the paths of this test's server and repository. */
function deployedPgbackrestConfig(server: Postgres): string {
  let config = fs.readFileSync(path.join(DEPLOY_DIR, "pgbackrest.conf"), "utf8");
  const set = (key: string, value: string) => {
    const line = new RegExp(`^${key}=.*$`, "m");
    if (!line.test(config)) throw new Error(`deploy/pgbackrest.conf has no ${key}`);
    config = config.replace(line, `${key}=${value}`);
  };
  set("repo1-path", postgresFolder(path.join(folder, "pgbackrest-repo")));
  set("pg1-path", server.dataDir);
  set("pg1-socket-path", server.socketDir);
  const own = postgresFolder(path.join(folder, "pgbackrest-run"));
  config = config.replace(/^\[global\]$/m, `[global]\nlock-path=${own}\nspool-path=${own}`);
  config = config.replace(/^pg1-user=.*$/m, (line) => `${line}\npg1-port=${server.port}`);
  const file = path.join(own, "pgbackrest.conf");
  fs.writeFileSync(file, config);
  return file;
}

const pgbackrestArgs = (args: string[]) =>
  asPostgresUser("pgbackrest", [`--config=${pgbackrestConfig}`, `--stanza=${STANZA}`, ...args]);
const pgbackrest = (...args: string[]) => run(...pgbackrestArgs(args));

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-dbops-"));
  fs.chmodSync(folder, 0o755);
  const configFile = path.join(folder, "pgbackrest-run", "pgbackrest.conf");
  // As in compose: PostgreSQL hands every finished WAL segment to pgBackRest.
  database = await startPostgres(folder, {
    settings: {
      archive_mode: "on",
      archive_command: `'pgbackrest --config=${configFile} --stanza=${STANZA} archive-push %p'`,
      wal_level: "replica",
    },
  });
  pgbackrestConfig = deployedPgbackrestConfig(database);
  expect(pgbackrestConfig).toBe(configFile);
  pgbackrest("stanza-create");
  pgbackrest("check");

  const port = await freePort();
  sandbox = await startStripeSandbox({
    port: await freePort(),
    ...SANDBOX_KEYS,
    webhookUrl: `http://127.0.0.1:${port}/stripe/webhook`,
  });
  shopProcess = await spawnShop(
    {
      ...standaloneShopEnv({
        databaseUrl: database.url,
        dataDir: folder,
        emulatorHost: new URL(shop().emulatorUrl).host,
        stripe: { url: sandbox.url, ...SANDBOX_KEYS },
      }),
      PORT: String(port),
    },
    { main: SHOP_MAIN, timeoutMs: 90_000 },
  );
  parts = await withDatabaseAt(database.url, async (client) => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index++) {
      const { rows } = await client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc) VALUES ($1, '/images/parts/battery-57wh.svg', 1500, $2, 1, 'x') RETURNING id`,
        [`Operations part ${index}`, STOCK],
      );
      ids.push(rows[0].id);
    }
    return ids;
  });
  customers = await Promise.all(
    Array.from({ length: 6 }, async () => {
      const email = uniqueEmail("dbops");
      const { idToken } = await createFirebaseAccount(email);
      const answer = await restAt(shopProcess.url, "PUT", `/user/${email}`, { token: idToken });
      if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`);
      return { email, token: answer.body.token as string };
    }),
  );
}, 240_000);

afterAll(async () => {
  await shopProcess?.stop("SIGKILL");
  await sandbox?.close();
  await database?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

// --- Orders and payments, as shoppers make them -----------------------------------------------------

interface Traffic {
  /** Orders answered 201: when asked for and when answered (ms since the epoch). */
  orders: Array<{ id: string; requestedAt: number; answeredAt: number }>;
  /** Payments answered as recorded: when the shopper started paying (the intent) and when it was answered. */
  payments: Array<{ orderId: string; startedAt: number; answeredAt: number }>;
  /** Every answer that was not what a shopper expects. */
  failures: string[];
}

/** Each customer places an order and pays it, again and again, until `stop()` says so. */
async function ordersAndPayments(stop: () => boolean): Promise<Traffic> {
  const traffic: Traffic = { orders: [], payments: [], failures: [] };
  await Promise.all(
    customers.map(async (customer) => {
      while (!stop()) {
        const partId = parts[Math.floor(Math.random() * parts.length)];
        const requestedAt = Date.now();
        const placed = await restAt(shopProcess.url, "POST", "/order", {
          token: customer.token,
          body: { orderId: partId, quantity: 1, address: "1 Main St", phone: "0123456789" },
        });
        if (placed.status !== 201) {
          traffic.failures.push(`POST /order ${placed.status} ${JSON.stringify(placed.body)}`);
          continue;
        }
        const orderId = placed.body.insertedId as string;
        traffic.orders.push({ id: orderId, requestedAt, answeredAt: Date.now() });
        const startedAt = Date.now();
        const intent = await restAt(shopProcess.url, "POST", "/create-payment-intent", {
          token: customer.token,
          body: { orderId },
        });
        if (intent.status !== 200) {
          traffic.failures.push(`POST /create-payment-intent ${intent.status} ${JSON.stringify(intent.body)}`);
          continue;
        }
        const transactionId = await payInSandbox(sandbox.url, SANDBOX_KEYS.publishableKey, intent.body.clientSecret);
        const recorded = await restAt(shopProcess.url, "PATCH", `/order/${orderId}`, {
          token: customer.token,
          body: { transactionId },
        });
        if (recorded.status !== 200)
          traffic.failures.push(`PATCH /order ${recorded.status} ${JSON.stringify(recorded.body)}`);
        else traffic.payments.push({ orderId, startedAt, answeredAt: Date.now() });
      }
    }),
  );
  return traffic;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function checkInvariants(databaseUrl: string): { ok: boolean; violations: unknown[] } {
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
  return JSON.parse(output);
}

describe("point-in-time recovery with pgBackRest", () => {
  it("restores into a fresh PostgreSQL to the moment asked: every order acknowledged before it, none asked for after, and the invariants hold", async () => {
    let stopping = false;
    const load = ordersAndPayments(() => stopping);
    await sleep(1500);
    // The base backup is taken while orders and payments keep coming (the runbook's backup service).
    await runInBackground(...pgbackrestArgs(["--type=full", "backup"]));
    await sleep(1500);
    const point = new Date();
    await sleep(1500);
    stopping = true;
    const traffic = await load;
    // The WAL up to now is in the repository (check switches to a new segment and waits for it).
    pgbackrest("check");

    const before = traffic.orders.filter((order) => order.answeredAt < point.getTime());
    const after = traffic.orders.filter((order) => order.requestedAt > point.getTime());
    const paidBefore = traffic.payments.filter((payment) => payment.answeredAt < point.getTime());
    const paidAfter = traffic.payments.filter((payment) => payment.startedAt > point.getTime());
    console.log(
      `restore under load: ${traffic.orders.length} orders, ${traffic.payments.length} payments; ${before.length} orders and ${paidBefore.length} payments acknowledged before the point, ${after.length} orders and ${paidAfter.length} payments asked for after it`,
    );
    expect(traffic.failures).toEqual([]);
    expect(before.length).toBeGreaterThan(5);
    expect(after.length).toBeGreaterThan(5);
    expect(paidBefore.length).toBeGreaterThan(3);
    expect(paidAfter.length).toBeGreaterThan(3);

    // The runbook: restore into an empty data directory, start PostgreSQL, wait for it to promote.
    const restoredDir = postgresFolder(path.join(folder, "restored"));
    const target = point.toISOString().replace("T", " ").replace("Z", "+00");
    pgbackrest(`--pg1-path=${restoredDir}`, "--type=time", `--target=${target}`, "--target-action=promote", "restore");
    const restored = await startPostgres(folder, {
      name: "restored",
      existingDataDir: true,
      settings: { archive_mode: "off" },
    });
    try {
      await expect
        .poll(
          () =>
            withDatabaseAt(
              restored.url,
              async (client) => (await client.query("SELECT pg_is_in_recovery() AS recovering")).rows[0].recovering,
            ),
          {
            timeout: 60_000,
            interval: 250,
          },
        )
        .toBe(false);
      const rows = await withDatabaseAt(
        restored.url,
        async (client) => (await client.query("SELECT id, status FROM orders WHERE part_id = ANY($1)", [parts])).rows,
      );
      const statusOf = new Map(rows.map((row) => [row.id as string, row.status as string]));
      for (const order of before)
        expect(statusOf.has(order.id), `order ${order.id} acknowledged before the point`).toBe(true);
      for (const payment of paidBefore)
        expect(statusOf.get(payment.orderId), `payment of ${payment.orderId} acknowledged before the point`).toBe(
          "paid",
        );
      for (const order of after)
        expect(statusOf.has(order.id), `order ${order.id} asked for after the point`).toBe(false);
      for (const payment of paidAfter)
        expect(
          statusOf.get(payment.orderId) ?? "absent",
          `payment of ${payment.orderId} started after the point`,
        ).not.toBe("paid");
      expect(checkInvariants(restored.url)).toMatchObject({ ok: true, violations: [] });
    } finally {
      await restored.stop();
    }
  }, 180_000);
});

// --- Upgrades ------------------------------------------------------------------------------------------

/** A migration as the guide says to write one for a large table: its own transaction mode, the index built concurrently. */
class OrdersByCreation1999000000000 implements MigrationInterface {
  name = "OrdersByCreation1999000000000";
  transaction = false as const;
  async up(db: QueryRunner): Promise<void> {
    await createIndexConcurrently(db, "orders_by_created_at", "orders (created_at)");
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP INDEX CONCURRENTLY IF EXISTS orders_by_created_at");
  }
}

/** A change that needs the table to itself for a moment (ACCESS EXCLUSIVE). */
class OrdersGiftNote1999000000001 implements MigrationInterface {
  name = "OrdersGiftNote1999000000001";
  async up(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE orders ADD COLUMN gift_note text");
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE orders DROP COLUMN gift_note");
  }
}

async function dataSourceWith(...extra: Array<new () => MigrationInterface>): Promise<DataSource> {
  const db = new DataSource({
    type: "postgres",
    url: database.url,
    migrations: [...shopMigrations, ...extra],
    poolSize: 2,
  });
  return db.initialize();
}

describe("migrations while the shop takes orders", () => {
  it("an index is built concurrently while orders and payments keep coming: none fails", async () => {
    const db = await dataSourceWith(OrdersByCreation1999000000000);
    try {
      let stopping = false;
      const load = ordersAndPayments(() => stopping);
      await sleep(500);
      const applied = await migrate(db);
      await sleep(500);
      stopping = true;
      const traffic = await load;
      expect(applied).toEqual(["OrdersByCreation1999000000000"]);
      expect(traffic.failures).toEqual([]);
      expect(traffic.orders.length).toBeGreaterThan(3);
      const index = await withDatabaseAt(
        database.url,
        async (client) =>
          (
            await client.query(
              `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'orders_by_created_at'`,
            )
          ).rows,
      );
      expect(index).toEqual([{ valid: true }]);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it("a migration that must wait for a long transaction gives up its place in the lock queue, so orders go on, and runs once the transaction ends", async () => {
    const db = await dataSourceWith(OrdersByCreation1999000000000, OrdersGiftNote1999000000001);
    // A long transaction that read the orders (a report, an operator's psql): ALTER TABLE must wait for it.
    const longTransaction = new pg.Client({ connectionString: database.url });
    await longTransaction.connect();
    const retries: string[] = [];
    let migrating: Promise<string[]> | undefined;
    try {
      await longTransaction.query("BEGIN");
      await longTransaction.query("SELECT count(*) FROM orders");
      migrating = migrate(
        db,
        { lockWaitMs: 60_000, statementLockWaitMs: 300, attempts: 100, retryDelayMs: 100 },
        (line) => retries.push(line),
      );
      // The ALTER is queued for the table's lock.
      await expect
        .poll(
          () =>
            withDatabaseAt(
              database.url,
              async (client) =>
                (
                  await client.query(
                    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'ALTER TABLE orders%' AND wait_event_type = 'Lock'`,
                  )
                ).rows[0].n,
            ),
          { timeout: 20_000, interval: 20 },
        )
        .toBe(1);
      // Orders placed while it keeps trying: without a lock timeout each would queue behind the
      // ALTER, itself queued behind the long transaction, and none would be answered until it ends.
      let stopping = false;
      const load = ordersAndPayments(() => stopping);
      await sleep(2000);
      stopping = true;
      const answeredFirst = await Promise.race([
        load.then(() => "orders"),
        sleep(30_000).then(() => "the long transaction's end"),
      ]);
      await longTransaction.query("COMMIT");
      const traffic = await load;
      expect(answeredFirst).toBe("orders");
      expect(traffic.failures).toEqual([]);
      expect(traffic.orders.length).toBeGreaterThan(3);
      expect(await migrating).toEqual(["OrdersGiftNote1999000000001"]);
      expect(retries.length).toBeGreaterThan(0);
      expect(retries[0]).toMatch(
        /waited over 300 ms for a lock another transaction holds; it was rolled back and runs again/,
      );
      const columns = await withDatabaseAt(
        database.url,
        async (client) =>
          (
            await client.query(
              `SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'gift_note'`,
            )
          ).rows,
      );
      expect(columns).toEqual([{ column_name: "gift_note" }]);
    } finally {
      await longTransaction.end().catch(() => undefined);
      // Done before its connection closes, whatever failed above.
      await migrating?.catch(() => undefined);
      await db.destroy();
    }
  }, 120_000);

  it("a process that finds another migrating for too long stops with a clear error instead of waiting for ever", async () => {
    const db = await dataSourceWith();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(734002)");
      await expect(
        migrate(db, { lockWaitMs: 300, statementLockWaitMs: 300, attempts: 1, retryDelayMs: 100 }),
      ).rejects.toThrow(
        /Another process has been migrating this database for over 0.3 seconds \(it holds advisory lock 734002; see pg_stat_activity\): not migrating/,
      );
    } finally {
      await holder.end();
      await db.destroy();
    }
  });
});
