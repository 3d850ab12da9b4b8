import { beforeAll, describe, expect, it } from "vitest";
import { addressOneLine } from "../../src/domain/addresses/address-rules";
import { taxOf } from "../../src/domain/tax/tax-lines";
import { payInSandbox } from "../support/fixtures";
import {
  ADDRESS,
  customer,
  database,
  orderServices,
  paymentSandbox,
  saleServices,
  seededZones,
} from "./support/services";
import { methodsOf, salePart, SHIP_TO, storedOrder } from "./support/sale";

/*
 * A sale priced for an address and a method, at the service tier: quotes for visitors and
 * customers in the seeded zones, a checkout freezing exactly what was quoted, a reservation's
 * delivery and the payment it opens, refusals with their reasons, and an order priced again after
 * a line is cancelled. The calculation's own rules are the unit tier's (src/domain/pricing/*.spec.ts).
 */

let db: Awaited<ReturnType<typeof database>>;
let sandbox: Awaited<ReturnType<typeof paymentSandbox>>;
let services: ReturnType<typeof orderServices>;
let us: Record<string, string>;
let eu: Record<string, string>;
/** docs/product.md's worked example: three batteries at $59.99 (450 g, standard) and a manual at $24.50 (300 g, zero-rated). */
let battery: string;
let manual: string;

beforeAll(async () => {
  db = await database();
  sandbox = await paymentSandbox();
  services = orderServices(db, sandbox.stripe, { minutes: 60, maxUnpaidOrders: 100, maxUnpaidCents: 10_000_000 });
  await seededZones(db);
  us = await methodsOf(db, "United States");
  eu = await methodsOf(db, "European Union");
  battery = await salePart(db, { priceCents: 5999, weightGrams: 450, name: "Battery" });
  manual = await salePart(db, { priceCents: 2450, weightGrams: 300, category: "zero", name: "Manual" });
});

