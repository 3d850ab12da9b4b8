import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMaildev } from "../../dev/src/maildev";
import {
  createFirebaseAccount,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  type Shopper,
  uniqueEmail,
  withDatabase,
  withDatabaseAt,
} from "./support/client";
import { copyDatabase, databaseOnServer, dropDatabase } from "./support/database-server";
import { eventually, payInSandbox, restAt } from "./support/fixtures";
import { collectedInOregon } from "./support/sale";
import { freePort, type ShopProcess, shopEnv, spawnShop } from "./support/processes";
import { startSiblingShop, suiteSandbox } from "./support/siblings";

/*
 * Transactional email: each order change writes its email in its own transaction, and
 * the shop's processes send them over SMTP. The suite's shop sends to a real maildev (the harness
 * starts it), read back through maildev's REST API.
 */

interface Mail {
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
}

const siblings: ShopProcess[] = [];
afterAll(async () => {
  await Promise.all(siblings.map((sibling) => sibling.stop()));
});

let sandbox: Awaited<ReturnType<typeof suiteSandbox>>;
beforeAll(async () => {
  sandbox = await suiteSandbox();
});

async function inbox(inboxUrl = shop().inboxUrl): Promise<Mail[]> {
  const response = await fetch(`${inboxUrl}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as Mail[];
}

const mailsTo = async (email: string, inboxUrl?: string) =>
  (await inbox(inboxUrl)).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase()));

/** The one email to `email` whose subject matches, once it has come. */
async function mailTo(email: string, subject: RegExp, inboxUrl?: string): Promise<Mail> {
  let found: Mail[] = [];
  await eventually(async () => {
    found = (await mailsTo(email, inboxUrl)).filter((mail) => subject.test(mail.subject));
    expect(found.length, `emails to ${email} matching ${subject}`).toBeGreaterThan(0);
  }, 30_000);
  expect(found).toHaveLength(1);
  return found[0];
}

const PLACE_CHECKOUT = `mutation($input: PlaceCheckoutInput!) {
  placeCheckout(input: $input) { databaseId orders { databaseId number } }
}`;

async function checkOut(customer: Shopper, lines: Array<{ partId: string; quantity: number }>, url?: string) {
  const body = {
    query: PLACE_CHECKOUT,
    variables: { input: { lines, ...(await collectedInOregon()) } },
  };
  const answer = url
    ? await restAt(url, "POST", "/graphql", { token: customer.token, body })
    : await gql(PLACE_CHECKOUT, body.variables, customer.token);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.placeCheckout as {
    databaseId: string;
    orders: Array<{ databaseId: string; number: string }>;
  };
}

async function placeOrder(customer: Shopper, partId: string, quantity: number, url = shop().url): Promise<string> {
  const answer = await restAt(url, "POST", "/order", { token: customer.token, body: orderBody(partId, quantity) });
  if (answer.status !== 201) throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.insertedId;
}

async function payOrder(customer: Shopper, orderId: string): Promise<void> {
  const answer = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
  expect(answer.status).toBe(200);
  await payInSandbox(sandbox.url, sandbox.publishableKey, answer.body.clientSecret);
}

const numberOf = async (orderId: string) =>
  withDatabase(async (client) =>
    String(Number((await client.query("SELECT seq FROM orders WHERE id = $1", [orderId])).rows[0].seq) + 100_000),
  );

describe("each order change sends its email", () => {
  it("a checkout of several lines sends one confirmation listing each line and the total, in text and HTML", async () => {
    const customer = await newCustomer("emails", "Ada Lovelace");
    const lines = [
      { name: `Keyboard ${Date.now()}`, priceCents: 4999, quantity: 2 },
      { name: `Battery ${Date.now()}`, priceCents: 8950, quantity: 1 },
      { name: `Hinge ${Date.now()}`, priceCents: 1205, quantity: 3 },
    ];
    const partIds = await Promise.all(lines.map((line) => insertPart({ available: 10, ...line })));
    const checkout = await checkOut(
      customer,
      partIds.map((partId, index) => ({ partId, quantity: lines[index].quantity })),
    );

    const mail = await mailTo(customer.email, /Your Partshop orders/);
    for (const order of checkout.orders) expect(mail.subject).toContain(`#${order.number}`);
    expect(mail.text).toContain("Hello Ada Lovelace,");
    expect(mail.text).toContain(`#${checkout.orders[0].number}  ${lines[0].name}  2 x $49.99 = $99.98`);
    expect(mail.text).toContain(`#${checkout.orders[1].number}  ${lines[1].name}  1 x $89.50 = $89.50`);
    expect(mail.text).toContain(`#${checkout.orders[2].number}  ${lines[2].name}  3 x $12.05 = $36.15`);
    expect(mail.text).toContain("Total: $225.63");
    expect(mail.html).toContain("Hello Ada Lovelace,");
    for (const [index, line] of lines.entries()) {
      expect(mail.html).toContain(`>${line.name}</td>`);
      expect(mail.html).toContain(`>#${checkout.orders[index].number}</td>`);
    }
    expect(mail.html).toMatch(/>2<\/td><td[^>]*>\$49\.99<\/td><td[^>]*>\$99\.98<\/td>/);
    expect(mail.html).toMatch(/>Total<\/th><th[^>]*>\$225\.63<\/th>/);
    expect(mail.headers["message-id"]).toMatch(/^<outbox-\d+@partshop\.dev>$/);
  });

  it("paying a checkout sends one receipt for its orders", async () => {
    const customer = await newCustomer("receipt", "Grace Hopper");
    const partIds = await Promise.all([
      insertPart({ available: 5, priceCents: 2000 }),
      insertPart({ available: 5, priceCents: 350 }),
    ]);
    const checkout = await checkOut(customer, [
      { partId: partIds[0], quantity: 1 },
      { partId: partIds[1], quantity: 2 },
    ]);
    const intent = await gql(
      "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
      { checkoutId: checkout.databaseId },
      customer.token,
    );
    const intentId = await payInSandbox(
      sandbox.url,
      sandbox.publishableKey,
      intent.body.data.createCheckoutPaymentIntent.clientSecret,
    );
    const receipt = await mailTo(customer.email, /^Receipt for your Partshop orders/);
    expect(receipt.text).toContain("We received your payment of $27.00.");
    expect(receipt.text).toContain(`Payment reference: ${intentId}`);
    expect(receipt.text).toContain("Total: $27.00");
  });

  it("cancelling an order sends a cancellation; refunding a paid one sends a refund notice", async () => {
    const customer = await newCustomer("cancels", "Alan Turing");
    const cancelled = await placeOrder(customer, await insertPart({ available: 5, priceCents: 1500 }), 1);
    expect((await rest("DELETE", `/userOrder/${cancelled}`, { token: customer.token })).status).toBe(200);
    const cancellation = await mailTo(customer.email, /^Cancelled: /);
    expect(cancellation.subject).toBe(`Cancelled: your Partshop order #${await numberOf(cancelled)}`);
    expect(cancellation.text).toContain("is cancelled as you asked.");

    const paid = await placeOrder(customer, await insertPart({ available: 5, priceCents: 2500 }), 2);
    await payOrder(customer, paid);
    await mailTo(customer.email, /^Receipt for your Partshop order #/);
    const refunded = await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status } }",
      { id: paid },
      (await seededAdmin()).token,
    );
    expect(refunded.body.data.refundOrder.status).toBe("REFUNDED");
    const notice = await mailTo(customer.email, /^Refund for your Partshop order/);
    expect(notice.text).toContain("We refunded $50.00 to your card.");
  });

  it("a part's name is escaped in the HTML and kept as it is in the text", async () => {
    const customer = await newCustomer("escape");
    const name = `<script>alert("x")</script> & Co ${Date.now()}`;
    await placeOrder(customer, await insertPart({ available: 5, name }), 1);
    const mail = await mailTo(customer.email, /^Your Partshop order #/);
    expect(mail.text).toContain(name);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(`&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co`);
  });
});

