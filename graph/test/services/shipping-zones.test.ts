import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { ShopError } from "../../src/domain/errors";
import { priceSale } from "../../src/domain/pricing/sale";
import { ShippingZoneService } from "../../src/domain/shipping/shipping-zone.service";
import { TaxZoneService } from "../../src/domain/tax/tax-zone.service";
import { customer, database } from "./support/services";
import { EXPRESS, expressZone, historyOf, method, taxZone, WORKED_EXAMPLE_LINES } from "./support/zones";

/*
 * Shipping zones, methods and bands as admins manage them (docs/product.md, "Beyond the spec":
 * Shipping): every rule of the service on a real database, and the zones it hands the price calculation.
 */

let db: Awaited<ReturnType<typeof database>>;
let zones: ShippingZoneService;
let admin: User;
let shopper: User;

beforeAll(async () => {
  db = await database();
  zones = new ShippingZoneService(db);
  admin = await customer(db, "admin", "admin");
  shopper = await customer(db, "shopper");
});

/** The refusal `work` ends in: its code and the fields it names. */
async function refusal(
  work: Promise<unknown>,
): Promise<{ code: string; message: string; fields: Record<string, string[]> }> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ShopError)) throw new Error(`expected a ShopError, got ${String(error)}`);
  return { code: error.code, message: error.message, fields: (error.details.fields ?? {}) as Record<string, string[]> };
}

const counts = async () =>
  (
    await db.query(
      `SELECT (SELECT count(*) FROM shipping_zones)::int AS zones, (SELECT count(*) FROM shipping_zone_places)::int AS places,
              (SELECT count(*) FROM shipping_methods)::int AS methods, (SELECT count(*) FROM shipping_rate_bands)::int AS bands,
              (SELECT count(*) FROM audit_log)::int AS history`,
    )
  )[0];

