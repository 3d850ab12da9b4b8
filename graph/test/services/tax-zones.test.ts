import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { ShopError } from "../../src/domain/errors";
import { priceSale } from "../../src/domain/pricing/sale";
import { percentToPpm, TaxZoneService } from "../../src/domain/tax/tax-zone.service";
import { customer, database } from "./support/services";
import { historyOf, taxZone, WORKED_EXAMPLE_LINES } from "./support/zones";

/*
 * Tax zones and rates as admins manage them (docs/product.md, "Beyond the spec": Tax): every rule
 * of the service on a real database, and the shop's own tax provider over the tables.
 */

let db: Awaited<ReturnType<typeof database>>;
let taxes: TaxZoneService;
let admin: User;

beforeAll(async () => {
  db = await database();
  taxes = new TaxZoneService(db);
  admin = await customer(db, "admin", "admin");
});

async function refusal(work: Promise<unknown>): Promise<{ code: string; fields: Record<string, string[]> }> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ShopError)) throw new Error(`expected a ShopError, got ${String(error)}`);
  return { code: error.code, fields: (error.details.fields ?? {}) as Record<string, string[]> };
}

const storedRates = async (zoneId: string) =>
  (
    await db.query(`SELECT standard_rate_ppm, reduced_rate_ppm, zero_rate_ppm FROM tax_zones WHERE id = $1`, [zoneId])
  )[0];

describe("tax zones", () => {
  it("takes rates as percentages and keeps them as whole millionths: 8.875% is 88,750", async () => {
    const zone = await taxes.createZone(admin, taxZone({ reducedRate: 4.5 }));
    expect(await storedRates(zone.databaseId)).toEqual({
      standard_rate_ppm: 88_750,
      reduced_rate_ppm: 45_000,
      zero_rate_ppm: 0,
    });
    expect(zone).toMatchObject({ name: "New York", places: [{ country: "US", region: "NY" }], taxesShipping: true });
    expect((await historyOf(db, zone.databaseId))[0]).toMatchObject({
      action: "tax_zone.created",
      after: { name: "New York", places: ["US-NY"], standardRate: 8.875, reducedRate: 4.5, zeroRate: 0 },
    });
  });

  it.each([
    [8.875, 88_750],
    [0, 0],
    [100, 1_000_000],
    [5.5, 55_000],
    [0.0001, 1],
    [8.87501, null],
    [-1, null],
    [100.0001, null],
    [Number.NaN, null],
  ])("a rate of %d%% is %s ppm", (percent, ppm) => {
    expect(percentToPpm(percent)).toBe(ppm);
  });

  it.each([
    [{ standardRate: 100.5 }, "standardRate"],
    [{ reducedRate: -2 }, "reducedRate"],
    [{ zeroRate: 1.00001 }, "zeroRate"],
    [{ name: "" }, "name"],
    [{ places: [{ country: "ZZ" }] }, "places.0.country"],
    [{ places: [{ country: "CA", region: "Atlantis" }] }, "places.0.region"],
  ])("refuses %j naming %s, and writes nothing", async (changes, field) => {
    const [before] = await db.query(`SELECT count(*)::int AS n FROM tax_zones`);
    const refused = await refusal(
      taxes.createZone(admin, taxZone({ name: "Refused", places: [{ country: "MX" }], ...changes })),
    );
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(refused.fields)).toContain(field);
    expect(await db.query(`SELECT count(*)::int AS n FROM tax_zones`)).toEqual([before]);
  });

  it("names every problem at once: each bad place and each bad rate, not only the first", async () => {
    const refused = await refusal(
      taxes.createZone(
        admin,
        taxZone({
          name: "Everything wrong",
          standardRate: 101,
          places: [{ country: "ZZ" }, { country: "FR", region: "Provence" }, { country: "US", region: "Atlantis" }],
        }),
      ),
    );
    expect(Object.keys(refused.fields).sort()).toEqual([
      "places.0.country",
      "places.1.region",
      "places.2.region",
      "standardRate",
    ]);
  });

  it("refuses a place another tax zone holds, naming it; a shipping zone's places are no matter", async () => {
    await db.query(`WITH z AS (INSERT INTO shipping_zones (name) VALUES ('Ship to GB') RETURNING id)
                    INSERT INTO shipping_zone_places (zone_id, country) SELECT id, 'GB' FROM z`);
    await taxes.createZone(
      admin,
      taxZone({ name: "United Kingdom", places: [{ country: "GB" }], pricesIncludeTax: true }),
    );
    const refused = await refusal(
      taxes.createZone(admin, taxZone({ name: "Britain", places: [{ country: "IE" }, { country: "GB" }] })),
    );
    expect(refused.fields).toEqual({
      places: ["United Kingdom is already in the tax zone United Kingdom: a place belongs to one zone"],
    });
  });

  it("changes only the fields given, and records before and after", async () => {
    const zone = await taxes.createZone(
      admin,
      taxZone({ name: "Ontario", places: [{ country: "CA", region: "ON" }], standardRate: 13, reducedRate: 13 }),
    );
    const changed = await taxes.updateZone(admin, zone.databaseId, { reducedRate: 5, taxesShipping: false });
    expect(changed).toMatchObject({
      name: "Ontario",
      taxesShipping: false,
      ratesPpm: { standard: 130_000, reduced: 50_000 },
    });
    const entry = (await historyOf(db, zone.databaseId)).at(-1)!;
    expect([entry.action, entry.before.reducedRate, entry.after.reducedRate]).toEqual(["tax_zone.updated", 13, 5]);
    expect((await refusal(taxes.updateZone(admin, zone.databaseId, {}))).code).toBe("BAD_USER_INPUT");
    expect((await refusal(taxes.updateZone(admin, zone.databaseId, { standardRate: 101 }))).fields).toHaveProperty(
      "standardRate",
    );
    await taxes.deleteZone(admin, zone.databaseId);
    expect((await historyOf(db, zone.databaseId)).at(-1)!.action).toBe("tax_zone.deleted");
  });

  it("is for admins", async () => {
    expect((await refusal(taxes.list(await customer(db, "shopper")))).code).toBe("FORBIDDEN");
    expect((await refusal(taxes.list(null))).code).toBe("UNAUTHENTICATED");
  });
});

