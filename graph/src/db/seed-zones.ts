import type { EntityManager } from "typeorm";
import { carriesDangerousGoodsByDefault } from "../domain/shipping/shipping-zone.service";
import * as shipping from "../domain/shipping/queries/shipping-zone-rows";
import type { MethodKind } from "../domain/shipping/shipping-rates";
import * as tax from "../domain/tax/queries/tax-zone-rows";

/*
 * The zones a new shop starts with (docs/product.md, "Beyond the spec": Shipping and Tax), so that
 * a developer and the journeys can sell at once: the countries the shop ships to, each with
 * standard and express (the US also collection from the warehouse), and their taxes. Only New York
 * of the US states has a tax zone (where the seller collects sales tax; its made-up warehouse is
 * in Oregon, which has none): an address in another state pays none.
 */

interface SeedMethod {
  name: string;
  kind: MethodKind;
  /** [up to grams, price in cents] */
  bands: Array<[number, number]>;
  freeOverCents: number | null;
  days: [number, number];
}

const road = (prices: [number, number, number], freeOverCents: number, days: [number, number]): SeedMethod => ({
  name: "Standard",
  kind: "standard",
  bands: [
    [2000, prices[0]],
    [10000, prices[1]],
    [30000, prices[2]],
  ],
  freeOverCents,
  days,
});
const air = (prices: [number, number, number], days: [number, number]): SeedMethod => ({
  ...road(prices, 0, days),
  name: "Express",
  kind: "express",
  freeOverCents: null,
});

export const SEED_SHIPPING_ZONES: Array<{ name: string; places: string[]; methods: SeedMethod[] }> = [
  {
    name: "United States",
    places: ["US"],
    methods: [
      road([695, 1295, 2495], 15000, [3, 5]),
      air([1900, 2900, 4900], [1, 2]),
      {
        name: "Collection from the warehouse",
        kind: "collection",
        bands: [[30000, 0]],
        freeOverCents: null,
        days: [1, 1],
      },
    ],
  },
  {
    name: "Canada",
    places: ["CA"],
    methods: [road([1295, 2495, 4495], 25000, [5, 10]), air([2900, 4900, 8900], [2, 4])],
  },
  {
    name: "United Kingdom",
    places: ["GB"],
    methods: [road([1495, 2995, 5995], 30000, [5, 8]), air([3400, 5900, 9900], [2, 3])],
  },
  {
    name: "European Union",
    places: ["DE", "FR", "NL"],
    methods: [road([1495, 2995, 5995], 30000, [5, 8]), air([3400, 5900, 9900], [2, 4])],
  },
  {
    name: "Australia",
    places: ["AU"],
    methods: [road([1995, 3995, 7995], 40000, [7, 14]), air([4400, 7900, 13900], [3, 5])],
  },
];

/** Rates in ppm: [standard, reduced]. */
export const SEED_TAX_ZONES: Array<{ name: string; places: string[]; included: boolean; rates: [number, number] }> = [
  { name: "New York", places: ["US-NY"], included: false, rates: [88_750, 88_750] },
  { name: "Ontario", places: ["CA-ON"], included: false, rates: [130_000, 130_000] },
  { name: "Germany", places: ["DE"], included: true, rates: [190_000, 70_000] },
  { name: "France", places: ["FR"], included: true, rates: [200_000, 55_000] },
  { name: "Netherlands", places: ["NL"], included: true, rates: [210_000, 90_000] },
  { name: "United Kingdom", places: ["GB"], included: true, rates: [200_000, 50_000] },
  { name: "Australia", places: ["AU"], included: true, rates: [100_000, 100_000] },
];

const placeOf = (code: string) => {
  const [country, region] = code.split("-");
  return { country, region: region ?? null };
};

/** The seed's shipping zones when the shop has none, and its tax zones when it has none; answers what it added. */
export async function seedZones(tx: EntityManager): Promise<{ shipping: number; tax: number }> {
  const [{ shippingZones, taxZones }] = await tx.query(
    `SELECT (SELECT count(*) FROM shipping_zones)::int AS "shippingZones", (SELECT count(*) FROM tax_zones)::int AS "taxZones"`,
  );
  if (shippingZones === 0) {
    for (const zone of SEED_SHIPPING_ZONES) {
      const zoneId = await shipping.insertZone(tx, zone.name);
      await shipping.replacePlaces(tx, zoneId, zone.places.map(placeOf));
      for (const method of zone.methods) {
        const methodId = await shipping.insertMethod(tx, zoneId, {
          name: method.name,
          kind: method.kind,
          freeOverCents: method.freeOverCents,
          minDays: method.days[0],
          maxDays: method.days[1],
          carriesDangerousGoods: carriesDangerousGoodsByDefault(method.kind),
        });
        await shipping.replaceBands(
          tx,
          methodId,
          method.bands.map(([upToGrams, priceCents]) => ({ upToGrams, priceCents })),
        );
      }
    }
  }
  if (taxZones === 0) {
    for (const zone of SEED_TAX_ZONES) {
      const zoneId = await tax.insertZone(tx, {
        name: zone.name,
        pricesIncludeTax: zone.included,
        taxesShipping: true,
        ratesPpm: { standard: zone.rates[0], reduced: zone.rates[1], zero: 0 },
      });
      await tax.replacePlaces(tx, zoneId, zone.places.map(placeOf));
    }
  }
  return {
    shipping: shippingZones === 0 ? SEED_SHIPPING_ZONES.length : 0,
    tax: taxZones === 0 ? SEED_TAX_ZONES.length : 0,
  };
}