const WORKED_EXAMPLE = () => [
  { partId: battery, quantity: 3 },
  { partId: manual, quantity: 1 },
];

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe("quoting a sale", () => {
  it("a visitor without an address is quoted the goods with the display zone's tax, and no shipping", async () => {
    const inGermany = saleServices(db, { country: "DE", region: null }).sales;
    const sale = await inGermany.quote(null, { lines: WORKED_EXAMPLE() });
    expect(sale).toMatchObject({ subtotalCents: 20447, shippingCents: 0, shippingChoices: null, shipping: null });
    expect(sale.tax.zone).toMatchObject({ name: "Germany", pricesIncludeTax: true });
    // 19% on each unit, rounded once per unit: 11.40 × 3; the manual is zero-rated.
    expect(sale.lines.map((line) => line.taxCents)).toEqual([3420, 0]);
    expect(sale.totalCents).toBe(20447 + 3420);
  });

  it("an address in New York is offered every method of the US, each priced for the parcel, and taxed at 8.875% with the shipping", async () => {
    const quoteBy = (method: string) =>
      services.sales.quote(null, {
        lines: WORKED_EXAMPLE(),
        shipTo: { address: SHIP_TO.newYork },
        shippingMethodId: us[method],
      });
    const express = await quoteBy("express");
    // docs/product.md's worked example, to the cent.
    expect(express).toMatchObject({ subtotalCents: 20447, shippingCents: 1900, taxCents: 1766, totalCents: 24113 });
    expect(express.tax.lines.map((line) => line.taxCents)).toEqual([1597, 0]);
    expect(express.tax.shipping).toEqual({ ratePpm: 88_750, taxCents: 169 });
    expect(express.shippingChoices?.weightGrams).toBe(1650);
    expect(express.shippingChoices?.options.map((option) => [option.method.kind, option.available])).toEqual([
      ["collection", true],
      ["standard", true],
      ["express", true],
    ]);
    // Standard is free over $150; collection costs nothing: tax on the goods alone.
    for (const method of ["standard", "collection"]) {
      const sale = await quoteBy(method);
      expect(sale).toMatchObject({ shippingCents: 0, taxCents: 1597, totalCents: 20447 + 1597 });
      expect(sale.shipping).toMatchObject({ methodId: us[method] });
    }
  });

  it("shipping is free from the method's threshold on, and charged under it", async () => {
    const cable = await salePart(db, { priceCents: 7500, weightGrams: 200 });
    const quoteOf = (quantity: number) =>
      services.sales.quote(null, {
        lines: [{ partId: cable, quantity }],
        shipTo: { address: SHIP_TO.oregon },
        shippingMethodId: us.standard,
      });
    // $149.99 would be under; $150.00 exactly is free (the threshold is "at least").
    expect(await quoteOf(1)).toMatchObject({ shippingCents: 695, taxCents: 0, totalCents: 7500 + 695 });
    expect(await quoteOf(2)).toMatchObject({ shippingCents: 0, totalCents: 15000 });
  });

  it("dangerous goods are refused by air express, with the reason, and still go by road", async () => {
    const bigBattery = await salePart(db, {
      priceCents: 12000,
      weightGrams: 900,
      dangerousGoods: true,
      name: "Big battery",
    });
    const lines = [{ partId: bigBattery, quantity: 1 }];
    const sale = await services.sales.quote(null, { lines, shipTo: { address: SHIP_TO.newYork } });
    const express = sale.shippingChoices?.options.find((option) => option.method.kind === "express");
    expect(express).toMatchObject({ available: false, reason: "Express cannot carry dangerous goods (Big battery)" });
    expect(sale.shippingChoices?.refusal).toBeNull();
    await expect(
      services.sales.quote(null, { lines, shipTo: { address: SHIP_TO.newYork }, shippingMethodId: us.express }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { shippingMethodId: ["Express cannot carry dangerous goods (Big battery)"] } },
    });
    const buyer = await customer(db, "dangerous");
    await expect(
      services.checkouts.place(buyer, { lines, shipTo: { address: SHIP_TO.newYork }, shippingMethodId: us.express }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { shippingMethodId: [expect.stringContaining("dangerous goods")] } },
    });
    await expect(
      services.checkouts.place(buyer, { lines, shipTo: { address: SHIP_TO.newYork }, shippingMethodId: us.standard }),
    ).resolves.toMatchObject({ orderCount: 1 });
  });

  it("a bad typed address is refused naming its field under shipTo.address; a visitor cannot name a saved address", async () => {
    await expect(
      services.sales.quote(null, {
        lines: WORKED_EXAMPLE(),
        shipTo: { address: { ...SHIP_TO.newYork, postalCode: "ABCDE" } },
      }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { "shipTo.address.postalCode": [expect.any(String)] } },
    });
    await expect(
      services.sales.quote(null, { lines: WORKED_EXAMPLE(), shipTo: { addressId: crypto.randomUUID() } }),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("placing a checkout with shipping and tax", () => {
  it("a cart is refused with the reason: an address in no zone names shipTo, a parcel no method takes names shippingMethodId", async () => {
    const buyer = await customer(db, "unshippable");
    await expect(
      services.checkouts.place(buyer, {
        lines: WORKED_EXAMPLE(),
        shipTo: { address: SHIP_TO.japan },
        shippingMethodId: us.standard,
      }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "We do not ship to Japan yet",
      details: { fields: { shipTo: ["We do not ship to Japan yet"] } },
    });
    const anvil = await salePart(db, { priceCents: 9900, weightGrams: 31_000, name: "Anvil" });
    const refusal = services.checkouts.place(buyer, {
      lines: [{ partId: anvil, quantity: 1 }],
      shipTo: { address: SHIP_TO.oregon },
      shippingMethodId: us.standard,
    });
    await expect(refusal).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: expect.stringMatching(
        /^No shipping method can take this cart: .*takes parcels up to 30 kg; this one weighs 31 kg/,
      ),
      details: { fields: { shippingMethodId: [expect.any(String)] } },
    });
    // A method of another zone does not ship here.
    await expect(
      services.checkouts.place(buyer, {
        lines: WORKED_EXAMPLE(),
        shipTo: { address: SHIP_TO.newYork },
        shippingMethodId: eu.standard,
      }),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { shippingMethodId: ["That shipping method does not ship to United States"] } },
    });
    expect(await db.query(`SELECT 1 FROM orders WHERE user_id = $1`, [buyer.databaseId])).toEqual([]);
  });

  it("a checkout freezes exactly what was quoted: the lines add up to the header, the tax to its rounded lines and the shipping's", async () => {
    const buyer = await customer(db, "freezer");
    const { address: saved } = { address: await saleServices(db).addresses.add(buyer, SHIP_TO.newYork) };
    const request = { lines: WORKED_EXAMPLE(), shipTo: { addressId: saved.databaseId }, shippingMethodId: us.express };
    const quoted = await services.sales.quote(buyer, request);
    const checkout = await services.checkouts.place(buyer, request);
    expect(checkout.totalCents).toBe(quoted.totalCents);
    const { header, lines } = await storedOrder(db, checkout.databaseId);
    expect(header).toMatchObject({
      subtotal_cents: 20447,
      shipping_cents: 1900,
      tax_cents: 1766,
      total_cents: 24113,
      shipping_tax_cents: 169,
      ship_to: saved.postal,
      shipping_method_id: us.express,
      shipping_method_name: "Express",
      shipping_min_days: 1,
      shipping_max_days: 2,
      tax_zone_name: "New York",
      prices_include_tax: false,
      address: addressOneLine(saved.postal),
      phone: "+12125550100",
    });
    expect(lines.map((line) => [line.total_cents, line.tax_cents, line.shipping_cents])).toEqual(
      quoted.lines.map((line) => [line.totalCents, line.taxCents, line.shippingCents]),
    );
    expect(lines.map((line) => [line.tax_category, line.tax_rate_ppm, line.own_tax_cents])).toEqual([
      ["standard", 88_750, taxOf(17997, 88_750)],
      ["zero", 0, 0],
    ]);
    for (const field of ["subtotal_cents", "shipping_cents", "tax_cents", "total_cents"] as const)
      expect(sum(lines.map((line) => line[field]))).toBe(header[field]);
    expect(header.tax_cents).toBe(sum(lines.map((line) => line.own_tax_cents)) + header.shipping_tax_cents);
    for (const line of lines) expect(line).toMatchObject({ address: header.address, phone: header.phone });
  });

  it("what one customer may hold unpaid counts a checkout's shipping and tax", async () => {
    // $204.47 of goods is under a $240 bound; with express and New York's tax it is $241.13.
    const tight = orderServices(db, sandbox.stripe, { minutes: 60, maxUnpaidOrders: 10, maxUnpaidCents: 24_000 });
    const buyer = await customer(db, "bounded");
    const request = (method: string) => ({
      lines: WORKED_EXAMPLE(),
      shipTo: { address: SHIP_TO.newYork },
      shippingMethodId: us[method],
    });
    await expect(tight.checkouts.place(buyer, request("express"))).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("$241.13"),
    });
    // Standard is free over $150: $204.47 and its tax, $220.44, fits.
    await expect(tight.checkouts.place(buyer, request("standard"))).resolves.toMatchObject({ totalCents: 22044 });
  });

  it("another customer's address is not found, and a checkout is not made with it", async () => {
    const owner = await customer(db, "owner");
    const other = await customer(db, "other");
    const theirs = await saleServices(db).addresses.add(owner, SHIP_TO.oregon);
    const request = {
      lines: WORKED_EXAMPLE(),
      shipTo: { addressId: theirs.databaseId },
      shippingMethodId: us.standard,
    };
    const notFound = { code: "NOT_FOUND", details: { fields: { "shipTo.addressId": ["Not found"] } } };
    await expect(services.sales.quote(other, request)).rejects.toMatchObject(notFound);
    await expect(services.checkouts.place(other, request)).rejects.toMatchObject(notFound);
  });

  it("a line cancelled from a checkout leaves the others their own tax, and the shipping's tax spread again", async () => {
    const buyer = await customer(db, "requote");
    const charger = await salePart(db, { priceCents: 3333, weightGrams: 250, category: "reduced" });
    const checkout = await services.checkouts.place(buyer, {
      lines: [...WORKED_EXAMPLE(), { partId: charger, quantity: 2 }],
      shipTo: { address: SHIP_TO.newYork },
      shippingMethodId: us.express,
    });
    const before = await storedOrder(db, checkout.databaseId);
    await services.orders.cancel(buyer, before.lines[0].id);
    const after = await storedOrder(db, checkout.databaseId);
    const kept = after.lines.filter((line) => line.status === "unpaid");
    expect(kept.map((line) => line.own_tax_cents)).toEqual(before.lines.slice(1).map((line) => line.own_tax_cents));
    expect(kept.map((line) => line.own_tax_cents)).toEqual([0, taxOf(6666, 88_750)]);
    // 2.15 kg by express: $29.00, and its 8.875% tax 2.57, kept whole by the lines left.
    expect(before.header).toMatchObject({ shipping_cents: 2900, shipping_tax_cents: 257 });
    expect(after.header).toMatchObject({ shipping_cents: 2900, shipping_tax_cents: 257 });
    expect(after.header.tax_cents).toBe(sum(kept.map((line) => line.own_tax_cents)) + 257);
    expect(sum(kept.map((line) => line.shipping_cents))).toBe(2900);
    for (const line of kept) expect(line.total_cents).toBe(line.subtotal_cents + line.shipping_cents + line.tax_cents);
    expect(after.header.total_cents).toBe(sum(kept.map((line) => line.total_cents)));
  });
});

