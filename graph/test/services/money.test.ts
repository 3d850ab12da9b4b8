import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { quote } from "../../src/domain/pricing/quote";
import { payInSandbox } from "../support/fixtures";
import { ADDRESS, customer, database, orderServices, part, paymentSandbox } from "./support/services";

/*
 * The money property suite at the service tier: random reservations and checkouts through the
 * order, checkout and payment services, with lines cancelled before the payment is opened or while
 * its card form is open, paid through the payment sandbox (stripe SDK), reported twice at once,
 * then refunded by admins (one line twice at once, or every line at once). It proves that the
 * provider is asked the computed total, that an order is paid exactly once and keeps exactly what
 * its paid lines cost, and that refunds never exceed what was paid. The price calculation's own laws
 * are the unit tier's (src/domain/pricing/quote.spec.ts); the same sale through the HTTP API is
 * test/money.test.ts.
 */

let db: Awaited<ReturnType<typeof database>>;
let sandbox: Awaited<ReturnType<typeof paymentSandbox>>;
let services: ReturnType<typeof orderServices>;
let admin: User;

beforeAll(async () => {
  db = await database();
  sandbox = await paymentSandbox();
  services = orderServices(db, sandbox.stripe, { minutes: 60, maxUnpaidOrders: 1000, maxUnpaidCents: 100_000_000 });
  admin = await customer(db, "admin", "admin");
});

