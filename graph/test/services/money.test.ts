import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import type { AddressInput } from "../../src/domain/addresses/address-rules";
import { SEED_SHIPPING_ZONES, SEED_TAX_ZONES } from "../../src/db/seed-zones";
import { quote } from "../../src/domain/pricing/quote";
import { TAX_CATEGORIES, taxOf } from "../../src/domain/tax/tax-lines";
import { checkInvariants } from "../../src/ops/check-invariants";
import { payInSandbox } from "../support/fixtures";
import { methodsOf, salePart, SHIP_TO } from "./support/sale";
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
/** A checkout's delivery where it adds nothing: collected from the warehouse in Oregon (free, untaxed). */
let collected: ReturnType<typeof shipToOregon>;

beforeAll(async () => {
  db = await database();
  sandbox = await paymentSandbox();
  services = orderServices(db, sandbox.stripe, { minutes: 60, maxUnpaidOrders: 1000, maxUnpaidCents: 100_000_000 });
  admin = await customer(db, "admin", "admin");
  collected = shipToOregon((await seededZones(db)).collection);
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
    ...collected,
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

/*
 * Random carts across the seeded zones, tax categories and methods, placed at once by several
 * customers over shared parts. What the shop charges is checked against the seed's own tables
 * (src/db/seed-zones.ts), worked out here without the price calculation: the shipping is the
 * band's price (or free over the threshold), each tax line is `taxOf` once per line (per unit
 * where prices include tax), and the order adds up line by line and in its header; the
 * PaymentIntent (the real stripe SDK on the sandbox) asks exactly the total, and is paid once.
 */
const PLACES: Record<string, AddressInput> = {
  ...SHIP_TO,
  ontario: {
    name: "Lee Chen",
    line1: "1 Front Street",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 2T6",
    country: "CA",
    phone: "+1 416 555 0100",
  },
  france: {
    name: "Marie Curie",
    line1: "1 Rue de Rivoli",
    city: "Paris",
    postalCode: "75001",
    country: "FR",
    phone: "+33 1 23 45 67 89",
  },
  britain: {
    name: "Ada Lovelace",
    line1: "12 Harbour Road",
    city: "Bristol",
    postalCode: "BS1 5TY",
    country: "GB",
    phone: "+44 117 496 0000",
  },
};

const cartArbitrary = fc.record({
  place: fc.constantFrom(...Object.keys(PLACES)),
  kind: fc.constantFrom("standard", "express", "collection"),
  lines: fc.array(
    fc.record({
      part: fc.nat({ max: 5 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});
const partArbitrary = fc.record({
  priceCents: fc.integer({ min: 50, max: 40_000 }),
  weightGrams: fc.integer({ min: 0, max: 2_500 }),
  dangerousGoods: fc.integer({ min: 0, max: 99 }).map((roll) => roll < 15),
  category: fc.constantFrom(...TAX_CATEGORIES),
});
type SalePart = typeof partArbitrary extends fc.Arbitrary<infer T> ? T : never;
type Cart = typeof cartArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The seed's shipping for a parcel, worked out from its table: the price, or why it cannot go. */
function seedShipping(
  country: string,
  kind: string,
  lines: Array<SalePart & { quantity: number }>,
): number | "refused" {
  const zone = SEED_SHIPPING_ZONES.find((candidate) => candidate.places.includes(country));
  const method = zone?.methods.find((candidate) => candidate.kind === kind);
  if (!method) return "refused";
  if (kind === "express" && lines.some((line) => line.dangerousGoods)) return "refused";
  const weight = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const band = method.bands.find(([upTo]) => weight <= upTo);
  if (!band) return "refused";
  const goods = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return method.freeOverCents !== null && goods >= method.freeOverCents ? 0 : band[1];
}

/** The seed's tax zone of an address: its rates in ppm and whether prices include tax; null: untaxed. */
function seedTaxZone(address: AddressInput) {
  const zone =
    SEED_TAX_ZONES.find((candidate) => candidate.places.includes(`${address.country}-${address.region}`)) ??
    SEED_TAX_ZONES.find((candidate) => candidate.places.includes(address.country));
  return zone && { included: zone.included, rates: { standard: zone.rates[0], reduced: zone.rates[1], zero: 0 } };
}

/** How the random carts went: the property must have paid taxed carts and refused some, not only one kind. */
const outcomes = { paid: 0, taxed: 0, refused: 0 };

async function sellCarts(parts: SalePart[], carts: Cart[]): Promise<void> {
  const partIds = await Promise.all(parts.map((fields) => salePart(db, { ...fields, available: 1000 })));
  const methods: Record<string, Record<string, string>> = {};
  for (const zone of SEED_SHIPPING_ZONES) methods[zone.name] ??= await methodsOf(db, zone.name);
  await Promise.all(
    carts.map(async (cart) => {
      const buyer = await customer(db, "cart");
      // Each part once: a line naming a part again adds to the first.
      const quantities = new Map<number, number>();
      for (const line of cart.lines) quantities.set(line.part, (quantities.get(line.part) ?? 0) + line.quantity);
      const lines = [...quantities].map(([index, quantity]) => ({ ...parts[index], quantity, partId: partIds[index] }));
      const address = PLACES[cart.place];
      const zoneName = SEED_SHIPPING_ZONES.find((zone) => zone.places.includes(address.country))?.name;
      const request = {
        lines: lines.map(({ partId, quantity }) => ({ partId, quantity })),
        shipTo: { address },
        shippingMethodId: (zoneName && methods[zoneName][cart.kind]) || crypto.randomUUID(),
      };
      const shippingCents = seedShipping(address.country, cart.kind, lines);
      if (shippingCents === "refused") {
        outcomes.refused++;
        await expect(services.checkouts.place(buyer, request)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
        expect(await db.query(`SELECT 1 FROM orders WHERE user_id = $1`, [buyer.databaseId])).toEqual([]);
        return;
      }
      const zone = seedTaxZone(address);
      const rates = lines.map((line) => zone?.rates[line.category] ?? 0);
      const ownTaxes = lines.map((line, index) =>
        zone?.included
          ? taxOf(line.priceCents, rates[index]) * line.quantity
          : taxOf(line.priceCents * line.quantity, rates[index]),
      );
      const shippingTax = zone ? taxOf(shippingCents, zone.rates.standard) : 0;
      const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
      const total = subtotal + shippingCents + sumOf(ownTaxes) + shippingTax;

      const checkout = await services.checkouts.place(buyer, request);
      const [header] = await db.query(
        `SELECT subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_tax_cents FROM checkouts WHERE id = $1`,
        [checkout.databaseId],
      );
      expect(header).toEqual({
        subtotal_cents: subtotal,
        shipping_cents: shippingCents,
        tax_cents: sumOf(ownTaxes) + shippingTax,
        total_cents: total,
        shipping_tax_cents: shippingTax,
      });
      const stored: Array<Record<string, number>> = await db.query(
        `SELECT subtotal_cents, shipping_cents, tax_cents, total_cents, own_tax_cents, tax_rate_ppm FROM orders WHERE checkout_id = $1 ORDER BY seq`,
        [checkout.databaseId],
      );
      expect(stored.map((line) => [line.own_tax_cents, line.tax_rate_ppm])).toEqual(
        ownTaxes.map((tax, index) => [tax, rates[index]]),
      );
      for (const line of stored)
        expect(line.total_cents).toBe(line.subtotal_cents + line.shipping_cents + line.tax_cents);
      for (const field of ["subtotal_cents", "shipping_cents", "tax_cents", "total_cents"])
        expect(sumOf(stored.map((line) => line[field]))).toBe(header[field]);

      // Opened twice at once: one PaymentIntent, asking exactly the total; paid once.
      const [first, second] = await Promise.all([
        services.payments.createCheckoutIntent(buyer, checkout.databaseId),
        services.payments.createCheckoutIntent(buyer, checkout.databaseId),
      ]);
      const intentId = first.clientSecret.split("_secret_")[0];
      expect(second.clientSecret.split("_secret_")[0]).toBe(intentId);
      expect((await sandbox.stripe.paymentIntents.retrieve(intentId)).amount).toBe(total);
      await payInSandbox(sandbox.url, sandbox.publishableKey, first.clientSecret);
      await services.payments.confirmCheckout(buyer, checkout.databaseId, intentId);
      expect(await headerOf(checkout.orders[0].databaseId)).toMatchObject({ paid_cents: total, refunded_cents: 0 });
      expect(await refundedOf(intentId)).toBe(0);
      outcomes.paid++;
      if (zone) outcomes.taxed++;
    }),
  );
}

describe("the money property suite (services)", () => {
  it("random reservations and checkouts: the provider is asked the computed total, the order is paid once and keeps what its lines cost, refunds stay within what was paid", async () => {
    await fc.assert(fc.asyncProperty(sale, sellAndRefund), { numRuns: 25, endOnFailure: true });
  });

  it("random carts across zones, tax categories and methods, placed at once: each tax line is rounded once, the shares add up, and the card is asked and charged exactly the total", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(partArbitrary, { minLength: 6, maxLength: 6 }),
        fc.array(cartArbitrary, { minLength: 1, maxLength: 3 }),
        sellCarts,
      ),
      { numRuns: 20, endOnFailure: true },
    );
    expect(outcomes.paid).toBeGreaterThan(0);
    expect(outcomes.taxed).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it("an order adds up whoever writes its lines: a line cancelled by hand, a quantity edited, a line deleted", async () => {
    const buyer = await customer(db, "byhand");
    const partIds = await Promise.all([1000, 2500, 700].map((priceCents) => part(db, { available: 9, priceCents })));
    const checkout = await services.checkouts.place(buyer, {
      lines: partIds.map((partId) => ({ partId, quantity: 2 })),
      ...collected,
    });
    const [first, second, third] = checkout.orders.map((line) => line.databaseId);
    await db.query(
      `UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'admin' WHERE id = $1`,
      [second],
    );
    await db.query(`UPDATE orders SET quantity = 3, total_cents = 3 * unit_price_cents WHERE id = $1`, [first]);
    expect(await headerOf(first)).toMatchObject({ total_cents: 3000 + 1400 });
    await db.query(`DELETE FROM orders WHERE id = $1`, [third]);
    expect(await headerOf(first)).toMatchObject({ total_cents: 3000, paid_cents: 0 });
    const report = await withClient((client) => checkInvariants(client));
    expect(report.violations.filter((violation) => /orders whose|order lines/.test(violation))).toEqual([]);
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
