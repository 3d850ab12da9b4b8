import crypto from "node:crypto";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { AuditAction, AuditEntityType } from "../../src/domain/audit/audit-entry.entity";
import { changesBetween } from "../../src/domain/audit/value-kinds";
import { OrderStatus } from "../../src/domain/orders/order.entity";
import type { OrderFilter, OrdersRead } from "../../src/domain/orders/order.service";
import { lookupPatterns, TrigramStatistics } from "../../src/domain/trigram-windows";
import { adminShop, idsOf, type AdminShop } from "./support/admin";

/*
 * The admins' order list as the order service answers it (Manage All Orders, GET /getOrders and
 * the orders export all ask it): filters by state, a search over customers' emails and names,
 * parts' names as ordered or as named now, ids and order numbers, accents and letter case aside,
 * newest first, in pages; and an admin's "Delete order". The HTTP contracts are
 * test/orders-admin.test.ts.
 */

let shop: AdminShop;
let admin: User;

beforeAll(async () => {
  shop = await adminShop();
  admin = shop.admin;
});

/** The first 100 orders an admin's filter lists (read as `read` says), newest first. */
const listed = (filter: OrderFilter, read?: OrdersRead) => shop.orders.listAll(admin, { first: 100 }, filter, read);
const idsListed = async (filter: OrderFilter) => idsOf(await listed(filter));
const sql = (text: string, parameters: unknown[] = []) => shop.db.query(text, parameters);

