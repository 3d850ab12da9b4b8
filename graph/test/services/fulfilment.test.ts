import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { EmailOutbox } from "../../src/domain/email/outbox";
import {
  FulfilmentService,
  FulfilmentStatus,
  type ShipmentRequest,
} from "../../src/domain/fulfilment/fulfilment.service";
import type { Order } from "../../src/domain/orders/order.entity";
import { orderTimeline } from "../../src/domain/orders/order-timeline";
import { requestStats, type RequestStats } from "../../src/db/request-stats";
import { checkInvariants } from "../../src/ops/check-invariants";
import { payInSandbox } from "../support/fixtures";
import {
  ADDRESS,
  customer,
  database,
  orderServices,
  part,
  paymentSandbox,
  seededZones,
  shipToOregon,
  withClient,
} from "./support/services";

/*
 * Fulfilment as its service decides it (docs/product.md, "Fulfilment"), on checkouts and
 * reservations paid through the payment sandbox: partial shipments and the rest, the order's state
 * and delivery date, shipments recorded at once on separate connections, lines that may not ship,
 * the To-ship queue, who may read a shipment, and what the history and the outbox keep. The HTTP
 * contracts are test/fulfilment.test.ts.
 */

let db: Awaited<ReturnType<typeof database>>;
let sandbox: Awaited<ReturnType<typeof paymentSandbox>>;
let services: ReturnType<typeof orderServices>;
let fulfilment: FulfilmentService;
let admin: User;
let delivery: ReturnType<typeof shipToOregon>;

beforeAll(async () => {
  db = await database();
  sandbox = await paymentSandbox();
  services = orderServices(db, sandbox.stripe, { minutes: 60, maxUnpaidOrders: 1000, maxUnpaidCents: 100_000_000 });
  fulfilment = new FulfilmentService(db, new EmailOutbox(db));
  admin = await customer(db, "admin", "admin");
  delivery = shipToOregon((await seededZones(db)).standard);
});

/** A checkout of new parts in these quantities, placed by `buyer` and (unless `unpaid`) paid by card: its lines, oldest first. */
async function checkout(buyer: User, quantities: number[], options: { unpaid?: boolean } = {}): Promise<Order[]> {
  const partIds = await Promise.all(quantities.map(() => part(db, { available: 50, priceCents: 1500 })));
  const placed = await services.checkouts.place(buyer, {
    lines: quantities.map((quantity, index) => ({ partId: partIds[index], quantity })),
    ...delivery,
  });
  if (!options.unpaid) {
    const { clientSecret } = await services.payments.createCheckoutIntent(buyer, placed.databaseId);
    await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
    await services.payments.confirmCheckout(buyer, placed.databaseId, clientSecret.split("_secret_")[0]);
  }
  return placed.orders;
}

const ship = (lines: Order[], parcel: Array<[number, number]> | null, tracking = "1Z999AA10123456784") =>
  fulfilment.recordShipment(admin, {
    orderId: lines[0].databaseId,
    lines: parcel && parcel.map(([index, quantity]) => ({ orderId: lines[index].databaseId, quantity })),
    carrier: "ups",
    trackingNumber: tracking,
  });

const stateOf = async (line: Order) => (await fulfilment.ofHeaders([line.checkoutId]))[0];
const shippedOf = async (lines: Order[]) =>
  (
    await db.query(`SELECT id, shipped_quantity FROM orders WHERE id = ANY($1::uuid[])`, [
      lines.map((line) => line.databaseId),
    ])
  )
    .sort(
      (a: { id: string }, b: { id: string }) =>
        lines.findIndex((line) => line.databaseId === a.id) - lines.findIndex((line) => line.databaseId === b.id),
    )
    .map((row: { shipped_quantity: number }) => row.shipped_quantity);

