import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { AddressBookService } from "../../src/domain/addresses/address-book.service";
import type { Place } from "../../src/domain/addresses/places";
import { SaleSummaries } from "../../src/domain/orders/sale-summary";
import { lineTax } from "../../src/domain/tax/tax-lines";
import { PriceDisplayService, shownPriceCents } from "../../src/domain/tax/price-display.service";
import { TaxZoneService } from "../../src/domain/tax/tax-zone.service";
import { BERLIN, GERMANY_EXPRESS, insertFrozenSale, workedExampleInGermany } from "../support/frozen-sales";
import { ADDRESSES } from "./support/addresses";
import { customer, database, part } from "./support/services";
import { taxZone } from "./support/zones";

/*
 * The read side of a sale (docs/product.md, "Shipping and tax"): prices as the caller's place
 * shows them, and what an order's header keeps of its shipping and tax, summed up.
 */

let db: Awaited<ReturnType<typeof database>>;
let addresses: AddressBookService;
let summaries: SaleSummaries;
let admin: User;

const NEW_YORK: Place = { country: "US", region: "NY" };
const GERMANY: Place = { country: "DE", region: null };
const displayAt = (place: Place) => new PriceDisplayService(db, addresses, place);
const buyerOf = (user: User) => ({ id: user.databaseId, email: user.email, name: user.displayName ?? "Test" });
const query = (sql: string, params: unknown[]) => db.query(sql, params);

beforeAll(async () => {
  db = await database();
  addresses = new AddressBookService(db);
  summaries = new SaleSummaries(db);
  admin = await customer(db, "admin", "admin");
  const taxes = new TaxZoneService(db);
  await taxes.createZone(admin, taxZone());
  await taxes.createZone(
    admin,
    taxZone({ name: "Germany", places: [GERMANY], pricesIncludeTax: true, standardRate: 19, reducedRate: 7 }),
  );
});

describe("prices as the caller's place shows them", () => {
  it("a zone that includes tax shows each unit with its own tax, rounded half up per unit", async () => {
    const display = await displayAt(GERMANY).forCaller(null);
    expect(display.zone?.name).toBe("Germany");
    // $59.99 + 19% (11.3981) is $71.39; $12.50 + 19% (2.375) rounds half up to $14.88.
    expect(shownPriceCents(display, { priceCents: 5999, taxCategory: "standard" })).toBe(7139);
    expect(shownPriceCents(display, { priceCents: 1250, taxCategory: "standard" })).toBe(1488);
    expect(shownPriceCents(display, { priceCents: 5999, taxCategory: "reduced" })).toBe(6419);
    expect(shownPriceCents(display, { priceCents: 2450, taxCategory: "zero" })).toBe(2450);
  });

  it("units shown with tax add up to what the sale charges for the line: its price and its tax", async () => {
    const display = await displayAt(GERMANY).forCaller(null);
    for (const [priceCents, quantity] of [
      [5999, 3],
      [1250, 7],
      [1, 99],
      [333_333, 2],
    ]) {
      const line = { unitPriceCents: priceCents, quantity, discountCents: 0, category: "standard" as const };
      expect(shownPriceCents(display, { priceCents, taxCategory: "standard" }) * quantity).toBe(
        priceCents * quantity + lineTax(display.zone!, line).taxCents,
      );
    }
  });

  it("a zone that adds tax at checkout, and a place in no zone, show prices as entered", async () => {
    const newYork = await displayAt(NEW_YORK).forCaller(null);
    expect(newYork.zone?.name).toBe("New York");
    expect(shownPriceCents(newYork, { priceCents: 5999, taxCategory: "standard" })).toBe(5999);
    const oregon = await displayAt({ country: "US", region: "OR" }).forCaller(null);
    expect(oregon.zone).toBeNull();
    expect(shownPriceCents(oregon, { priceCents: 5999, taxCategory: "standard" })).toBe(5999);
  });

  it("a signed-in customer sees prices for their default address, and for the display place without one", async () => {
    const buyer = await customer(db, "display");
    const service = displayAt(NEW_YORK);
    expect((await service.forCaller(buyer)).place).toEqual(NEW_YORK);
    await addresses.add(buyer, ADDRESSES.de);
    const display = await service.forCaller(buyer);
    expect(display.place).toEqual(GERMANY);
    expect(shownPriceCents(display, { priceCents: 5999, taxCategory: "standard" })).toBe(7139);
    // Another address made the default moves the prices with it.
    const [us] = [await addresses.add(buyer, ADDRESSES.us)];
    await addresses.setDefault(buyer, us.databaseId);
    expect((await service.forCaller(buyer)).place).toEqual({ country: "US", region: "CA" });
  });

  it("a change of a zone's rate applies to the next price shown", async () => {
    const taxes = new TaxZoneService(db);
    const zone = await taxes.createZone(
      admin,
      taxZone({ name: "Ireland", places: [{ country: "IE" }], pricesIncludeTax: true, standardRate: 23 }),
    );
    const service = displayAt({ country: "IE", region: null });
    expect(shownPriceCents(await service.forCaller(null), { priceCents: 1000, taxCategory: "standard" })).toBe(1230);
    await taxes.updateZone(admin, zone.databaseId, { standardRate: 13.5 });
    expect(shownPriceCents(await service.forCaller(null), { priceCents: 1000, taxCategory: "standard" })).toBe(1135);
  });
});