describe("holds ending", () => {
  it("a hold about to end and a hold ended each send one email, with two more shop processes running the jobs", async () => {
    const fast = { HOLD_EXPIRY_INTERVAL_SECONDS: "1", EMAIL_SEND_INTERVAL_SECONDS: "1" };
    siblings.push(...(await Promise.all([startSiblingShop("emails-a", fast), startSiblingShop("emails-b", fast)])));
    const customers = await Promise.all(Array.from({ length: 4 }, () => newCustomer("lapsing")));
    const parts = await Promise.all(Array.from({ length: 3 }, () => insertPart({ available: 50 })));
    const orderIds: string[] = [];
    for (const customer of customers.slice(0, 2)) orderIds.push(await placeOrder(customer, parts[0], 1));
    for (const customer of customers.slice(2)) {
      const checkout = await checkOut(customer, [
        { partId: parts[1], quantity: 1 },
        { partId: parts[2], quantity: 2 },
      ]);
      orderIds.push(...checkout.orders.map((order) => order.databaseId));
    }
    const setHoldEnd = (interval: string) =>
      withDatabase((client) =>
        client.query(`UPDATE orders SET hold_expires_at = now() + $2::interval WHERE id = ANY($1::uuid[])`, [
          orderIds,
          interval,
        ]),
      );

    await setHoldEnd("5 minutes");
    for (const customer of customers) await mailTo(customer.email, /^Your reservation ends soon: /);
    await setHoldEnd("-1 second");
    for (const customer of customers) await mailTo(customer.email, /^Your reservation has ended: /);
    const checkoutWarning = await mailTo(customers[2].email, /^Your reservation ends soon: /);
    expect(checkoutWarning.subject).toMatch(/^Your reservation ends soon: orders #\d+, #\d+$/);

    // Everything written is sent, each once: no second copy arrives in the inbox.
    await eventually(async () => {
      const unsent = await withDatabase(
        async (client) =>
          (
            await client.query(
              `SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
            )
          ).rows[0].n,
      );
      expect(unsent).toBe(0);
    }, 30_000);
    for (const customer of customers) {
      const subjects = (await mailsTo(customer.email)).map((mail) => mail.subject);
      const count = (pattern: RegExp) => subjects.filter((subject) => pattern.test(subject)).length;
      expect(count(/^Your Partshop orders? #/), subjects.join(" | ")).toBe(1);
      expect(count(/^Your reservation ends soon: /), subjects.join(" | ")).toBe(1);
      expect(count(/^Your reservation has ended: /), subjects.join(" | ")).toBe(1);
    }
  });
});

describe("a mail server that cannot be reached", () => {
  let own: ShopProcess | undefined;
  let databaseUrl: string | undefined;
  afterAll(async () => {
    await own?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it("the email is retried, each attempt counted, and goes out once the server answers", async () => {
    // A shop of its own, on a copy of the suite's template: no other process sends its outbox.
    databaseUrl = await copyDatabase(databaseOnServer(shop().databaseUrl, "partshop"), "emails_smtp_down");
    const smtpPort = await freePort();
    own = await spawnShop(
      await shopEnv("smtp-down", {
        DATABASE_URL: databaseUrl,
        FIREBASE_AUTH_EMULATOR_HOST: shop().emulatorUrl.replace(/^http:\/\//, ""),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        EMAIL_SEND_INTERVAL_SECONDS: "1",
        EMAIL_RETRY_SECONDS: "1",
      }),
      { timeoutMs: 90_000 },
    );
    const email = uniqueEmail("retry");
    const { idToken } = await createFirebaseAccount(email, "secret-123", "Retry Customer");
    const signedIn = await restAt(own.url, "PUT", `/user/${email}`, { token: idToken, body: { email } });
    const customer: Shopper = { email, token: signedIn.body.token, name: "Retry Customer" };
    const partId = await withDatabaseAt(databaseUrl, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         VALUES ('Retry test part', '/images/parts/dc-jack.svg', 1000, 10, 1, 'A part made by a test') RETURNING id`,
      );
      return String(rows[0].id);
    });
    await placeOrder(customer, partId, 1, own.url);

    const outboxRow = () =>
      withDatabaseAt(databaseUrl!, async (client) => {
        const { rows } = await client.query(
          `SELECT attempts, sent_at, failed_at, last_error FROM email_outbox WHERE recipient = $1`,
          [email],
        );
        expect(rows).toHaveLength(1);
        return rows[0];
      });
    await eventually(async () => expect((await outboxRow()).attempts).toBeGreaterThanOrEqual(3), 60_000);
    const failing = await outboxRow();
    expect(failing.sent_at).toBeNull();
    expect(failing.failed_at).toBeNull();
    expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);

    const catcher = await startMaildev({ smtpPort, webPort: await freePort(), dataDir: own.dataDir });
    try {
      const mail = await mailTo(email, /^Your Partshop order #/, catcher.webUrl);
      expect(mail.text).toContain("Hello Retry Customer,");
      const sent = await outboxRow();
      expect(sent.sent_at).not.toBeNull();
      expect(sent.attempts).toBeGreaterThan(failing.attempts);
    } finally {
      await catcher.stop();
    }
  });
});