describe("shipping an order", () => {
  it("partial shipments then the rest move it from to ship to partly shipped, shipped and delivered, dated by its last parcel", async () => {
    const buyer = await customer(db, "buyer");
    const lines = await checkout(buyer, [2, 1, 3]);
    expect(await stateOf(lines[0])).toEqual({ status: FulfilmentStatus.TO_SHIP, shipments: [], deliveredAt: null });

    const first = await ship(lines, [
      [0, 1],
      [1, 1],
    ]);
    expect(first.lines.map((line) => [line.orderId, line.quantity])).toEqual([
      [lines[0].databaseId, 1],
      [lines[1].databaseId, 1],
    ]);
    expect(first.trackingUrl).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(await shippedOf(lines)).toEqual([1, 1, 0]);
    expect((await stateOf(lines[0])).status).toBe(FulfilmentStatus.PARTLY_SHIPPED);

    const rest = await ship(lines, null, "1z 999 aa1 0000000001");
    expect(rest.trackingNumber).toBe("1Z999AA10000000001");
    expect(rest.lines.map((line) => line.quantity)).toEqual([1, 3]);
    expect(await shippedOf(lines)).toEqual([2, 1, 3]);
    expect((await stateOf(lines[0])).status).toBe(FulfilmentStatus.SHIPPED);
    await expect(ship(lines, null)).rejects.toMatchObject({ code: "CONFLICT" });

    // A delivery is never in the future, nor before the parcel left.
    const future = new Date(Date.now() + 3_600_000);
    await expect(fulfilment.markDelivered(admin, first.databaseId, future)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { deliveredAt: expect.any(Array) } },
    });
    const beforeShipping = new Date(first.shippedAt.getTime() - 60_000);
    await expect(fulfilment.markDelivered(admin, first.databaseId, beforeShipping)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { deliveredAt: expect.any(Array) } },
    });

    const firstDelivered = await fulfilment.markDelivered(admin, first.databaseId, null);
    expect(firstDelivered.deliveredAt!.getTime()).toBeGreaterThanOrEqual(first.shippedAt.getTime());
    expect(await stateOf(lines[1])).toMatchObject({ status: FulfilmentStatus.SHIPPED, deliveredAt: null });
    await expect(fulfilment.markDelivered(admin, first.databaseId, null)).rejects.toMatchObject({ code: "CONFLICT" });

    const lastDelivered = await fulfilment.markDelivered(admin, rest.databaseId, new Date());
    const state = await stateOf(lines[2]);
    expect(state.status).toBe(FulfilmentStatus.DELIVERED);
    expect(state.deliveredAt).toEqual(lastDelivered.deliveredAt);
    expect(state.shipments.map((shipment) => shipment.databaseId)).toEqual([first.databaseId, rest.databaseId]);
    // A page of orders reads its fulfilment, shipments and their lines in one statement, however many orders.
    const other = await checkout(buyer, [1]);
    const stats: RequestStats = { sqlQueries: 0, statements: [] };
    const page = await requestStats.run(stats, () => fulfilment.ofHeaders([lines[0].checkoutId, other[0].checkoutId]));
    expect(page.map((order) => [order.status, order.shipments.length])).toEqual([
      [FulfilmentStatus.DELIVERED, 2],
      [FulfilmentStatus.TO_SHIP, 0],
    ]);
    expect(stats.sqlQueries).toBe(1);

    // The history tells each line's parcels, and the customer got one shipping email per parcel.
    const timeline = await orderTimeline(db.manager, lines[0]);
    expect(timeline.map((event) => event.description)).toEqual(
      expect.arrayContaining([
        "Shipped 1 unit by UPS, tracking 1Z999AA10123456784",
        "Shipped 1 unit by UPS, tracking 1Z999AA10000000001",
        "Delivered: 1 unit by UPS, tracking 1Z999AA10123456784",
      ]),
    );
    const entries = await db.query(
      `SELECT action, entity_id, actor_id FROM audit_log WHERE action IN ('order.shipped', 'shipment.delivered') AND entity_id = ANY($1::uuid[])`,
      [lines.map((line) => line.databaseId)],
    );
    expect(entries).toHaveLength(8);
    expect(new Set(entries.map((entry: { actor_id: string }) => entry.actor_id))).toEqual(new Set([admin.databaseId]));
    const emails = await db.query(
      `SELECT subject, text_body, html_body FROM email_outbox WHERE kind = 'order_shipped' AND recipient = $1 ORDER BY id`,
      [buyer.email],
    );
    expect(emails).toHaveLength(2);
    expect(emails[0].text_body).toContain("Tracking number: 1Z999AA10123456784");
    expect(emails[0].text_body).toContain(`#${lines[1].number}  ${lines[1].partName}  x 1`);
    expect(emails[1].html_body).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10000000001"');
  });

  it("two shipments of the same lines recorded at once on separate connections never ship more than was ordered", async () => {
    const buyer = await customer(db, "racer");
    const another = new FulfilmentService(await database(2), new EmailOutbox(db));
    for (let round = 0; round < 4; round++) {
      const lines = await checkout(buyer, [3, 2]);
      const request = (tracking: string): ShipmentRequest => ({
        orderId: lines[1].databaseId,
        lines: [
          { orderId: lines[0].databaseId, quantity: 2 },
          { orderId: lines[1].databaseId, quantity: 1 },
        ],
        carrier: "dhl",
        trackingNumber: tracking,
      });
      const outcomes = await Promise.allSettled([
        fulfilment.recordShipment(admin, request(`JD0000${round}A`)),
        another.recordShipment(admin, request(`JD0000${round}B`)),
        another.recordShipment(admin, { ...request(`JD0000${round}C`), lines: null }),
      ]);
      const fulfilled = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(fulfilled.length).toBeGreaterThanOrEqual(1);
      for (const outcome of outcomes)
        if (outcome.status === "rejected") expect(["BAD_USER_INPUT", "CONFLICT"]).toContain(outcome.reason.code);
      const [shipped0, shipped1] = await shippedOf(lines);
      expect(shipped0).toBeLessThanOrEqual(3);
      expect(shipped1).toBeLessThanOrEqual(2);
      const recorded = await db.query(
        `SELECT l.order_id, sum(l.quantity)::int AS units FROM shipment_lines l WHERE l.order_id = ANY($1::uuid[]) GROUP BY l.order_id`,
        [lines.map((line) => line.databaseId)],
      );
      const expected: Array<[string, number]> = [
        [lines[0].databaseId, shipped0],
        [lines[1].databaseId, shipped1],
      ];
      expect(
        new Map(recorded.map((row: { order_id: string; units: number }) => [row.order_id, row.units] as const)),
      ).toEqual(new Map(expected.filter(([, units]) => units > 0)));
    }
  });

  it("every line's shipped units are its shipments' (check:invariants), and the database refuses more than its quantity", async () => {
    expect((await withClient((client) => checkInvariants(client))).violations).toEqual([]);
    const lines = await checkout(await customer(db, "direct"), [2]);
    await expect(
      db.query(`UPDATE orders SET shipped_quantity = quantity + 1 WHERE id = $1`, [lines[0].databaseId]),
    ).rejects.toMatchObject({ driverError: expect.objectContaining({ code: "23514" }) });
  });

  it("refuses refunded and unpaid lines, more than is left, unknown carriers and ill-formed tracking numbers, naming the field", async () => {
    const buyer = await customer(db, "refused");
    const lines = await checkout(buyer, [2, 1]);
    await services.payments.refundOrder(admin, lines[1].databaseId);
    const fieldsOf = (request: Promise<unknown>) =>
      request.then(
        () => null,
        (error) => [error.code, Object.keys(error.details?.fields ?? {})],
      );
    expect(await fieldsOf(ship(lines, [[1, 1]]))).toEqual(["BAD_USER_INPUT", ["lines[0].orderId"]]);
    expect(await fieldsOf(ship(lines, [[0, 3]]))).toEqual(["BAD_USER_INPUT", ["lines[0].quantity"]]);
    expect(
      await fieldsOf(
        fulfilment.recordShipment(admin, {
          orderId: lines[0].databaseId,
          lines: null,
          carrier: "owl",
          trackingNumber: "1Z9999",
        }),
      ),
    ).toEqual(["BAD_USER_INPUT", ["carrier"]]);
    expect(
      await fieldsOf(
        fulfilment.recordShipment(admin, {
          orderId: lines[0].databaseId,
          lines: null,
          carrier: "ups",
          trackingNumber: "1Z/99",
        }),
      ),
    ).toEqual(["BAD_USER_INPUT", ["trackingNumber"]]);
    // Everything left: only the paid line; the refunded one has nothing to send.
    const parcel = await ship(lines, null);
    expect(parcel.lines).toEqual([{ orderId: lines[0].databaseId, partName: lines[0].partName, quantity: 2 }]);
    expect((await stateOf(lines[0])).status).toBe(FulfilmentStatus.SHIPPED);

    const unpaid = await checkout(buyer, [1], { unpaid: true });
    expect(await fieldsOf(ship(unpaid, null))).toEqual(["CONFLICT", []]);
    expect(await fieldsOf(ship(unpaid, [[0, 1]]))).toEqual(["BAD_USER_INPUT", ["lines[0].orderId"]]);
    expect((await stateOf(unpaid[0])).status).toBeNull();
  });
});