describe("shipping zones", () => {
  it("keeps a zone's places as codes, a region by its code, and records the zone in History", async () => {
    const zone = await zones.createZone(admin, {
      name: "  Canada and NSW  ",
      places: [{ country: "ca" }, { country: "AU", region: "new south wales" }],
    });
    expect(zone.name).toBe("Canada and NSW");
    expect(zone.places).toEqual([
      { country: "AU", region: "NSW" },
      { country: "CA", region: null },
    ]);
    expect(await historyOf(db, zone.databaseId)).toEqual([
      {
        action: "shipping_zone.created",
        before: null,
        after: { name: "Canada and NSW", places: ["AU-NSW", "CA"], methods: [] },
      },
    ]);
  });

  it("refuses a place another zone holds, naming the place and that zone, and writes nothing", async () => {
    await zones.createZone(admin, { name: "Benelux", places: [{ country: "NL" }, { country: "BE" }] });
    const before = await counts();
    const refused = await refusal(
      zones.createZone(admin, { name: "Low countries", places: [{ country: "LU" }, { country: "NL" }] }),
    );
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(refused.fields.places[0]).toBe(
      "Netherlands is already in the shipping zone Benelux: a place belongs to one zone",
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses moving a zone onto a place another holds, and lets a zone keep its own places", async () => {
    const alps = await zones.createZone(admin, { name: "Alps", places: [{ country: "CH" }, { country: "AT" }] });
    await zones.createZone(admin, { name: "Italy", places: [{ country: "IT" }] });
    const refused = await refusal(
      zones.updateZone(admin, alps.databaseId, { places: [{ country: "CH" }, { country: "IT" }] }),
    );
    expect(refused.fields.places[0]).toMatch(/^Italy is already in the shipping zone Italy/);
    const kept = await zones.updateZone(admin, alps.databaseId, {
      name: "The Alps",
      places: [{ country: "AT" }, { country: "CH" }, { country: "LI" }],
    });
    expect(kept.places.map((place) => place.country)).toEqual(["AT", "CH", "LI"]);
    expect((await historyOf(db, alps.databaseId)).map((entry) => entry.action)).toEqual([
      "shipping_zone.created",
      "shipping_zone.updated",
    ]);
  });

  it("a state's own zone and its country's zone are different places", async () => {
    const state = await zones.createZone(admin, { name: "Hawaii", places: [{ country: "US", region: "HI" }] });
    const country = await zones.createZone(admin, { name: "United States", places: [{ country: "US" }] });
    expect([state.places, country.places]).toEqual([
      [{ country: "US", region: "HI" }],
      [{ country: "US", region: null }],
    ]);
  });

  it.each([
    [{ name: "", places: [{ country: "FR" }] }, "name", "Name is required"],
    [{ name: "x".repeat(81), places: [{ country: "FR" }] }, "name", "Name must be at most 80 characters"],
    [{ name: "Nowhere", places: [] }, "places", "A zone covers at least one country"],
    [
      { name: "Atlantis", places: [{ country: "FR" }, { country: "XX" }] },
      "places.1.country",
      '"XX" is not an ISO 3166',
    ],
    [
      { name: "Texas", places: [{ country: "US", region: "Lone Star" }] },
      "places.0.region",
      '"Lone Star" is not a state',
    ],
    [{ name: "Bavaria", places: [{ country: "DE", region: "BY" }] }, "places.0.region", "Zones name regions only in"],
    [{ name: "Twice", places: [{ country: "FR" }, { country: "fr" }] }, "places.1", "France is listed twice"],
  ])("refuses %j naming %s", async (input, field, message) => {
    const refused = await refusal(zones.createZone(admin, input));
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(refused.fields[field]?.[0]).toContain(message);
  });

  it("refuses a name another zone has", async () => {
    await zones.createZone(admin, { name: "Iberia", places: [{ country: "ES" }] });
    const refused = await refusal(zones.createZone(admin, { name: "Iberia", places: [{ country: "PT" }] }));
    expect(refused.fields).toEqual({ name: ["Another shipping zone has this name"] });
  });

  it("is for admins: a customer is FORBIDDEN, a visitor UNAUTHENTICATED", async () => {
    expect((await refusal(zones.list(shopper))).code).toBe("FORBIDDEN");
    expect((await refusal(zones.createZone(null, { name: "X", places: [{ country: "JP" }] }))).code).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("deletes a zone with its methods and bands, and records what it was", async () => {
    const zone = await zones.createZone(admin, { name: "Nordics", places: [{ country: "SE" }, { country: "NO" }] });
    await zones.addMethod(admin, zone.databaseId, method());
    await zones.deleteZone(admin, zone.databaseId);
    expect(await db.query(`SELECT 1 FROM shipping_methods WHERE zone_id = $1`, [zone.databaseId])).toEqual([]);
    expect((await historyOf(db, zone.databaseId)).at(-1)).toMatchObject({
      action: "shipping_zone.deleted",
      before: { name: "Nordics", places: ["NO", "SE"], methods: ["Standard"] },
      after: null,
    });
    expect((await refusal(zones.deleteZone(admin, zone.databaseId))).code).toBe("NOT_FOUND");
  });
});

describe("shipping methods", () => {
  let zoneId: string;
  beforeAll(async () => {
    zoneId = (await zones.createZone(admin, { name: "Poland", places: [{ country: "PL" }] })).databaseId;
  });

  it("keeps bands in cents, the threshold, the estimate, and records the method under its zone", async () => {
    const zone = await zones.addMethod(admin, zoneId, method());
    const [standard] = zone.methods;
    expect(standard).toMatchObject({
      name: "Standard",
      kind: "standard",
      bands: [
        { upToGrams: 2000, priceCents: 695 },
        { upToGrams: 10000, priceCents: 1295 },
        { upToGrams: 30000, priceCents: 2495 },
      ],
      freeOverCents: 15000,
      minDays: 3,
      maxDays: 5,
      carriesDangerousGoods: true,
    });
    expect((await historyOf(db, zoneId)).at(-1)).toMatchObject({
      action: "shipping_method.added",
      after: {
        name: "Poland",
        method: "Standard",
        bands: ["up to 2 kg: $6.95", "up to 10 kg: $12.95", "up to 30 kg: $24.95"],
        freeOver: 150,
      },
    });
  });

  it("carries dangerous goods by default by road and from the warehouse, not by air, unless told", async () => {
    const zone = await zones.createZone(admin, { name: "Czechia", places: [{ country: "CZ" }] });
    await zones.addMethod(admin, zone.databaseId, method({ name: "Express", kind: "express" }));
    await zones.addMethod(admin, zone.databaseId, method({ name: "Collect", kind: "collection" }));
    const last = await zones.addMethod(
      admin,
      zone.databaseId,
      method({ name: "Hazmat air", kind: "express", carriesDangerousGoods: true }),
    );
    // Listed by kind (standard, express, collection), then as added.
    expect(last.methods.map((each) => [each.name, each.carriesDangerousGoods])).toEqual([
      ["Express", false],
      ["Hazmat air", true],
      ["Collect", true],
    ]);
  });

  it.each([
    [{ bands: [] }, "bands", "A method needs at least one weight band"],
    [
      {
        bands: [
          { upToGrams: 2000, price: 5 },
          { upToGrams: 5000, price: 6 },
          { upToGrams: 3000, price: 7 },
        ],
      },
      "bands.2.upToGrams",
      "Bands go from the lightest to the heaviest: 3 kg comes after 5 kg",
    ],
    [
      {
        bands: [
          { upToGrams: 2000, price: 5 },
          { upToGrams: 2000, price: 6 },
        ],
      },
      "bands.1.upToGrams",
      "Two bands cannot both end at 2 kg",
    ],
    [{ bands: [{ upToGrams: 0, price: 5 }] }, "bands.0.upToGrams", "whole grams from 1"],
    [{ bands: [{ upToGrams: 1.5, price: 5 }] }, "bands.0.upToGrams", "whole grams from 1"],
    [{ bands: [{ upToGrams: 500, price: 4.999 }] }, "bands.0.price", "two decimals at most"],
    [{ bands: [{ upToGrams: 500, price: -1 }] }, "bands.0.price", "two decimals at most"],
    [{ freeOver: -5 }, "freeOver", "Free over must be an amount"],
    [{ minDays: 4, maxDays: 2 }, "maxDays", "The latest delivery (2 days) cannot be sooner than the soonest (4)"],
    [{ minDays: -1 }, "minDays", "whole number of working days"],
    [{ maxDays: 400 }, "maxDays", "whole number of working days"],
    [{ kind: "drone" }, "kind", "Kind must be one of standard, express, collection"],
    [{ name: "  " }, "name", "Name is required"],
  ])("refuses %j naming %s", async (changes, field, message) => {
    const before = await counts();
    const refused = await refusal(zones.addMethod(admin, zoneId, method({ name: "Refused", ...changes })));
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(refused.fields[field]?.[0]).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("names every bad value at once", async () => {
    const refused = await refusal(
      zones.addMethod(
        admin,
        zoneId,
        method({ name: "", minDays: 9, maxDays: 3, bands: [{ upToGrams: -1, price: 1 }] }),
      ),
    );
    expect(Object.keys(refused.fields).sort()).toEqual(["bands.0.upToGrams", "maxDays", "name"]);
  });

  it("refuses a second method of the same name in a zone, whatever its case", async () => {
    const refused = await refusal(zones.addMethod(admin, zoneId, method({ name: "STANDARD" })));
    expect(refused.fields.name[0]).toBe("Poland already has a method named Standard");
  });

  it("sets every setting of a method, its bands replaced, and records before and after", async () => {
    const zone = await zones.createZone(admin, { name: "Hungary", places: [{ country: "HU" }] });
    const methodId = (await zones.addMethod(admin, zone.databaseId, method())).methods[0].databaseId;
    const after = await zones.updateMethod(
      admin,
      methodId,
      method({ name: "Economy", bands: [{ upToGrams: 5000, price: 4.5 }], freeOver: null, minDays: 5, maxDays: 8 }),
    );
    expect(after.methods[0]).toMatchObject({
      databaseId: methodId,
      name: "Economy",
      bands: [{ upToGrams: 5000, priceCents: 450 }],
      freeOverCents: null,
      minDays: 5,
      maxDays: 8,
    });
    expect(
      await db.query(`SELECT count(*)::int AS n FROM shipping_rate_bands WHERE method_id = $1`, [methodId]),
    ).toEqual([{ n: 1 }]);
    const entry = (await historyOf(db, zone.databaseId)).at(-1)!;
    expect(entry.action).toBe("shipping_method.updated");
    expect([entry.before.method, entry.after.method, entry.after.freeOver]).toEqual(["Standard", "Economy", null]);
    const removed = await zones.removeMethod(admin, methodId);
    expect(removed.methods).toEqual([]);
    expect((await historyOf(db, zone.databaseId)).at(-1)!.action).toBe("shipping_method.removed");
    expect((await refusal(zones.removeMethod(admin, methodId))).code).toBe("NOT_FOUND");
  });
});

describe("the zones the price calculation takes", () => {
  it("give the figures of docs/product.md's worked example, in New York and in Germany", async () => {
    const taxes = new TaxZoneService(db);
    const newYork = await expressZone(zones, admin, "US mainland", [{ country: "US", region: "NY" }]);
    const germany = await expressZone(zones, admin, "Germany", [{ country: "DE" }]);
    await taxes.createZone(admin, taxZone());
    await taxes.createZone(
      admin,
      taxZone({
        name: "Germany",
        places: [{ country: "DE" }],
        pricesIncludeTax: true,
        standardRate: 19,
        reducedRate: 7,
      }),
    );
    const sale = async (shipTo: { country: string; region: string | null; countryName: string }, methodId: string) =>
      priceSale(WORKED_EXAMPLE_LINES, {
        shipTo,
        displayPlace: { country: "US", region: null },
        shippingMethodId: methodId,
        shippingZones: await zones.zonesForPricing(),
        tax: taxes.provider(),
      });
    const ny = await sale({ country: "US", region: "NY", countryName: "United States" }, newYork);
    expect([ny.subtotalCents, ny.shippingCents, ny.taxCents, ny.totalCents]).toEqual([20447, 1900, 1766, 24113]);
    expect(ny.tax.shipping.taxCents).toBe(169);
    const de = await sale({ country: "DE", region: null, countryName: "Germany" }, germany);
    expect([de.shippingCents, de.taxCents, de.totalCents]).toEqual([1900, 3781, 26128]);
    expect(de.tax.lines.map((line) => line.taxCents)).toEqual([3420, 0]);
    expect(EXPRESS.bands[0]).toEqual({ upToGrams: 2000, price: 19 });
  });
});