describe("the shop's own tax provider", () => {
  it("taxes the worked example as docs/product.md does, and an address outside every zone not at all", async () => {
    await taxes.createZone(
      admin,
      taxZone({
        name: "France",
        places: [{ country: "FR" }],
        pricesIncludeTax: true,
        standardRate: 20,
        reducedRate: 5.5,
      }),
    );
    const provider = taxes.provider();
    const shipping = { upToGrams: 2000, priceCents: 1900 };
    const zones = [
      {
        id: "z",
        name: "Everywhere",
        places: [
          { country: "US", region: null },
          { country: "FR", region: null },
        ],
        methods: [
          {
            id: "express",
            name: "Express",
            kind: "express" as const,
            bands: [shipping],
            freeOverCents: null,
            minDays: 1,
            maxDays: 2,
            carriesDangerousGoods: false,
          },
        ],
      },
    ];
    const sale = (region: string | null, country = "US") =>
      priceSale(WORKED_EXAMPLE_LINES, {
        shipTo: { country, region, countryName: country },
        displayPlace: { country: "US", region: null },
        shippingMethodId: "express",
        shippingZones: zones,
        tax: provider,
      });
    const newYork = await sale("NY");
    expect([newYork.taxCents, newYork.totalCents]).toEqual([1766, 24113]);
    expect(newYork.tax.lines.map((line) => line.ratePpm)).toEqual([88_750, 0]);
    const texas = await sale("TX");
    expect([texas.tax.zone, texas.taxCents, texas.totalCents]).toEqual([null, 0, 22347]);
    // France: 20% on each $59.99 battery is $12.00, shipping $3.80.
    const france = await sale(null, "FR");
    expect([france.tax.lines[0].taxCents, france.tax.shipping.taxCents]).toEqual([3600, 380]);
  });
});