describe("the To-ship queue", () => {
  it("lists paid orders with something left to ship, oldest payment first, page by page; a customer is refused", async () => {
    const buyer = await customer(db, "queue");
    const older = await checkout(buyer, [1, 2]);
    const partly = await checkout(buyer, [2]);
    const reservation = await services.orders.place(buyer, {
      partId: await part(db, { available: 5 }),
      quantity: 1,
      ...ADDRESS,
    });
    const { clientSecret } = await services.payments.createIntent(buyer, reservation.databaseId);
    await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
    await services.payments.confirm(buyer, reservation.databaseId, clientSecret.split("_secret_")[0]);
    const shippedAll = await checkout(buyer, [1]);
    const unpaid = await checkout(buyer, [1], { unpaid: true });
    await ship(partly, [[0, 1]]);
    await ship(shippedAll, null);

    const seen: Array<{ headerId: string; paidAt: Date; fulfilment: FulfilmentStatus; toShip: number[] }> = [];
    let after: string | null = null;
    let totalCount = 0;
    for (let page = 0; page < 200; page++) {
      const result = await fulfilment.toShip(admin, { first: 2, after });
      totalCount = result.totalCount;
      for (const { node } of result.edges)
        seen.push({
          headerId: node.order.checkoutId,
          paidAt: node.paidAt,
          fulfilment: node.fulfilment,
          toShip: node.lines.map((line) => line.toShip),
        });
      if (!result.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(totalCount);
    expect(new Set(seen.map((node) => node.headerId)).size).toBe(seen.length);
    const times = seen.map((node) => node.paidAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const mine = seen.filter(
      (node) =>
        [older, partly, shippedAll, unpaid].some((lines) => lines[0].checkoutId === node.headerId) ||
        node.headerId === reservation.checkoutId,
    );
    expect(mine).toEqual([
      expect.objectContaining({ headerId: older[0].checkoutId, fulfilment: FulfilmentStatus.TO_SHIP, toShip: [1, 2] }),
      expect.objectContaining({
        headerId: partly[0].checkoutId,
        fulfilment: FulfilmentStatus.PARTLY_SHIPPED,
        toShip: [1],
      }),
      expect.objectContaining({ headerId: reservation.checkoutId, fulfilment: FulfilmentStatus.TO_SHIP, toShip: [1] }),
    ]);
    await expect(fulfilment.toShip(buyer, { first: 2 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(fulfilment.toShip(admin, { first: 2, after: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });
});

describe("who may read and record shipments", () => {
  it("a customer reads their own shipments only, and may not record or deliver any", async () => {
    const owner = await customer(db, "owner");
    const stranger = await customer(db, "stranger");
    const lines = await checkout(owner, [1]);
    const parcel = await ship(lines, null);
    expect((await fulfilment.getShipment(owner, parcel.databaseId)).lines).toHaveLength(1);
    expect((await fulfilment.getShipment(admin, parcel.databaseId)).trackingNumber).toBe(parcel.trackingNumber);
    await expect(fulfilment.getShipment(stranger, parcel.databaseId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      fulfilment.recordShipment(owner, {
        orderId: lines[0].databaseId,
        lines: null,
        carrier: "ups",
        trackingNumber: "1Z99999",
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(fulfilment.markDelivered(owner, parcel.databaseId, null)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
