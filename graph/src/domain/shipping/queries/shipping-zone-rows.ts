import type { EntityManager } from "typeorm";
import type { Place } from "../../addresses/places";
import { replaceZonePlaces } from "../../addresses/queries/zone-place-rows";
import type { MethodKind, WeightBand } from "../shipping-rates";
import { ShippingMethod, ShippingZone } from "../shipping-zone";

/* How shipping zones, their places, methods and bands are read and written. */

interface ZoneRow {
  id: string;
  name: string;
  created_at: Date;
  places: Place[];
  methods: Array<Omit<ShippingMethod, "id" | "createdAt" | "zoneId"> & { createdAt: string }>;
}

/** Zones with their places and bands; methods standard, express, then collection, as a shopper compares them (then as added). */
const ZONES = `
  SELECT z.id, z.name, z.created_at,
    coalesce((SELECT json_agg(json_build_object('country', p.country, 'region', p.region)
                              ORDER BY p.country, p.region NULLS FIRST)
              FROM shipping_zone_places p WHERE p.zone_id = z.id), '[]') AS places,
    coalesce((SELECT json_agg(json_build_object(
                'databaseId', m.id, 'name', m.name, 'kind', m.kind, 'freeOverCents', m.free_over_cents,
                'minDays', m.min_days, 'maxDays', m.max_days, 'carriesDangerousGoods', m.carries_dangerous_goods,
                'createdAt', m.created_at,
                'bands', coalesce((SELECT json_agg(json_build_object('upToGrams', b.up_to_grams, 'priceCents', b.price_cents)
                                                   ORDER BY b.up_to_grams)
                                   FROM shipping_rate_bands b WHERE b.method_id = m.id), '[]'))
              ORDER BY array_position(ARRAY['standard', 'express', 'collection'], m.kind::text), m.created_at, m.id)
              FROM shipping_methods m WHERE m.zone_id = z.id), '[]') AS methods
  FROM shipping_zones z`;

function zoneOf(row: ZoneRow): ShippingZone {
  return new ShippingZone({
    databaseId: row.id,
    name: row.name,
    createdAt: row.created_at,
    places: row.places,
    methods: row.methods.map(
      (method) => new ShippingMethod({ ...method, zoneId: row.id, createdAt: new Date(method.createdAt) }),
    ),
  });
}

/** Every zone, by name, with its places, methods and bands: one statement. */
export async function readZones(db: EntityManager): Promise<ShippingZone[]> {
  const rows: ZoneRow[] = await db.query(`${ZONES} ORDER BY z.name`);
  return rows.map(zoneOf);
}

/** One zone, locked for the change under way when `lock` (the zone row: its places, methods and bands change under it). */
export async function readZone(db: EntityManager, zoneId: string, lock = false): Promise<ShippingZone | null> {
  if (lock) {
    const locked = await db.query(`SELECT id FROM shipping_zones WHERE id = $1 FOR UPDATE`, [zoneId]);
    if (locked.length === 0) return null;
  }
  const rows: ZoneRow[] = await db.query(`${ZONES} WHERE z.id = $1`, [zoneId]);
  return rows.length ? zoneOf(rows[0]) : null;
}

/** The zone a method belongs to, or null. */
export async function zoneIdOfMethod(db: EntityManager, methodId: string): Promise<string | null> {
  const rows: Array<{ zone_id: string }> = await db.query(`SELECT zone_id FROM shipping_methods WHERE id = $1`, [
    methodId,
  ]);
  return rows[0]?.zone_id ?? null;
}

export async function countZones(db: EntityManager): Promise<number> {
  const [row] = await db.query(`SELECT count(*)::int AS zones FROM shipping_zones`);
  return row.zones;
}

export async function insertZone(db: EntityManager, name: string): Promise<string> {
  const [row] = await db.query(`INSERT INTO shipping_zones (name) VALUES ($1) RETURNING id`, [name]);
  return row.id;
}

export async function renameZone(db: EntityManager, zoneId: string, name: string): Promise<void> {
  await db.query(`UPDATE shipping_zones SET name = $2 WHERE id = $1`, [zoneId, name]);
}

export async function deleteZone(db: EntityManager, zoneId: string): Promise<void> {
  await db.query(`DELETE FROM shipping_zones WHERE id = $1`, [zoneId]);
}

/** Makes `places` the zone's places (a place another zone holds breaks shipping_zone_places_one_zone). */
export const replacePlaces = (db: EntityManager, zoneId: string, places: readonly Place[]): Promise<void> =>
  replaceZonePlaces(db, "shipping", zoneId, places);

/** A method's own columns. */
export interface MethodRow {
  name: string;
  kind: MethodKind;
  freeOverCents: number | null;
  minDays: number;
  maxDays: number;
  carriesDangerousGoods: boolean;
}

export async function insertMethod(db: EntityManager, zoneId: string, method: MethodRow): Promise<string> {
  const [row] = await db.query(
    `INSERT INTO shipping_methods (zone_id, name, kind, free_over_cents, min_days, max_days, carries_dangerous_goods)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      zoneId,
      method.name,
      method.kind,
      method.freeOverCents,
      method.minDays,
      method.maxDays,
      method.carriesDangerousGoods,
    ],
  );
  return row.id;
}

export async function updateMethod(db: EntityManager, methodId: string, method: MethodRow): Promise<void> {
  await db.query(
    `UPDATE shipping_methods SET name = $2, kind = $3, free_over_cents = $4, min_days = $5, max_days = $6,
       carries_dangerous_goods = $7 WHERE id = $1`,
    [
      methodId,
      method.name,
      method.kind,
      method.freeOverCents,
      method.minDays,
      method.maxDays,
      method.carriesDangerousGoods,
    ],
  );
}

export async function deleteMethod(db: EntityManager, methodId: string): Promise<void> {
  await db.query(`DELETE FROM shipping_methods WHERE id = $1`, [methodId]);
}

/** Makes `bands` the method's bands. */
export async function replaceBands(db: EntityManager, methodId: string, bands: readonly WeightBand[]): Promise<void> {
  await db.query(`DELETE FROM shipping_rate_bands WHERE method_id = $1`, [methodId]);
  await db.query(
    `INSERT INTO shipping_rate_bands (method_id, up_to_grams, price_cents) SELECT $1, grams, cents FROM unnest($2::int[], $3::int[]) AS given (grams, cents)`,
    [methodId, bands.map((band) => band.upToGrams), bands.map((band) => band.priceCents)],
  );
}