describe("what an order's header keeps of its sale", () => {
  it("a checkout with frozen shipping and tax comes to subtotal + shipping + tax, with its address and method", async () => {
    const buyer = await customer(db, "frozen");
    const [battery, manual] = [await part(db, { available: 10 }), await part(db, { available: 10 })];
    const { headerId } = await insertFrozenSale(
      query,
      buyerOf(buyer),
      workedExampleInGermany(battery, manual),
      GERMANY_EXPRESS,
    );
    const [summary] = await summaries.ofHeaders([headerId]);
    // docs/product.md's worked example in Germany.
    expect(summary).toEqual({
      subtotalCents: 20_447,
      discountCents: 0,
      shippingCents: 1900,
      taxCents: 3781,
      totalCents: 26_128,
      pricesIncludeTax: true,
      taxZoneName: "Germany",
      shipTo: BERLIN,
      shippingMethodName: "Express",
      minDays: 2,
      maxDays: 4,
    });
    expect(summary!.subtotalCents + summary!.shippingCents + summary!.taxCents).toBe(summary!.totalCents);
  });

  it("a cancelled line no longer counts; what the header froze of the delivery stays", async () => {
    const buyer = await customer(db, "cancelled");
    const [battery, manual] = [await part(db, { available: 10 }), await part(db, { available: 10 })];
    const { headerId, orderIds } = await insertFrozenSale(
      query,
      buyerOf(buyer),
      workedExampleInGermany(battery, manual),
      GERMANY_EXPRESS,
    );
    await db.query(
      `UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'customer' WHERE id = $1`,
      [orderIds[1]],
    );
    const [summary] = await summaries.ofHeaders([headerId]);
    expect(summary).toMatchObject({
      subtotalCents: 17_997,
      shippingCents: 1672,
      taxCents: 3420 + 318,
      totalCents: 17_997 + 1672 + 3738,
      shippingMethodName: "Express",
      shipTo: BERLIN,
    });
  });

  it("a reservation whose delivery is not chosen has its line's price and no address, method or tax zone", async () => {
    const buyer = await customer(db, "reserved");
    const partId = await part(db, { available: 10 });
    const { headerId, orderIds } = await insertFrozenSale(
      query,
      buyerOf(buyer),
      [{ partId, unitPriceCents: 1250, quantity: 2 }],
      null,
      "reservation",
    );
    expect(headerId).toBe(orderIds[0]);
    const [summary, unknown] = await summaries.ofHeaders([headerId, "00000000-0000-4000-8000-000000000000"]);
    expect(summary).toEqual({
      subtotalCents: 2500,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 2500,
      pricesIncludeTax: false,
      taxZoneName: null,
      shipTo: null,
      shippingMethodName: null,
      minDays: null,
      maxDays: null,
    });
    expect(unknown).toBeNull();
  });
});