const sale = fc.record({
  kind: fc.constantFrom("reservation", "checkout"),
  /** At least the $0.50 a card payment must be, a line. */
  lines: fc.array(
    fc.record({ priceCents: fc.integer({ min: 50, max: 500_000 }), quantity: fc.integer({ min: 1, max: 5 }) }),
    { minLength: 1, maxLength: 5 },
  ),
  /** Which lines of a checkout are cancelled (the first is always kept). */
  cancel: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  cancelWhileOpen: fc.boolean(),
  refunds: fc.constantFrom("none", "one line twice at once", "every line at once"),
});
type Sale = typeof sale extends fc.Arbitrary<infer T> ? T : never;

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);
const refundedOf = async (intentId: string) =>
  sumOf((await sandbox.stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data.map((r) => r.amount));
const headerOf = async (lineId: string) =>
  (
    await db.query(
      `SELECT c.id, c.total_cents, c.paid_cents, c.refunded_cents FROM checkouts c JOIN orders o ON o.checkout_id = c.id WHERE o.id = $1`,
      [lineId],
    )
  )[0] as { id: string; total_cents: number; paid_cents: number; refunded_cents: number };
const linesOf = async (ids: string[]) =>
  (await db.query(`SELECT id, status, transaction_id FROM orders WHERE id = ANY($1::uuid[])`, [ids])) as Array<{
    id: string;
    status: string;
    transaction_id: string | null;
  }>;

async function place(buyer: User, which: Sale, partIds: string[]): Promise<string[]> {
  if (which.kind === "reservation") {
    const line = await services.orders.place(buyer, {
      partId: partIds[0],
      quantity: which.lines[0].quantity,
      ...ADDRESS,
    });
    return [line.databaseId];
  }
  const checkout = await services.checkouts.place(buyer, {
    lines: which.lines.map((line, index) => ({ partId: partIds[index], quantity: line.quantity })),
    ...ADDRESS,
  });
  return checkout.orders.map((line) => line.databaseId);
}

async function sellAndRefund(which: Sale): Promise<void> {
  const lines = which.kind === "reservation" ? which.lines.slice(0, 1) : which.lines;
  const buyer = await customer(db, "money");
  const partIds = await Promise.all(lines.map((line) => part(db, { available: 50, priceCents: line.priceCents })));
  const lineIds = await place(buyer, which, partIds);
  const headerId = (await headerOf(lineIds[0])).id;
  const cancelled = lineIds.filter((_, index) => index > 0 && which.cancel[index]);
  const kept = lineIds.filter((id) => !cancelled.includes(id));
  const priced = (ids: string[]) =>
    quote(
      ids.map((id) => ({
        unitPriceCents: lines[lineIds.indexOf(id)].priceCents,
        quantity: lines[lineIds.indexOf(id)].quantity,
      })),
    ).totalCents;
  const open = () =>
    which.kind === "reservation"
      ? services.payments.createIntent(buyer, lineIds[0])
      : services.payments.createCheckoutIntent(buyer, headerId);

  // The provider is asked the order's computed total, whenever the payment is opened.
  if (!which.cancelWhileOpen) for (const id of cancelled) await services.orders.cancel(buyer, id);
  const { clientSecret, amountCents } = await open();
  const intentId = clientSecret.split("_secret_")[0];
  const opened = await sandbox.stripe.paymentIntents.retrieve(intentId);
  expect(opened.amount).toBe(priced(which.cancelWhileOpen ? lineIds : kept));
  expect(amountCents).toBe(opened.amount);
  if (which.cancelWhileOpen) for (const id of cancelled) await services.orders.cancel(buyer, id);
  expect((await headerOf(lineIds[0])).total_cents).toBe(priced(kept));

  // Paid exactly once, whichever report settles it.
  await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
  await Promise.all([
    services.payments.confirm(buyer, lineIds[0], intentId),
    which.kind === "checkout"
      ? services.payments.confirmCheckout(buyer, headerId, intentId)
      : services.payments.confirm(buyer, lineIds[0], intentId),
  ]);
  const keptTotal = priced(kept);
  for (const row of await linesOf(lineIds))
    expect(row).toMatchObject(
      kept.includes(row.id)
        ? { status: "paid", transaction_id: intentId }
        : { status: "cancelled", transaction_id: null },
    );
  expect(opened.amount - (await refundedOf(intentId))).toBe(keptTotal);
  expect(await headerOf(lineIds[0])).toMatchObject({ paid_cents: keptTotal, refunded_cents: 0 });
  await expect(open()).rejects.toMatchObject({ code: "CONFLICT" });

  // Refunds never exceed what was paid, however many are asked at once.
  const givenBack = await refundedOf(intentId);
  const refundedLines = which.refunds === "none" ? [] : which.refunds === "every line at once" ? kept : [kept[0]];
  const asked = which.refunds === "none" ? [] : [...refundedLines, kept[0]];
  const outcomes = await Promise.allSettled(asked.map((id) => services.payments.refundOrder(admin, id)));
  expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(refundedLines.length);
  for (const outcome of outcomes)
    if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "CONFLICT" });
  expect((await refundedOf(intentId)) - givenBack).toBe(priced(refundedLines));
  const header = await headerOf(lineIds[0]);
  expect(header).toMatchObject({ paid_cents: keptTotal, refunded_cents: priced(refundedLines) });
  expect(header.refunded_cents).toBeLessThanOrEqual(header.paid_cents);
  for (const row of await linesOf(kept)) expect(row.status).toBe(refundedLines.includes(row.id) ? "refunded" : "paid");
}

describe("the money property suite (services)", () => {
  it("random reservations and checkouts: the provider is asked the computed total, the order is paid once and keeps what its lines cost, refunds stay within what was paid", async () => {
    await fc.assert(fc.asyncProperty(sale, sellAndRefund), { numRuns: 25, endOnFailure: true });
  });

  it("a refund the database would take past what was paid is refused by it", async () => {
    const buyer = await customer(db, "bound");
    const partId = await part(db, { available: 5, priceCents: 2500 });
    const line = await services.orders.place(buyer, { partId, quantity: 2, ...ADDRESS });
    const { clientSecret } = await services.payments.createIntent(buyer, line.databaseId);
    const intentId = clientSecret.split("_secret_")[0];
    await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
    await services.payments.confirm(buyer, line.databaseId, intentId);
    await expect(
      db.query(`UPDATE checkouts SET refunded_cents = paid_cents + 1 WHERE id = $1`, [line.checkoutId]),
    ).rejects.toThrow(/checkouts_refunds_within_paid/);
  });
});