describe("a reservation's delivery", () => {
  it("chosen, changed and chosen again: the reservation keeps its unit price, and its payment charges exactly the new total", async () => {
    const buyer = await customer(db, "delivery");
    const line = await services.orders.place(buyer, { partId: battery, quantity: 3, ...ADDRESS });
    expect(line.totalCents).toBe(17997);
    await db.query(`UPDATE parts SET price_cents = 9999 WHERE id = $1`, [battery]);
    try {
      const first = await services.payments.createIntent(buyer, line.databaseId);
      expect(first.amountCents).toBe(17997);
      const choose = (method: string, address = SHIP_TO.newYork) =>
        services.orderDelivery.choose(buyer, {
          orderId: line.databaseId,
          shipTo: { address },
          shippingMethodId: us[method],
        });
      const quoted = await services.sales.quote(buyer, {
        orderId: line.databaseId,
        shipTo: { address: SHIP_TO.newYork },
        shippingMethodId: us.express,
      });
      const chosen = await choose("express");
      // $179.97 + $19.00 + 8.875% of each: 15.97 and 1.69.
      expect(chosen).toMatchObject({
        unitPriceCents: 5999,
        shippingCents: 1900,
        taxCents: 1597 + 169,
        totalCents: 17997 + 1900 + 1766,
      });
      expect(chosen.totalCents).toBe(quoted.totalCents);
      const { header } = await storedOrder(db, line.databaseId);
      expect(header).toMatchObject({
        total_cents: chosen.totalCents,
        shipping_tax_cents: 169,
        shipping_method_name: "Express",
        tax_zone_name: "New York",
        ship_to: { city: "New York", phone: "+12125550100" },
      });
      // The spec's copies stay as the reservation form had them.
      expect(header).toMatchObject({ address: ADDRESS.address, phone: ADDRESS.phone });

      const intentOf = async () => {
        const opened = await services.payments.createIntent(buyer, line.databaseId);
        return sandbox.stripe.paymentIntents.retrieve(opened.clientSecret.split("_secret_")[0]);
      };
      expect((await intentOf()).amount).toBe(chosen.totalCents);
      const byRoad = await choose("standard");
      expect(byRoad.totalCents).toBe(17997 + taxOf(17997, 88_750));
      expect((await intentOf()).amount).toBe(byRoad.totalCents);
      // Back to express: the same amount as before is set again, not an old answer replayed.
      expect(
        (
          await intentOf()
            .then(() => choose("express"))
            .then(() => intentOf())
        ).amount,
      ).toBe(chosen.totalCents);
      await expect(services.payments.createIntent(buyer, line.databaseId, 179.97)).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
      });
      const opened = await services.payments.createIntent(buyer, line.databaseId, chosen.totalCents / 100);
      expect(opened.amountCents).toBe(chosen.totalCents);
      await payInSandbox(sandbox.url, sandbox.publishableKey, opened.clientSecret);
      const paid = await services.payments.confirm(buyer, line.databaseId, opened.clientSecret.split("_secret_")[0]);
      expect(paid.order).toMatchObject({ status: "paid", totalCents: chosen.totalCents });
      await expect(choose("standard")).rejects.toMatchObject({ code: "CONFLICT" });
    } finally {
      await db.query(`UPDATE parts SET price_cents = 5999 WHERE id = $1`, [battery]);
    }
  });

  it("another customer's reservation is not found, to quote or to deliver", async () => {
    const owner = await customer(db, "reserver");
    const other = await customer(db, "prober");
    const line = await services.orders.place(owner, { partId: manual, quantity: 1, ...ADDRESS });
    const notFound = { code: "NOT_FOUND" };
    await expect(services.sales.quote(other, { orderId: line.databaseId })).rejects.toMatchObject(notFound);
    await expect(
      services.orderDelivery.choose(other, {
        orderId: line.databaseId,
        shipTo: { address: SHIP_TO.oregon },
        shippingMethodId: us.standard,
      }),
    ).rejects.toMatchObject(notFound);
    await expect(services.sales.quote(null, { orderId: line.databaseId })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    // A checkout's line is not a reservation of one part.
    const checkout = await services.checkouts.place(owner, {
      lines: [{ partId: battery, quantity: 1 }],
      shipTo: { address: SHIP_TO.oregon },
      shippingMethodId: us.standard,
    });
    await expect(
      services.orderDelivery.choose(owner, {
        orderId: checkout.orders[0].databaseId,
        shipTo: { address: SHIP_TO.oregon },
        shippingMethodId: us.standard,
      }),
    ).rejects.toMatchObject(notFound);
  });
});
