import { describe, expect, it } from "vitest";
import type { ShippingChoices, ShippingMethod } from "../shipping/shipping-rates";
import { taxOf } from "../tax/tax-lines";
import type { SaleQuote } from "./sale";
import { deliveryRefusal, frozenSale, shownUnitCents } from "./sale-rules";

const method = (id: string, name: string): ShippingMethod => ({
  id,
  name,
  kind: "standard",
  bands: [{ upToGrams: 2000, priceCents: 695 }],
  freeOverCents: null,
  minDays: 3,
  maxDays: 5,
  carriesDangerousGoods: true,
});
const road = method("road", "Standard");
const air = { ...method("air", "Express"), kind: "express" as const, carriesDangerousGoods: false };

const choices = (options: ShippingChoices["options"], refusal: string | null = null): ShippingChoices => ({
  zone: { id: "us", name: "United States" },
  weightGrams: 900,
  options,
  refusal,
});

describe("what a sale to be placed must have", () => {
  const both = choices([
    { method: road, available: true, priceCents: 695, free: false },
    { method: air, available: false, reason: "Express cannot carry dangerous goods (Battery)" },
  ]);

  it("ships by a method the address's zone has and that takes the cart", () => {
    expect(deliveryRefusal(both, "road")).toBeNull();
  });

  it("an address in no zone is refused naming shipTo, with the reason", () => {
    const nowhere = { zone: null, weightGrams: 0, options: [], refusal: "We do not ship to Japan yet" };
    expect(deliveryRefusal(nowhere, "road")).toEqual({ field: "shipTo", message: "We do not ship to Japan yet" });
  });

  it("a method that cannot take the cart, one of another zone, or none is refused naming shippingMethodId", () => {
    expect(deliveryRefusal(both, "air")).toEqual({
      field: "shippingMethodId",
      message: "Express cannot carry dangerous goods (Battery)",
    });
    expect(deliveryRefusal(both, "elsewhere")).toEqual({
      field: "shippingMethodId",
      message: "That shipping method does not ship to United States",
    });
    expect(deliveryRefusal(both, null)).toEqual({ field: "shippingMethodId", message: "Choose a shipping method" });
  });

  it("a cart nothing can ship is refused with every reason, whichever method was chosen", () => {
    const none = choices(
      [{ method: road, available: false, reason: "Standard takes parcels up to 2 kg; this one weighs 3 kg" }],
      "No shipping method can take this cart: Standard takes parcels up to 2 kg; this one weighs 3 kg",
    );
    expect(deliveryRefusal(none, "road")).toEqual({ field: "shippingMethodId", message: none.refusal });
  });
});

describe("what an order keeps of its sale", () => {
  const sale = {
    lines: [
      { unitPriceCents: 5999, quantity: 3, category: "standard" },
      { unitPriceCents: 2450, quantity: 1, category: "zero" },
    ],
    shipping: { methodId: "air", name: "Express", free: false, minDays: 1, maxDays: 2 },
    tax: {
      zone: { id: "de", name: "Germany", pricesIncludeTax: true },
      lines: [
        { ratePpm: 190_000, taxCents: 3420 },
        { ratePpm: 0, taxCents: 0 },
      ],
      shipping: { ratePpm: 190_000, taxCents: 361 },
    },
  } as unknown as SaleQuote;
  const shipTo = {
    name: "Emmy Noether",
    company: null,
    line1: "Unter den Linden 6",
    line2: null,
    city: "Berlin",
    region: null,
    postalCode: "10117",
    country: "DE",
    phone: "+4930209312345",
  };

  it("copies of the address, the method and the tax zone, the shipping's tax, and each line's category, rate and own tax", () => {
    expect(frozenSale(sale, shipTo)).toEqual({
      delivery: {
        shipTo,
        shippingMethodId: "air",
        shippingMethodName: "Express",
        shippingMinDays: 1,
        shippingMaxDays: 2,
        shippingTaxCents: 361,
        taxZoneName: "Germany",
        pricesIncludeTax: true,
      },
      lineTaxes: [
        { taxCategory: "standard", taxRatePpm: 190_000, ownTaxCents: 3420 },
        { taxCategory: "zero", taxRatePpm: 0, ownTaxCents: 0 },
      ],
    });
  });

  it("a sale without a shipping method is never placed", () => {
    expect(() => frozenSale({ ...sale, shipping: null }, shipTo)).toThrow();
  });

  it("shows a unit with its tax where the zone includes tax, and without it elsewhere", () => {
    expect(shownUnitCents(sale, 0)).toBe(5999 + taxOf(5999, 190_000));
    expect(shownUnitCents(sale, 1)).toBe(2450);
    const added = { ...sale, tax: { ...sale.tax, zone: { id: "ny", name: "New York", pricesIncludeTax: false } } };
    expect(shownUnitCents(added, 0)).toBe(5999);
  });
});
