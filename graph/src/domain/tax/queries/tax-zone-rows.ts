import type { EntityManager } from "typeorm";
import type { Place } from "../../addresses/places";
import { replaceZonePlaces } from "../../addresses/queries/zone-place-rows";
import type { TaxCategory } from "../tax-lines";
import { TaxZone } from "../tax-zone";

/* How tax zones and their places are read and written. */

interface ZoneRow {
  id: string;
  name: string;
  created_at: Date;
  prices_include_tax: boolean;
  taxes_shipping: boolean;
  standard_rate_ppm: number;
  reduced_rate_ppm: number;
  zero_rate_ppm: number;
  places: Place[];
}

const ZONES = `
  SELECT z.id, z.name, z.created_at, z.prices_include_tax, z.taxes_shipping,
    z.standard_rate_ppm, z.reduced_rate_ppm, z.zero_rate_ppm,
    coalesce((SELECT json_agg(json_build_object('country', p.country, 'region', p.region)
                              ORDER BY p.country, p.region NULLS FIRST)
              FROM tax_zone_places p WHERE p.zone_id = z.id), '[]') AS places
  FROM tax_zones z`;

const zoneOf = (row: ZoneRow) =>
  new TaxZone({
    databaseId: row.id,
    name: row.name,
    createdAt: row.created_at,
    places: row.places,
    pricesIncludeTax: row.prices_include_tax,
    taxesShipping: row.taxes_shipping,
    ratesPpm: { standard: row.standard_rate_ppm, reduced: row.reduced_rate_ppm, zero: row.zero_rate_ppm },
  });

/** Every tax zone, by name, with its places: one statement. */
export async function readZones(db: EntityManager): Promise<TaxZone[]> {
  const rows: ZoneRow[] = await db.query(`${ZONES} ORDER BY z.name`);
  return rows.map(zoneOf);
}

/** One zone, its row locked for the change under way when `lock`. */
export async function readZone(db: EntityManager, zoneId: string, lock = false): Promise<TaxZone | null> {
  if (lock) {
    const locked = await db.query(`SELECT id FROM tax_zones WHERE id = $1 FOR UPDATE`, [zoneId]);
    if (locked.length === 0) return null;
  }
  const rows: ZoneRow[] = await db.query(`${ZONES} WHERE z.id = $1`, [zoneId]);
  return rows.length ? zoneOf(rows[0]) : null;
}

export async function countZones(db: EntityManager): Promise<number> {
  const [row] = await db.query(`SELECT count(*)::int AS zones FROM tax_zones`);
  return row.zones;
}

/** A zone's own columns. */
export interface TaxZoneRow {
  name: string;
  pricesIncludeTax: boolean;
  taxesShipping: boolean;
  ratesPpm: Record<TaxCategory, number>;
}

export async function insertZone(db: EntityManager, zone: TaxZoneRow): Promise<string> {
  const [row] = await db.query(
    `INSERT INTO tax_zones (name, prices_include_tax, taxes_shipping, standard_rate_ppm, reduced_rate_ppm, zero_rate_ppm)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      zone.name,
      zone.pricesIncludeTax,
      zone.taxesShipping,
      zone.ratesPpm.standard,
      zone.ratesPpm.reduced,
      zone.ratesPpm.zero,
    ],
  );
  return row.id;
}

export async function updateZone(db: EntityManager, zoneId: string, zone: TaxZoneRow): Promise<void> {
  await db.query(
    `UPDATE tax_zones SET name = $2, prices_include_tax = $3, taxes_shipping = $4, standard_rate_ppm = $5,
       reduced_rate_ppm = $6, zero_rate_ppm = $7 WHERE id = $1`,
    [
      zoneId,
      zone.name,
      zone.pricesIncludeTax,
      zone.taxesShipping,
      zone.ratesPpm.standard,
      zone.ratesPpm.reduced,
      zone.ratesPpm.zero,
    ],
  );
}

export async function deleteZone(db: EntityManager, zoneId: string): Promise<void> {
  await db.query(`DELETE FROM tax_zones WHERE id = $1`, [zoneId]);
}

/** Makes `places` the zone's places (a place another zone holds breaks tax_zone_places_one_zone). */
export const replacePlaces = (db: EntityManager, zoneId: string, places: readonly Place[]): Promise<void> =>
  replaceZonePlaces(db, "tax", zoneId, places);
