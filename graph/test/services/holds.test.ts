import { describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import type { Order } from "../../src/domain/orders/order.entity";
import { ADDRESS, customer, database, orderServices, part, paymentSandbox } from "./support/services";

/*
 * Holds and the bounds of what one customer may hold unpaid, as the order service keeps them:
 * ended holds are cancelled once however many processes end them together, their units go back
 * once and their payments are called off; a customer holds at most 10 unpaid orders and $5,000.
 */

const paymentIntentIdFrom = (clientSecret: string) => clientSecret.split("_secret_")[0];
const stockOf = async (db: Awaited<ReturnType<typeof database>>, partId: string) =>
  (await db.query(`SELECT available FROM parts WHERE id = $1`, [partId]))[0].available as number;

describe("ended holds", () => {
  it("are cancelled once, their units back once and their payments called off, with two processes ending them at once", async () => {
    const [first, second] = [await database(), await database()];
    const { stripe } = await paymentSandbox();
    const shopA = orderServices(first, stripe);
    const shopB = orderServices(second, stripe);
    const parts = await Promise.all(Array.from({ length: 4 }, () => part(first, { available: 100 })));
    const placed: Array<{ order: Order; buyer: User }> = [];
    for (let index = 0; index < 8; index++) {
      const buyer = await customer(first, "expiring");
      for (const partId of [parts[index % 4], parts[(index + 1) % 4]])
        placed.push({ order: await shopA.orders.place(buyer, { partId, quantity: 3, ...ADDRESS }), buyer });
    }
    const intents = await Promise.all(
      placed
        .slice(0, 3)
        .map(async ({ order, buyer }) =>
          paymentIntentIdFrom((await shopA.payments.createIntent(buyer, order.databaseId)).clientSecret),
        ),
    );
    const ids = placed.map(({ order }) => order.databaseId);
    for (const partId of parts) expect(await stockOf(first, partId)).toBe(100 - 4 * 3);

    await first.query(`UPDATE orders SET hold_expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
    const [endedA, endedB] = await Promise.all([shopA.orders.expireHolds(), shopB.orders.expireHolds()]);

    // Each order ended by one process only, every one of them ended.
    const ended = [...endedA, ...endedB].map((order) => order.databaseId).sort();
    expect(ended).toEqual([...ids].sort());
    const rows = await first.query(`SELECT status, cancel_reason FROM orders WHERE id = ANY($1::uuid[])`, [ended]);
    expect(
      new Set(rows.map((row: { status: string; cancel_reason: string }) => `${row.status}/${row.cancel_reason}`)),
    ).toEqual(new Set(["cancelled/hold_expired"]));
    for (const partId of parts) expect(await stockOf(first, partId)).toBe(100);
    for (const intent of intents) expect((await stripe.paymentIntents.retrieve(intent)).status).toBe("canceled");
    // Nothing is left for a second pass.
    expect(await shopB.orders.expireHolds()).toEqual([]);
  });
});

describe("what one customer may hold unpaid is bounded", () => {
  it("at most 10 unpaid orders at once, even placed all together; cancelling one makes room", async () => {
    const db = await database();
    const { orders } = orderServices(db, (await paymentSandbox()).stripe);
    const hoarder = await customer(db, "hoarder");
    const parts = await Promise.all(Array.from({ length: 14 }, () => part(db, { available: 10, priceCents: 1000 })));
    const outcomes = await Promise.allSettled(
      parts.map((partId) => orders.place(hoarder, { partId, quantity: 1, ...ADDRESS })),
    );
    const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(placed).toHaveLength(10);
    expect(refused.map((outcome) => [outcome.reason.code, outcome.reason.message])).toEqual(
      Array(4).fill([
        "CONFLICT",
        "You already have 10 unpaid orders, the most one customer may hold at once: pay or cancel one first",
      ]),
    );
    // The parts refused are untouched.
    for (const [index, outcome] of outcomes.entries())
      if (outcome.status === "rejected") expect(await stockOf(db, parts[index])).toBe(10);

    await orders.cancel(hoarder, placed[0].value.databaseId);
    const untouched = parts.find((_, index) => outcomes[index].status === "rejected")!;
    await expect(orders.place(hoarder, { partId: untouched, quantity: 1, ...ADDRESS })).resolves.toMatchObject({
      status: "unpaid",
    });
  });

  it("at most $5,000 unpaid at once", async () => {
    const db = await database();
    const { orders } = orderServices(db, (await paymentSandbox()).stripe);
    const spender = await customer(db, "bigspender");
    const dear = await part(db, { available: 10, priceCents: 300_000 });
    await orders.place(spender, { partId: dear, quantity: 1, ...ADDRESS });
    const other = await part(db, { available: 10, priceCents: 300_000 });
    await expect(orders.place(spender, { partId: other, quantity: 1, ...ADDRESS })).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Your unpaid orders would come to $6000.00, over the $5000.00 one customer may hold unpaid: pay or cancel some first",
    });
    expect(await stockOf(db, other)).toBe(10);
  });
});