describe("Manage All Orders: filters, search, newest first, pages", () => {
  let tag: string;
  let alice: User;
  let bob: User;
  const ids: Record<string, string> = {};
  let fanPart: string;

  beforeAll(async () => {
    tag = crypto.randomBytes(3).toString("hex");
    [alice, bob] = await Promise.all([shop.customer(`alice${tag}`), shop.customer(`bob${tag}`)]);
    fanPart = await shop.part({ available: 50, name: `Fan ${tag}` });
    const hinge = await shop.part({ available: 50, name: `Hinge ${tag}` });
    ids.aliceFan = await shop.place(alice, fanPart);
    ids.aliceHinge = await shop.place(alice, hinge);
    ids.bobFan = await shop.place(bob, fanPart);
    await shop.pay(alice, ids.aliceFan);
  });

  it("filters by state, searches customers' emails and parts' names (as ordered or as named now), newest first", async () => {
    expect(await idsListed({ search: tag })).toEqual([ids.bobFan, ids.aliceHinge, ids.aliceFan]);
    expect(await idsListed({ search: tag, status: OrderStatus.UNPAID })).toEqual([ids.bobFan, ids.aliceHinge]);
    expect(await idsListed({ search: tag, status: OrderStatus.PAID })).toEqual([ids.aliceFan]);
    expect(await idsListed({ search: alice.email.toUpperCase() })).toEqual([ids.aliceHinge, ids.aliceFan]);
    expect(await idsListed({ search: `fan ${tag}` })).toEqual([ids.bobFan, ids.aliceFan]);
    expect(await idsListed({ search: fanPart })).toEqual([ids.bobFan, ids.aliceFan]);
    expect(await idsListed({ search: ids.aliceHinge })).toEqual([ids.aliceHinge]);
    // Renamed since: found by the name it has now, still shown with the name it was ordered under.
    await sql("UPDATE parts SET name = $2 WHERE id = $1", [fanPart, `Cooler ${tag}`]);
    const renamed = await listed({ search: `cooler ${tag}` });
    expect(idsOf(renamed)).toEqual([ids.bobFan, ids.aliceFan]);
    expect(renamed.edges[0].node.partName).toBe(`Fan ${tag}`);
    // LIKE wildcards are plain characters.
    expect(await idsListed({ search: `${tag}%` })).toEqual([]);
  });

  it("finds an order by a name written in psql that its part never had", async () => {
    const legacy = `Legacy dock ${tag}`;
    const buyer = await shop.customer(`legacy${tag}`);
    const [{ id }] = await sql(
      `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone, status, cancelled_at)
       SELECT p.id, $2, 1, p.price_cents, p.price_cents, u.id, u.email, 'Legacy buyer', '1 Main St', '0123456789', 'cancelled', now()
       FROM parts p, users u WHERE p.id = $1 AND u.email = $3 RETURNING id`,
      [fanPart, legacy, buyer.email],
    );
    expect(await idsListed({ search: `legacy DOCK ${tag}`, status: OrderStatus.CANCELLED })).toEqual([id]);
  });

  it("a search that names more than a thousand parts still finds their orders, newest first, by the name as ordered or now", async () => {
    // 1,001 retired parts share the name, so the search walks the orders instead of listing parts.
    const own = crypto.randomBytes(3).toString("hex");
    const broad = `Broad ${own}`;
    const [carol, dan] = await Promise.all([shop.customer(`carol${own}`), shop.customer(`dan${own}`)]);
    await sql(
      `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc, retired_at)
       SELECT $1 || ' retired ' || n, '/images/parts/dc-jack.svg', 100, 0, 1, 'A part made by a test', now() FROM generate_series(1, 1001) AS n`,
      [broad],
    );
    // The later searches of this file would walk past them too.
    onTestFinished(async () => {
      await sql(`DELETE FROM parts WHERE name LIKE $1 AND retired_at IS NOT NULL`, [`${broad} retired %`]);
    });
    const named = await shop.part({ available: 10, name: `${broad} live` });
    const renamedLater = await shop.part({ available: 10, name: `Solo ${own}` });
    const first = await shop.place(carol, named);
    const second = await shop.place(dan, renamedLater);
    await sql("UPDATE parts SET name = $2 WHERE id = $1", [renamedLater, `${broad} renamed`]);
    expect(await idsListed({ search: broad.toLowerCase() })).toEqual([second, first]);
    expect(await idsListed({ search: `solo ${own}` })).toEqual([second]);
    // The same walk with the orders' parts read in its statement (as `orders { databaseId part { name } }` reads it).
    for (const read of [
      { orders: "rows", parts: "card" },
      { orders: "whole", parts: "whole" },
    ] satisfies OrdersRead[]) {
      const withParts = await listed({ search: broad.toLowerCase() }, read);
      expect(
        withParts.edges.map((edge) => [edge.node.databaseId, edge.node.part?.name]),
        JSON.stringify(read),
      ).toEqual([
        [second, `${broad} renamed`],
        [first, `${broad} live`],
      ]);
    }
  });

  it("a search that matches more than a thousand customers still finds their orders, newest first, by email or name", async () => {
    // 1,001 emails orders were placed under contain the text, so the search walks the orders.
    const own = crypto.randomBytes(3).toString("hex");
    const buyer = await shop.customer(`many${own}`);
    const part = await shop.part({ available: 10, name: `Many ${own}` });
    const oldest = await shop.place(buyer, part);
    const rows: Array<{ id: string }> = await sql(
      `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone, status, cancelled_at)
       SELECT p.id, p.name, 1, p.price_cents, p.price_cents, u.id, 'crowd' || n || '.' || $3 || '@example.test', 'Zoë crowd ' || n, '1 Main St', '0123456789', 'cancelled', now()
       FROM parts p, users u, generate_series(1, 1001) AS n WHERE p.id = $1 AND u.email = $2 ORDER BY n RETURNING id`,
      [part, buyer.email, own],
    );
    const newest = rows.map((row) => row.id).reverse();
    const crowd = await listed({ search: `${own}@example`, status: OrderStatus.CANCELLED });
    expect(idsOf(crowd)).toEqual(newest.slice(0, 100));
    expect(crowd.pageInfo.hasNextPage).toBe(true);
    // Walked, the orders' own fields are folded as the search is: "exämple" is "example".
    expect(await idsListed({ search: `${own}@EXÄMPLE`, status: OrderStatus.CANCELLED })).toEqual(newest.slice(0, 100));
    // As are their names, when it is more than a thousand names that match.
    expect(await idsListed({ search: "ZOE CROWD", status: OrderStatus.CANCELLED })).toEqual(newest.slice(0, 100));
    // Narrow again: one email among them, one name, and the part's own customer.
    expect(await idsListed({ search: `CROWD7.${own}@`, status: OrderStatus.CANCELLED })).toEqual([newest[1001 - 7]]);
    expect(await idsListed({ search: `many${own}` })).toEqual([oldest]);
    await sql(`UPDATE orders SET user_name = $2 WHERE id = $1`, [newest[0], `Renamed ${own}`]);
    expect(await idsListed({ search: `renamed ${own}`, status: OrderStatus.CANCELLED })).toEqual([newest[0]]);
  });

  it("an order written with the customers' trigger off is reported by check:invariants, and found once rebuild_order_customer_names() adds its customer", async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const buyer = await shop.customer(`quiet${own}`);
    const part = await shop.part({ available: 10, name: `Quiet ${own}` });
    // Only that trigger: the rollups' stay on, so the overview's figures hold.
    const id = await shop.db.transaction(async (tx) => {
      await tx.query("ALTER TABLE orders DISABLE TRIGGER orders_remember_customers");
      const [row] = await tx.query(
        `INSERT INTO orders (part_id, part_name, quantity, unit_price_cents, total_cents, user_id, user_email, user_name, address, phone, status, cancelled_at)
         SELECT p.id, p.name, 1, p.price_cents, p.price_cents, u.id, 'unheard.' || $3 || '@example.test', 'Unheard', '1 Main St', '0123456789', 'cancelled', now()
         FROM parts p, users u WHERE p.id = $1 AND u.email = $2 RETURNING id`,
        [part, buyer.email, own],
      );
      await tx.query("ALTER TABLE orders ENABLE TRIGGER orders_remember_customers");
      return row.id as string;
    });
    const missing = async () =>
      (await shop.invariants()).violations.filter((violation) => violation.includes("order_customer_names"));
    expect(await missing()).toEqual([expect.stringContaining(`unheard.${own}@example.test`)]);
    await sql("SELECT rebuild_order_customer_names()");
    expect(await missing()).toEqual([]);
    expect(await idsListed({ search: `unheard.${own}`, status: OrderStatus.CANCELLED })).toEqual([id]);
  });

  it("pages through a filtered list with cursors", async () => {
    const first = await shop.orders.listAll(admin, { first: 2 }, { search: tag });
    expect(idsOf(first)).toEqual([ids.bobFan, ids.aliceHinge]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await shop.orders.listAll(admin, { first: 2, after: first.pageInfo.endCursor }, { search: tag });
    expect(idsOf(second)).toEqual([ids.aliceFan]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("refuses a status it does not know", async () => {
    await expect(listed({ status: "shipped" as OrderStatus })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "status must be unpaid, paid, cancelled or refunded",
    });
  });

  it('an admin searching "zoe" finds the orders of Zoë (accents folded as the catalogue is), and "ZOË" finds Zoe', async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const zoe = await shop.customer(`accent${own}`, `Zoë Brontë ${own}`);
    const plain = await shop.customer(`plain${own}`, `Zoe Bronte ${own}`);
    const zoeOrder = await shop.place(zoe, await shop.part({ available: 3 }));
    const plainOrder = await shop.place(plain, await shop.part({ available: 3 }));
    for (const search of [`zoe bronte ${own}`, `ZOË BRONTË ${own}`, `Zoë Bronte ${own}`]) {
      expect(await idsListed({ search }), search).toEqual([plainOrder, zoeOrder]);
    }
  });

  it("an admin finds an order by its number, written as the shop shows it or as digits", async () => {
    const buyer = await shop.customer("numbered");
    const orderId = await shop.place(buyer, await shop.part({ available: 3 }));
    const [{ seq }] = await sql("SELECT seq FROM orders WHERE id = $1", [orderId]);
    const number = String(Number(seq) + 100000);
    for (const search of [number, `#${number}`, ` #${number} `]) {
      expect(await idsListed({ search }), search).toEqual([orderId]);
    }
    expect(await idsListed({ status: OrderStatus.PAID, search: number })).toEqual([]);
  });
});

describe("the search by a long part name (looked up by its rarest words' rarest trigrams)", () => {
  /**
   * A part named each name and an order of it, then fresh statistics of the part names, and an
   * order service that has read none yet; the file's own service read them before, as a shop's
   * may hold older ones for minutes.
   */
  async function namesOrderedAndAnalyzed(label: string, names: string[]) {
    const buyer = await shop.customer(label);
    const orderOf = new Map<string, string>();
    for (const name of names) orderOf.set(name, await shop.place(buyer, await shop.part({ available: 10, name })));
    // The file's own service has its statistics before these names are analyzed, and keeps them.
    await listed({ search: names[0] });
    await sql("ANALYZE part_names");
    const shares = await new TrigramStatistics(shop.db, "part_names_trigram_shares").shares();
    expect(shares?.listed.size).toBeGreaterThan(0);
    return { orderOf, fresh: shop.anotherOrderService(), shares: shares! };
  }

  it("an admin finds the same orders by any part of a long part name, whichever of its words look it up", async () => {
    const own = crypto.randomBytes(3).toString("hex");
    const names = ["Memory module", "Battery", "Webcam"].flatMap((kind) =>
      ["Dell Latitude", "Lenovo ThinkPad"].flatMap((series) =>
        ["K1", "N2"].map((model) => `${kind} for ${series} ${own}${model}`),
      ),
    );
    names.push(`Kit 50%_off for Dell Latitude ${own}`, `Kit 50x off for Dell Latitude ${own}`);
    const { orderOf, fresh, shares } = await namesOrderedAndAnalyzed(`names${own}`, names);
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
      const found = await fresh.listAll(admin, { first: 100 }, { search });
      expect(idsOf(found), search).toEqual(expected);
      expect(await idsListed({ search }), search).toEqual(expected);
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
    const { orderOf, fresh, shares } = await namesOrderedAndAnalyzed(`folded${own}`, names);
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
    const ours = (ids: string[]) => ids.filter((id) => [...orderOf.values()].includes(id));
    for (const search of searches) {
      const expected = matching[search].map((name) => orderOf.get(name)).reverse(); // newest first
      expect(ours(await idsListed({ search })), search).toEqual(expected);
      const byWindows = await fresh.listAll(admin, { first: 100 }, { search });
      expect(ours(idsOf(byWindows)), search).toEqual(expected);
    }
    // The last searches are looked up by windows (the others may be too, as the statistics go).
    expect(lookupPatterns(`ÉCRAN POUR Dell Vostro ${own}`, shares).length).toBeGreaterThan(0);
  });
});

describe("Delete order (an admin cancels an order)", () => {
  const historyOf = async (entityId: string, entityType?: AuditEntityType) =>
    (await shop.audit.list(admin, { entityType, entityId }, { first: 100 })).edges.map((edge) => edge.node);
  const availableOf = async (partId: string) =>
    (await sql(`SELECT available FROM parts WHERE id = $1`, [partId]))[0].available as number;

  it("cancels an unpaid order, returns its stock and records it in the history; a paid one is refused and not recorded", async () => {
    const buyer = await shop.customer("cancelled-by-admin");
    const partId = await shop.part({ available: 10, name: `Cancelled part ${crypto.randomBytes(3).toString("hex")}` });
    const orderId = await shop.place(buyer, partId, 4);
    expect(await availableOf(partId)).toBe(6);
    const cancelled = await shop.orders.adminCancel(admin, orderId);
    expect(cancelled).toMatchObject({ status: OrderStatus.CANCELLED, cancelledAt: expect.any(Date) });
    expect(await availableOf(partId)).toBe(10);

    const log = await historyOf(orderId, AuditEntityType.ORDER);
    expect(log).toHaveLength(1);
    const [entry] = log;
    expect(entry).toMatchObject({
      action: AuditAction.ORDER_CANCELLED,
      actorEmail: admin.email,
      // What the history names the entry by: "<part> for <customer>".
      before: { status: "unpaid", quantity: 4, userEmail: buyer.email, partName: cancelled.partName },
      after: { status: "cancelled", cancelledAt: cancelled.cancelledAt!.toISOString() },
    });
    expect(changesBetween(entry.before, entry.after)[0]).toMatchObject({
      field: "status",
      before: "unpaid",
      after: "cancelled",
    });

    // A paid order cannot be cancelled; the owner's own cancellation is not an admin change.
    const paidId = await shop.place(buyer, partId, 1);
    await shop.pay(buyer, paidId);
    await expect(shop.orders.adminCancel(admin, paidId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A paid order cannot be cancelled",
    });
    expect((await sql(`SELECT status FROM orders WHERE id = $1`, [paidId]))[0].status).toBe("paid");
    const ownId = await shop.place(buyer, await shop.part({ available: 3 }));
    await shop.orders.cancel(buyer, ownId);
    for (const id of [paidId, ownId]) expect(await historyOf(id), id).toEqual([]);
  });

  it("is for admins: a customer is refused and the order stays as it was", async () => {
    const buyer = await shop.customer("not-an-admin");
    const partId = await shop.part({ available: 5 });
    const orderId = await shop.place(buyer, partId, 2);
    await expect(async () => shop.orders.adminCancel(buyer, orderId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await sql(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe("unpaid");
    expect(await availableOf(partId)).toBe(3);
  });
});
