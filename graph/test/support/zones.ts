import crypto from "node:crypto";
import { allCountries } from "country-region-data";
import { withDatabase } from "./client";

/*
 * Zones for the API tests, the authorization matrix and the fuzzer. The shop's zones are shared by
 * every test of a run (and the seed holds the US, Canada, the UK, the EU's DE, FR and NL and
 * Australia), so each zone made here covers countries no zone holds yet, picked at random.
 */

const CODES = allCountries.map(([, code]) => code as string);

/** `count` countries that no zone of `table` holds, at random (`atMost`: fewer when fewer are free). */
export function freeCountries(
  count: number,
  table: "shipping" | "tax" = "shipping",
  atMost = false,
): Promise<string[]> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ code: string }>(
      `SELECT code FROM unnest($1::text[]) AS code
       WHERE NOT EXISTS (SELECT 1 FROM ${table}_zone_places p WHERE p.country = code)
       ORDER BY random() LIMIT $2`,
      [CODES, count],
    );
    if (rows.length < count && !atMost) throw new Error(`Fewer than ${count} countries are free of ${table} zones`);
    return rows.map((row) => row.code);
  });
}

const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;

/**
 * A shipping zone of one free country (of none once every country is taken: the fuzzer makes one
 * per property), with a standard method of one band: the zone's and method's ids.
 */
export async function freshShippingZone(): Promise<{ zoneId: string; methodId: string }> {
  const countries = await freeCountries(1, "shipping", true);
  return withDatabase(async (client) => {
    const zone = await client.query(`INSERT INTO shipping_zones (name) VALUES ($1) RETURNING id`, [
      unique("Test zone"),
    ]);
    const zoneId: string = zone.rows[0].id;
    for (const country of countries)
      await client.query(`INSERT INTO shipping_zone_places (zone_id, country) VALUES ($1, $2)`, [zoneId, country]);
    const method = await client.query(
      `INSERT INTO shipping_methods (zone_id, name, kind, min_days, max_days) VALUES ($1, 'Standard', 'standard', 3, 5) RETURNING id`,
      [zoneId],
    );
    const methodId: string = method.rows[0].id;
    await client.query(`INSERT INTO shipping_rate_bands (method_id, up_to_grams, price_cents) VALUES ($1, 2000, 695)`, [
      methodId,
    ]);
    return { zoneId, methodId };
  });
}

/** A tax zone of one free country (of none once every country is taken): its id. */
export async function freshTaxZone(): Promise<string> {
  const countries = await freeCountries(1, "tax", true);
  return withDatabase(async (client) => {
    const zone = await client.query(
      `INSERT INTO tax_zones (name, standard_rate_ppm, reduced_rate_ppm) VALUES ($1, 200000, 50000) RETURNING id`,
      [unique("Test tax zone")],
    );
    for (const country of countries)
      await client.query(`INSERT INTO tax_zone_places (zone_id, country) VALUES ($1, $2)`, [zone.rows[0].id, country]);
    return zone.rows[0].id;
  });
}

/** A method's settings as the admin form sends them. */
export const methodInput = (changes: Record<string, unknown> = {}) => ({
  name: "Express",
  kind: "EXPRESS",
  bands: [
    { upToGrams: 2000, price: 19 },
    { upToGrams: 10000, price: 29 },
  ],
  freeOver: null,
  minDays: 1,
  maxDays: 2,
  ...changes,
});
