import { describe, expect, it } from "vitest";
import {
  chosenOption,
  formatWeight,
  ShippingError,
  shippingChoices,
  type ShippingMethod,
  type ShippingZone,
} from "./shipping-rates";

const standard: ShippingMethod = {
  id: "std",
  name: "Standard",
  kind: "standard",
  bands: [
    { upToGrams: 2000, priceCents: 695 },
    { upToGrams: 10_000, priceCents: 1295 },
    { upToGrams: 30_000, priceCents: 2495 },
  ],
  freeOverCents: 15_000,
  minDays: 3,
  maxDays: 5,
  carriesDangerousGoods: true,
};
const airExpress: ShippingMethod = {
  id: "air",
  name: "Air express",
  kind: "express",
  bands: [{ upToGrams: 5000, priceCents: 2900 }],
  freeOverCents: null,
  minDays: 1,
  maxDays: 2,
  carriesDangerousGoods: false,
};
const collection: ShippingMethod = {
  id: "pickup",
  name: "Collect from the warehouse",
  kind: "collection",
  bands: [{ upToGrams: 1_000_000, priceCents: 0 }],
  freeOverCents: null,
  minDays: 1,
  maxDays: 1,
  carriesDangerousGoods: true,
};
const us: ShippingZone = {
  id: "us",
  name: "United States",
  places: [{ country: "US", region: null }],
  methods: [airExpress, standard, collection],
};
const hawaii: ShippingZone = {
  id: "hi",
  name: "Hawaii",
  places: [{ country: "US", region: "HI" }],
  methods: [{ ...airExpress, carriesDangerousGoods: false }],
};
const zones = [us, hawaii];
const oregon = { country: "US", region: "OR", countryName: "United States" };
const battery = { name: "ThinkPad T14 battery 99 Wh", quantity: 1, weightGrams: 450, dangerousGoods: false };
const bigBattery = { name: "Workstation battery 130 Wh", quantity: 1, weightGrams: 900, dangerousGoods: true };

describe("shipping a cart to an address", () => {
  it("prices each method of the address's zone by the parcel's weight band, collection first as the cheapest", () => {
    const choices = shippingChoices(zones, oregon, [{ ...battery, quantity: 3 }], 3 * 2999);
    expect(choices.zone).toEqual({ id: "us", name: "United States" });
    expect(choices.weightGrams).toBe(1350);
    expect(choices.options.map((o) => (o.available ? [o.method.id, o.priceCents] : [o.method.id, o.reason]))).toEqual([
      ["pickup", 0],
      ["std", 695],
      ["air", 2900],
    ]);
    expect(choices.refusal).toBeNull();
  });

  it("a band holds parcels up to its weight, both ends: 2,000 g is the first band, 2,001 g the next", () => {
    const priceAt = (grams: number) =>
      shippingChoices(zones, oregon, [{ ...battery, weightGrams: grams }], 100).options.find(
        (o) => o.method.id === "std",
      );
    expect(priceAt(2000)).toMatchObject({ available: true, priceCents: 695 });
    expect(priceAt(2001)).toMatchObject({ available: true, priceCents: 1295 });
  });

  it("is free over the method's threshold of the goods, and only for the methods that have one", () => {
    const choices = shippingChoices(zones, oregon, [battery], 15_000);
    expect(choices.options.find((o) => o.method.id === "std")).toMatchObject({ priceCents: 0, free: true });
    expect(choices.options.find((o) => o.method.id === "air")).toMatchObject({ priceCents: 2900, free: false });
    expect(shippingChoices(zones, oregon, [battery], 14_999).options.find((o) => o.method.id === "std")).toMatchObject({
      priceCents: 695,
      free: false,
    });
  });

  it("air express refuses dangerous goods, saying which part; methods that carry them are still offered", () => {
    const choices = shippingChoices(zones, oregon, [battery, bigBattery], 20_000);
    expect(choices.options.at(-1)).toEqual({
      method: airExpress,
      available: false,
      reason: "Air express cannot carry dangerous goods (Workstation battery 130 Wh)",
    });
    expect(choices.refusal).toBeNull();
  });

  it("a region's own zone is used before its country's, and a cart none of its methods can take is refused with every reason", () => {
    const choices = shippingChoices(
      zones,
      { country: "US", region: "HI", countryName: "United States" },
      [bigBattery],
      100,
    );
    expect(choices.zone?.id).toBe("hi");
    expect(choices.refusal).toBe(
      "No shipping method can take this cart: Air express cannot carry dangerous goods (Workstation battery 130 Wh)",
    );
  });

  it("a parcel heavier than a method's last band is refused by it, naming both weights", () => {
    const heavy = { ...battery, quantity: 12, weightGrams: 450 };
    const option = shippingChoices(zones, oregon, [heavy], 100).options.find((o) => o.method.id === "air");
    expect(option).toMatchObject({
      available: false,
      reason: "Air express takes parcels up to 5 kg; this one weighs 5.4 kg",
    });
    expect(formatWeight(800)).toBe("800 g");
  });

  it("an address outside every zone cannot be shipped to, and says so", () => {
    const choices = shippingChoices(zones, { country: "BR", region: null, countryName: "Brazil" }, [battery], 100);
    expect(choices).toMatchObject({ zone: null, options: [], refusal: "We do not ship to Brazil yet" });
  });

  it("a chosen method must serve the address and take the cart", () => {
    const choices = shippingChoices(zones, oregon, [bigBattery], 100);
    expect(chosenOption(choices, "std")).toMatchObject({ priceCents: 695 });
    expect(() => chosenOption(choices, "air")).toThrow("Air express cannot carry dangerous goods");
    expect(() => chosenOption(choices, "nowhere")).toThrow(ShippingError);
  });
});
