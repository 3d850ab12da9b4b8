import crypto from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  availableOf,
  errorCode,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  Shopper,
  withDatabase,
} from "./support/client";
import { checkInvariants } from "../src/ops/check-invariants";
import { payInSandbox, sandboxOf } from "./support/fixtures";
import { domainServices } from "./support/domain";
import { lookupPatterns, TrigramShares, TrigramStatistics } from "../src/domain/trigram-windows";

/*
 * Orders people can follow (issue 14, part 4): timestamps, the admins' filters and search, the
 * "Delete order" cancellation in the history, and the CSV export streamed from a cursor.
 */

let admin: Shopper;

beforeAll(async () => {
  admin = await seededAdmin();
});

const ORDER_FIELDS = "id databaseId partName userEmail status paid createdAt paidAt cancelledAt";

async function place(
  customer: Shopper,
  partId: string,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const answer = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, quantity, extra) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId;
}

async function pay(customer: Shopper, orderId: string): Promise<string> {
  const intent = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const transactionId = await payInSandbox(sandboxUrl, publishableKey, intent.body.clientSecret);
  const confirmed = await rest("PATCH", `/order/${orderId}`, { token: customer.token, body: { transactionId } });
  expect(confirmed.status).toBe(200);
  return transactionId;
}

async function adminOrders(args: string, token = admin.token) {
  const answer = await gql(
    `{ orders(first: 100${args}) { edges { node { ${ORDER_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
    {},
    token,
  );
  expect(answer.body.errors, args).toBeUndefined();
  return answer.body.data.orders;
}
const idsOf = (connection: any) => connection.edges.map((edge: any) => edge.node.databaseId);

describe("order timestamps", () => {
  it("an order carries when it was placed, paid and cancelled; customers see them on their orders", async () => {
    const customer = await newCustomer("timestamps");
    const partId = await insertPart({ available: 10 });
    const started = Date.now();
    const paidId = await place(customer, partId);
    const cancelledId = await place(customer, await insertPart({ available: 10 }));
    await pay(customer, paidId);
    expect((await rest("DELETE", `/userOrder/${cancelledId}`, { token: customer.token })).status).toBe(200);

    const mine = await gql(
      `{ viewer { orders(first: 10) { edges { node { ${ORDER_FIELDS} } } } } }`,
      {},
      customer.token,
    );
    const [paid] = mine.body.data.viewer.orders.edges.map((edge: any) => edge.node);
    expect(mine.body.data.viewer.orders.edges).toHaveLength(1);
    expect(paid).toMatchObject({ databaseId: paidId, status: "PAID", cancelledAt: null });
    const placedAt = new Date(paid.createdAt).getTime();
    expect(placedAt).toBeGreaterThanOrEqual(started - 5_000);
    expect(new Date(paid.paidAt).getTime()).toBeGreaterThanOrEqual(placedAt);

    const [cancelled] = (await adminOrders(`, status: CANCELLED, search: "${customer.email}"`)).edges.map(
      (edge: any) => edge.node,
    );
    expect(cancelled).toMatchObject({ databaseId: cancelledId, status: "CANCELLED", paidAt: null });
    expect(new Date(cancelled.cancelledAt).getTime()).toBeGreaterThanOrEqual(new Date(cancelled.createdAt).getTime());
    // ?status=cancelled is honoured by the spec's admin list too (the cancelled order only, as GraphQL lists it).
    const restCancelled = await rest(
      "GET",
      `/getOrders?status=cancelled&search=${encodeURIComponent(customer.email)}`,
      { token: admin.token },
    );
    expect(restCancelled.body.map((order: any) => [order._id, order.status])).toEqual([[cancelledId, "cancelled"]]);
    const row = await withDatabase(
      async (client) => (await client.query("SELECT created_at, paid_at FROM orders WHERE id = $1", [paidId])).rows[0],
    );
    expect(paid.createdAt).toBe(row.created_at.toISOString());
    expect(paid.paidAt).toBe(row.paid_at.toISOString());
  });
});

describe("Manage All Orders: filters, search, newest first, pages", () => {
  let tag: string;
  let alice: Shopper;
  let bob: Shopper;
  const ids: Record<string, string> = {};
  let fanPart: string;

  beforeAll(async () => {
    tag = crypto.randomBytes(3).toString("hex");
    [alice, bob] = await Promise.all([newCustomer(`alice${tag}`), newCustomer(`bob${tag}`)]);
    fanPart = await insertPart({ available: 50, name: `Fan ${tag}` });
    const hinge = await insertPart({ available: 50, name: `Hinge ${tag}` });
    ids.aliceFan = await place(alice, fanPart);
    ids.aliceHinge = await place(alice, hinge);
    ids.bobFan = await place(bob, fanPart);
    await pay(alice, ids.aliceFan);
  });

  it("filters by state, searches customers' emails and parts' names (as ordered or as named now), newest first", async () => {
    expect(idsOf(await adminOrders(`, search: "${tag}"`))).toEqual([ids.bobFan, ids.aliceHinge, ids.aliceFan]);
    expect(idsOf(await adminOrders(`, search: "${tag}", status: UNPAID`))).toEqual([ids.bobFan, ids.aliceHinge]);
    expect(idsOf(await adminOrders(`, search: "${tag}", status: PAID`))).toEqual([ids.aliceFan]);
    expect(idsOf(await adminOrders(`, search: "${alice.email.toUpperCase()}"`))).toEqual([
      ids.aliceHinge,
      ids.aliceFan,
    ]);
    expect(idsOf(await adminOrders(`, search: "fan ${tag}"`))).toEqual([ids.bobFan, ids.aliceFan]);
    expect(idsOf(await adminOrders(`, search: "${fanPart}"`))).toEqual([ids.bobFan, ids.aliceFan]);
    expect(idsOf(await adminOrders(`, search: "${ids.aliceHinge}"`))).toEqual([ids.aliceHinge]);
    // Renamed since: found by the name it has now, still shown with the name it was ordered under.
    await withDatabase((client) =>
      client.query("UPDATE parts SET name = $2 WHERE id = $1", [fanPart, `Cooler ${tag}`]),
    );
    const renamed = await adminOrders(`, search: "cooler ${tag}"`);
    expect(idsOf(renamed)).toEqual([ids.bobFan, ids.aliceFan]);
    expect(renamed.edges[0].node.partName).toBe(`Fan ${tag}`);
    // LIKE wildcards are plain characters.
    expect(idsOf(await adminOrders(`, search: "${tag}%"`))).toEqual([]);
  });

  it("finds an order by a name written in psql that its part never had", async () => {
    const legacy = `Legacy dock ${tag}`;
    const buyer = await newCustomer(`legacy${tag}`);
    const id = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone, status, cancelled_at)
         SELECT p.id, $2, 1, p.price_cents, p.price_cents, u.id, u.email, 'Legacy buyer', '1 Main St', '0123456789', 'cancelled', now()
         FROM parts p, users u WHERE p.id = $1 AND u.email = $3 RETURNING id`,
        [fanPart, legacy, buyer.email],
      );
      return rows[0].id as string;
    });
    expect(idsOf(await adminOrders(`, search: "legacy DOCK ${tag}", status: CANCELLED`))).toEqual([id]);
  });

  it("a search that names more than a thousand parts still finds their orders, newest first, by the name as ordered or now", async () => {
    // 1,001 retired parts share the name, so the search walks the orders instead of listing parts.
    const own = crypto.randomBytes(3).toString("hex");
    const broad = `Broad ${own}`;
    const [carol, dan] = await Promise.all([newCustomer(`carol${own}`), newCustomer(`dan${own}`)]);
    await withDatabase((client) =>
      client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc, retired_at)
         SELECT $1 || ' retired ' || n, '/images/parts/dc-jack.svg', 100, 0, 1, 'A part made by a test', now() FROM generate_series(1, 1001) AS n`,
        [broad],
      ),
    );
    onTestFinished(async () => {
      await withDatabase((client) =>
        client.query(`DELETE FROM parts WHERE name LIKE $1 AND retired_at IS NOT NULL`, [`${broad} retired %`]),
      );
    });
    const named = await insertPart({ available: 10, name: `${broad} live` });
    const renamedLater = await insertPart({ available: 10, name: `Solo ${own}` });
    const first = await place(carol, named);
    const second = await place(dan, renamedLater);
    await withDatabase((client) =>
      client.query("UPDATE parts SET name = $2 WHERE id = $1", [renamedLater, `${broad} renamed`]),
    );
    expect(idsOf(await adminOrders(`, search: "${broad.toLowerCase()}"`))).toEqual([second, first]);
    expect(idsOf(await adminOrders(`, search: "solo ${own}"`))).toEqual([second]);
    // The same walk with the orders' parts read in its statement.
    const withParts = await gql(
      `{ orders(first: 100, search: "${broad.toLowerCase()}") { edges { node { databaseId part { name } } } } }`,
      {},
      admin.token,
    );
    expect(withParts.body.errors).toBeUndefined();
    expect(withParts.body.data.orders.edges.map((edge: any) => [edge.node.databaseId, edge.node.part.name])).toEqual([
      [second, `${broad} renamed`],
      [first, `${broad} live`],
    ]);
  });

  it("a search that matches more than a thousand customers still finds their orders, newest first, by email or name", async () => {
    // 1,001 emails orders were placed under contain the text, so the search walks the orders.
    const own = crypto.randomBytes(3).toString("hex");
    const buyer = await newCustomer(`many${own}`);
    const part = await insertPart({ available: 10, name: `Many ${own}` });
    const oldest = await place(buyer, part);
    const newest = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone, status, cancelled_at)
         SELECT p.id, p.name, 1, p.price_cents, p.price_cents, u.id, 'crowd' || n || '.' || $3 || '@example.test', 'Crowd member', '1 Main St', '0123456789', 'cancelled', now()
         FROM parts p, users u, generate_series(1, 1001) AS n WHERE p.id = $1 AND u.email = $2 ORDER BY n RETURNING id`,
        [part, buyer.email, own],
      );
      return rows.map((row) => row.id as string).reverse();
    });
    const crowd = await adminOrders(`, search: "${own}@example", status: CANCELLED`);
    expect(idsOf(crowd)).toEqual(newest.slice(0, 100));
    expect(crowd.pageInfo.hasNextPage).toBe(true);
    // Walked, the orders' own fields are folded as the search is: "exämple" is "example".
    expect(idsOf(await adminOrders(`, search: "${own}@EXÄMPLE", status: CANCELLED`))).toEqual(newest.slice(0, 100));
    // Narrow again: one email among them, one name, and the part's own customer.
    expect(idsOf(await adminOrders(`, search: "CROWD7.${own}@", status: CANCELLED`))).toEqual([newest[1001 - 7]]);
    expect(idsOf(await adminOrders(`, search: "many${own}"`))).toEqual([oldest]);
    await withDatabase((client) =>
      client.query(`UPDATE orders SET user_name = $2 WHERE id = $1`, [newest[0], `Renamed ${own}`]),
    );
    expect(idsOf(await adminOrders(`, search: "renamed ${own}", status: CANCELLED`))).toEqual([newest[0]]);
  });

  it("an order written with the customers' trigger off is reported by check:invariants, and found once rebuild_order_customer_names() adds its customer", async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const buyer = await newCustomer(`quiet${own}`);
    const part = await insertPart({ available: 10, name: `Quiet ${own}` });
    // Only that trigger: the rollups' stay on, so the overview's figures hold.
    const id = await withDatabase(async (client) => {
      await client.query("BEGIN");
      await client.query("ALTER TABLE orders DISABLE TRIGGER orders_remember_customers");
      const { rows } = await client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone, status, cancelled_at)
         SELECT p.id, p.name, 1, p.price_cents, p.price_cents, u.id, 'unheard.' || $3 || '@example.test', 'Unheard', '1 Main St', '0123456789', 'cancelled', now()
         FROM parts p, users u WHERE p.id = $1 AND u.email = $2 RETURNING id`,
        [part, buyer.email, own],
      );
      await client.query("ALTER TABLE orders ENABLE TRIGGER orders_remember_customers");
      await client.query("COMMIT");
      return rows[0].id as string;
    });
    const missing = async () =>
      (await withDatabase((client) => checkInvariants(client))).violations.filter((violation) =>
        violation.includes("order_customer_names"),
      );
    expect(await missing()).toEqual([expect.stringContaining(`unheard.${own}@example.test`)]);
    await withDatabase((client) => client.query("SELECT rebuild_order_customer_names()"));
    expect(await missing()).toEqual([]);
    expect(idsOf(await adminOrders(`, search: "unheard.${own}", status: CANCELLED`))).toEqual([id]);
  });

  it("pages through a filtered list with cursors", async () => {
    const first = (
      await gql(
        `{ orders(first: 2, search: "${tag}") { edges { node { databaseId } } pageInfo { hasNextPage endCursor } } }`,
        {},
        admin.token,
      )
    ).body.data.orders;
    expect(idsOf(first)).toEqual([ids.bobFan, ids.aliceHinge]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (
      await gql(
        `query($after: String) { orders(first: 2, search: "${tag}", after: $after) { edges { node { databaseId } } pageInfo { hasNextPage } } }`,
        {
          after: first.pageInfo.endCursor,
        },
        admin.token,
      )
    ).body.data.orders;
    expect(idsOf(second)).toEqual([ids.aliceFan]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("GET /getOrders takes the same filters and answers as before without them", async () => {
    const all = await rest("GET", "/getOrders", { token: admin.token });
    expect(all.status).toBe(200);
    const live = await withDatabase(async (client) =>
      (await client.query("SELECT id FROM orders WHERE status <> 'cancelled' ORDER BY seq DESC LIMIT 1000")).rows.map(
        (row) => row.id,
      ),
    );
    expect(all.body.map((order: any) => order._id)).toEqual(live);
    expect(Object.keys(all.body[0]).sort()).toEqual(
      [
        "_id",
        "orderId",
        "order",
        "quantity",
        "price",
        "user",
        "userName",
        "address",
        "phone",
        "paid",
        "status",
        "transactionId",
        "createdAt",
      ].sort(),
    );
    const unpaid = await rest("GET", `/getOrders?status=unpaid&search=${tag}`, { token: admin.token });
    expect(unpaid.body.map((order: any) => order._id)).toEqual([ids.bobFan, ids.aliceHinge]);
    const bad = await rest("GET", "/getOrders?status=shipped", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("status must be unpaid, paid, cancelled or refunded");
    expect((await rest("GET", `/getOrders?search=${"x".repeat(201)}`, { token: admin.token })).status).toBe(400);
  });
});

describe("the search by a long part name (looked up by its rarest words' rarest trigrams)", () => {
  /** Shares of names with each trigram, as ANALYZE reports them for names like the scale seed's. */
  const SEED_LIKE: TrigramShares = {
    listed: new Map([
      ...["  f", " fo", "for", "or "].map((trigram) => [trigram, 0.9999] as const),
      ...["web", "ebc", "bca", "cam", "am "].map((trigram) => [trigram, 0.1] as const),
      ...["  l", " la", "lap", "apt", "pto", "top", "op "].map((trigram) => [trigram, 0.127] as const),
      ...[" su", "sur", "urf", "rfa", "fac", "ace", "ce "].map((trigram) => [trigram, 0.127] as const),
      ["  s", 0.24] as const,
      ["  n", 0.039] as const,
    ]),
    unlisted: 0.0027,
  };

  it("a search is looked up by the rarest trigram of each of its rarest words, never by a word most names share, and a few words as they are", () => {
    // "Surface" narrows what "Webcam" and "N" leave for a list a tenth as long as a name's check.
    expect(lookupPatterns("Webcam for Surface Laptop N", SEED_LIKE)).toEqual(["%Web%", "%Sur%", "% N%"]);
    // Neighbours go together: "Surface Laptop" narrows no more than one of them, and a name's
    // share of checks costs more than the whole search's lists.
    expect(lookupPatterns("for Surface Laptop", SEED_LIKE)).toEqual([]);
    expect(lookupPatterns("Webcam", SEED_LIKE)).toEqual([]);
    // Rare words apart ("50" is next to "Kit" and "off"), and LIKE's own characters in a window match themselves.
    expect(lookupPatterns("Kit 50%_off for Laptop", SEED_LIKE)).toEqual(["%Kit%", "%\\_o%"]);
  });

  /**
   * A part named each name and an order of it, then fresh statistics of the part names and a
   * domain service that has read none yet (the shop's own may hold older ones for minutes).
   */
  async function namesOrderedAndAnalyzed(customer: string, names: string[]) {
    const buyer = await newCustomer(customer);
    const orderOf = new Map<string, string>();
    for (const name of names) orderOf.set(name, await place(buyer, await insertPart({ available: 10, name })));
    await withDatabase((client) => client.query("ANALYZE part_names"));
    const domain = await domainServices();
    onTestFinished(() => domain.close());
    const shares = await new TrigramStatistics(domain.db, "part_names_trigram_shares").shares();
    expect(shares?.listed.size).toBeGreaterThan(0);
    return { orderOf, domain, shares: shares!, admin: await domain.actor("admin@partshop.dev") };
  }

  it("an admin finds the same orders by any part of a long part name, whichever of its words look it up", async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const names = ["Memory module", "Battery", "Webcam"].flatMap((kind) =>
      ["Dell Latitude", "Lenovo ThinkPad"].flatMap((series) =>
        ["K1", "N2"].map((model) => `${kind} for ${series} ${own}${model}`),
      ),
    );
    names.push(`Kit 50%_off for Dell Latitude ${own}`, `Kit 50x off for Dell Latitude ${own}`);
    const { orderOf, domain, shares, admin } = await namesOrderedAndAnalyzed(`names${own}`, names);
    const searches = [
      `Memory module for Dell Latitude ${own}K1`,
      `module for Lenovo ThinkPad ${own}`,
      `battery FOR dell latitude ${own}n`,
      `ebcam for Lenovo ThinkPad ${own}K`,
      `50%_off for Dell`,
      `Kit 50x off for Dell Latitude ${own}`,
    ];
    for (const search of searches) {
      expect(lookupPatterns(search, shares).length, search).toBeGreaterThan(0);
      const expected = names
        .filter((name) => name.toLowerCase().includes(search.toLowerCase()))
        .map((name) => orderOf.get(name));
      expected.reverse(); // newest first
      expect(expected.length, search).toBeGreaterThan(0);
      const found = await domain.orders.listAll(admin, { first: 100 }, { search });
      expect(
        found.edges.map((edge) => edge.node.databaseId),
        search,
      ).toEqual(expected);
      expect(idsOf(await adminOrders(`, search: ${JSON.stringify(search)}`)), search).toEqual(expected);
    }
  });

  it("an admin's search by part name ignores accents and letter case, and its lookups by windows find what a whole check finds", async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const names = [
      `Écran pour Dell Latitude ${own}`,
      `écran pour HP EliteBook ${own}`,
      `ÉCRAN POUR Dell Vostro ${own}`,
      `Ecran pour Dell Latitude ${own}`,
    ];
    // With statistics names are looked up by windows of the search, then checked whole.
    const { orderOf, domain, shares, admin } = await namesOrderedAndAnalyzed(`folded${own}`, names);
    const searches = [
      `écran pour dell`,
      `ÉCRAN`,
      `Ecran pour`,
      `cran POUR DELL`,
      `ÉCRAN POUR Dell Vostro ${own}`,
      `ecran pour dell latitude ${own}`,
    ];
    const matching: Record<string, string[]> = {
      "écran pour dell": [names[0], names[2], names[3]],
      ÉCRAN: names,
      "Ecran pour": names,
      "cran POUR DELL": [names[0], names[2], names[3]],
      [`ÉCRAN POUR Dell Vostro ${own}`]: [names[2]],
      [`ecran pour dell latitude ${own}`]: [names[0], names[3]],
    };
    for (const search of searches) {
      const expected = matching[search].map((name) => orderOf.get(name)).reverse(); // newest first
      const ours = (ids: string[]) => ids.filter((id) => [...orderOf.values()].includes(id));
      expect(ours(idsOf(await adminOrders(`, search: ${JSON.stringify(search)}`))), search).toEqual(expected);
      const byWindows = await domain.orders.listAll(admin, { first: 100 }, { search });
      expect(ours(byWindows.edges.map((edge) => edge.node.databaseId)), search).toEqual(expected);
    }
    // The last searches are looked up by windows (the others may be too, as the statistics go).
    expect(lookupPatterns(`ÉCRAN POUR Dell Vostro ${own}`, shares).length).toBeGreaterThan(0);
  });

  it('an admin searching "zoe" finds the orders of Zoë (accents folded as the catalogue is), and "ZOË" finds Zoe', async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const zoe = await newCustomer(`accent${own}`, `Zoë Brontë ${own}`);
    const plain = await newCustomer(`plain${own}`, `Zoe Bronte ${own}`);
    const zoeOrder = await place(zoe, await insertPart({ available: 3 }));
    const plainOrder = await place(plain, await insertPart({ available: 3 }));
    for (const search of [`zoe bronte ${own}`, `ZOË BRONTË ${own}`, `Zoë Bronte ${own}`]) {
      expect(idsOf(await adminOrders(`, search: ${JSON.stringify(search)}`)), search).toEqual([plainOrder, zoeOrder]);
    }
  });

  it("an admin finds an order by its number, written as the shop shows it or as digits", async () => {
    const customer = await newCustomer("numbered");
    const orderId = await place(customer, await insertPart({ available: 3 }));
    const seq = await withDatabase(
      async (client) => (await client.query("SELECT seq FROM orders WHERE id = $1", [orderId])).rows[0].seq,
    );
    const number = String(Number(seq) + 100000);
    const mine = await gql("query($id: ID!) { order(id: $id) { number } }", { id: orderId }, customer.token);
    expect(mine.body.data.order.number).toBe(number);
    for (const search of [number, `#${number}`, ` #${number} `]) {
      expect(idsOf(await adminOrders(`, search: ${JSON.stringify(search)}`)), search).toEqual([orderId]);
    }
    expect(idsOf(await adminOrders(`, status: PAID, search: "${number}"`))).toEqual([]);
    // REST answers the spec's shape as it was: the number is GraphQL's and the export's.
    expect((await rest("GET", `/order/${orderId}`, { token: customer.token })).body).not.toHaveProperty("number");
  });
});

