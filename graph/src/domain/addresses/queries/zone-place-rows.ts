import type { EntityManager } from "typeorm";
import type { Place } from "../places";

/*
 * The places of shipping zones and of tax zones: two tables of one shape, each place in one zone
 * only (their `*_one_zone` unique constraints), written and asked the same way.
 */

const TABLES = {
  shipping: { zones: "shipping_zones", places: "shipping_zone_places" },
  tax: { zones: "tax_zones", places: "tax_zone_places" },
} as const;

/** Which zones: a shipping zone or a tax zone. */
export type ZoneKind = keyof typeof TABLES;

const columns = (places: readonly Place[]) => [
  places.map((place) => place.country),
  places.map((place) => place.region),
];

/** Makes `places` the zone's places (a place another zone of its kind holds breaks the one-zone constraint). */
export async function replaceZonePlaces(
  db: EntityManager,
  kind: ZoneKind,
  zoneId: string,
  places: readonly Place[],
): Promise<void> {
  const table = TABLES[kind].places;
  await db.query(`DELETE FROM ${table} WHERE zone_id = $1`, [zoneId]);
  await db.query(
    `INSERT INTO ${table} (zone_id, country, region)
     SELECT $1, country, region FROM unnest($2::text[], $3::text[]) AS given (country, region)`,
    [zoneId, ...columns(places)],
  );
}

/** The zone of `kind` that holds any of `places`, other than `exceptZoneId`: its name, and the place. */
export async function zoneHolding(
  db: EntityManager,
  kind: ZoneKind,
  places: readonly Place[],
  exceptZoneId: string | null,
): Promise<{ name: string; place: Place } | null> {
  const { zones, places: table } = TABLES[kind];
  const rows: Array<{ name: string; country: string; region: string | null }> = await db.query(
    `SELECT z.name, p.country, p.region
     FROM ${table} p JOIN ${zones} z ON z.id = p.zone_id
     JOIN unnest($1::text[], $2::text[]) AS given (country, region)
       ON p.country = given.country AND p.region IS NOT DISTINCT FROM given.region
     WHERE $3::uuid IS NULL OR p.zone_id <> $3::uuid
     ORDER BY z.name, p.country, p.region NULLS FIRST LIMIT 1`,
    [...columns(places), exceptZoneId],
  );
  return rows.length ? { name: rows[0].name, place: { country: rows[0].country, region: rows[0].region } } : null;
}