describe("Delete order (adminCancelOrder)", () => {
  it("cancels an unpaid order, returns its stock and records it in the history; a paid one is refused and not recorded", async () => {
    const customer = await newCustomer("cancelled-by-admin");
    const partId = await insertPart({ available: 10 });
    const orderId = await place(customer, partId, 4);
    expect(await availableOf(partId)).toBe(6);
    const cancelled = await gql(
      `mutation($id: ID!) { adminCancelOrder(id: $id) { ${ORDER_FIELDS} } }`,
      { id: orderId },
      admin.token,
    );
    expect(cancelled.body.data.adminCancelOrder).toMatchObject({
      status: "CANCELLED",
      cancelledAt: expect.any(String),
    });
    expect(await availableOf(partId)).toBe(10);

    const log = await gql(
      `query($id: ID!) { auditLog(entityType: ORDER, entityId: $id) { edges { node { action actorEmail entityName before after changes { field before after } } } } }`,
      { id: orderId },
      admin.token,
    );
    const [entry] = log.body.data.auditLog.edges.map((edge: any) => edge.node);
    expect(log.body.data.auditLog.edges).toHaveLength(1);
    expect(entry).toMatchObject({
      action: "ORDER_CANCELLED",
      actorEmail: admin.email,
      entityName: expect.stringContaining(customer.email),
      before: { status: "unpaid", quantity: 4, userEmail: customer.email },
      after: { status: "cancelled", cancelledAt: cancelled.body.data.adminCancelOrder.cancelledAt },
    });
    expect(entry.changes[0]).toEqual({ field: "status", before: "unpaid", after: "cancelled" });

    // A paid order cannot be cancelled; the owner's own cancellation is not an admin change.
    const paidId = await place(customer, partId, 1);
    await pay(customer, paidId);
    expect(
      errorCode(await gql("mutation($id: ID!) { adminCancelOrder(id: $id) { id } }", { id: paidId }, admin.token)),
    ).toBe("CONFLICT");
    const ownId = await place(customer, await insertPart({ available: 3 }));
    expect((await rest("DELETE", `/userOrder/${ownId}`, { token: customer.token })).status).toBe(200);
    for (const id of [paidId, ownId]) {
      const none = await gql("query($id: ID!) { auditLog(entityId: $id) { edges { cursor } } }", { id }, admin.token);
      expect(none.body.data.auditLog.edges, id).toEqual([]);
    }
  });
});

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error("the CSV does not end with CRLF");
  return rows;
}

const HEADER = [
  "order_id",
  "placed_at",
  "status",
  "paid_at",
  "cancelled_at",
  "customer_email",
  "customer_name",
  "part_id",
  "part_name",
  "quantity",
  "unit_price",
  "total",
  "transaction_id",
  "address",
  "phone",
  "order_number",
];

describe("the orders export (GET /admin/orders.csv)", () => {
  it("answers a header and one properly quoted row per order, with the list's filters, newest first", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const customer = await newCustomer(`csv${tag}`, 'Zoë "Zed" Quote, Jr');
    const partId = await insertPart({ available: 20, priceCents: 1999, name: `CSV part ${tag}, "quoted"` });
    const address = 'Flat 2, "The Mill"\nHarbour Road, Bristol';
    const unpaidId = await place(customer, partId, 2, { address });
    const paidId = await place(
      customer,
      await insertPart({ available: 5, priceCents: 500, name: `=HYPERLINK("evil") ${tag}` }),
      1,
      {
        address: "@SUM(A1)",
        phone: "+441234567",
      },
    );
    const transactionId = await pay(customer, paidId);

    const answer = await fetch(`${shop().url}/admin/orders.csv?search=${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="partshop-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get("content-length")).toBeNull();
    const rows = parseCsv(await answer.text());
    expect(rows[0]).toEqual(HEADER);
    expect(rows.map((row) => row[0])).toEqual(["order_id", paidId, unpaidId]);
    const db = await withDatabase(
      async (client) =>
        (await client.query("SELECT * FROM orders WHERE id = ANY($1) ORDER BY seq DESC", [[paidId, unpaidId]])).rows,
    );
    expect(rows[1]).toEqual([
      paidId,
      db[0].created_at.toISOString(),
      "paid",
      db[0].paid_at.toISOString(),
      "",
      customer.email,
      'Zoë "Zed" Quote, Jr',
      db[0].part_id,
      `'=HYPERLINK("evil") ${tag}`,
      "1",
      "5.00",
      "5.00",
      transactionId,
      "'@SUM(A1)",
      "+441234567",
      String(Number(db[0].seq) + 100000),
    ]);
    expect(rows[2]).toEqual([
      unpaidId,
      db[1].created_at.toISOString(),
      "unpaid",
      "",
      "",
      customer.email,
      'Zoë "Zed" Quote, Jr',
      partId,
      `CSV part ${tag}, "quoted"`,
      "2",
      "19.99",
      "39.98",
      "",
      address,
      "0123456789",
      String(Number(db[1].seq) + 100000),
    ]);
    const paidOnly = parseCsv(
      await (
        await fetch(`${shop().url}/admin/orders.csv?status=paid&search=${tag}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).text(),
    );
    expect(paidOnly.map((row) => row[0])).toEqual(["order_id", paidId]);
    const none = await fetch(`${shop().url}/admin/orders.csv?search=nothing-matches-${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await none.text()).toBe(`${HEADER.join(",")}\r\n`);
  });

  it("is for admins only and refuses a bad filter before streaming anything", async () => {
    const customer = await newCustomer("csv-customer");
    expect((await rest("GET", "/admin/orders.csv")).status).toBe(401);
    expect((await rest("GET", "/admin/orders.csv", { token: customer.token })).status).toBe(403);
    const bad = await rest("GET", "/admin/orders.csv?status=lost", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "status must be unpaid, paid, cancelled or refunded" });
    // The spec's GET /admin/{email} is still there beside it.
    expect((await rest("GET", `/admin/${customer.email}`, { token: customer.token })).body).toEqual({ admin: false });
  });

  it("streams a large export from a database cursor, and gives the connection back when the client goes away", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const customer = await newCustomer(`bulk${tag}`);
    const partId = await insertPart({ available: 1, name: `Bulk part ${tag}` });
    const count = 150_000;
    // The suite shares one database: the bulk rows would slow every later fingerprint of it.
    onTestFinished(async () => {
      await withDatabase((client) => client.query(`DELETE FROM orders WHERE part_id = $1`, [partId]));
    });
    // Old paid orders (outside the overview's window), written straight to the database.
    await withDatabase((client) =>
      client.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone,
                             status, transaction_id, paid_at, created_at)
         SELECT $1, $2, 1, 100, 100, u.id, u.email, 'Bulk buyer', 'Bulk street ' || g, '0123456789',
                'paid', 'pi_bulk_${tag}_' || g, timestamptz '2020-01-01' + g * interval '1 second', timestamptz '2020-01-01' + g * interval '1 second'
         FROM generate_series(1, $3) g, users u WHERE u.email = $4`,
        [partId, `Bulk part ${tag}`, count, customer.email],
      ),
    );

    // The whole export: every row, in chunks.
    const whole = await fetch(`${shop().url}/admin/orders.csv?search=bulk part ${tag}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const reader = whole.body!.getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.split("\r\n");
    expect(lines.length).toBe(count + 2); // header, rows, and the empty string after the last CRLF
    expect(chunks).toBeGreaterThan(10);

    // A client that reads the beginning and stops: the server waits on its cursor, not on a
    // result held in memory; when the client goes away the transaction ends.
    const paused = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${shop().url}/admin/orders.csv?search=${encodeURIComponent(`bulk part ${tag}`)}`,
          { headers: { authorization: `Bearer ${admin.token}` } },
          resolve,
        )
        .on("error", reject);
    });
    await new Promise((resolve) => paused.once("data", resolve));
    paused.pause();
    const exporting = async () =>
      withDatabase(
        async (client) =>
          (
            await client.query(
              // Other workers' shops export on their own databases on the same server: count only ours.
              `SELECT state, query FROM pg_stat_activity WHERE datname = current_database()
                 AND (query LIKE 'FETCH % FROM orders_export' OR query LIKE 'DECLARE orders_export%')`,
            )
          ).rows,
      );
    // The FETCH in flight may still be "active" on a busy machine: the server then waits on the client.
    let during = await exporting();
    for (
      const until = Date.now() + 10_000;
      during[0]?.state === "active" && Date.now() < until;
      during = await exporting()
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(during.length).toBe(1);
    expect(during[0].state).toBe("idle in transaction");
    paused.destroy();
    const deadline = Date.now() + 10_000;
    while ((await exporting()).some((row) => row.state !== "idle") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await exporting()).filter((row) => row.state !== "idle")).toEqual([]);
  });
});
