import crypto from "node:crypto";
import type { DataSource } from "typeorm";
import type { AddressInput } from "../../../src/domain/addresses/address-rules";
import type { TaxCategory } from "../../../src/domain/tax/tax-lines";

/* Fixtures of the sale's tests: parts as shipping and tax see them, and addresses in the seeded zones (src/db/seed-zones.ts). */

/** A part on sale with a weight, dangerous goods or not, and a tax category. */
export async function salePart(
  db: DataSource,
  fields: {
    priceCents: number;
    weightGrams?: number;
    dangerousGoods?: boolean;
    category?: TaxCategory;
    available?: number;
    name?: string;
  },
): Promise<string> {
  const [row] = await db.query(
    `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc, weight_grams, dangerous_goods, battery_wh, tax_category)
     VALUES ($1, '/images/parts/dc-jack.svg', $2, $3, 1, 'A part made by a test', $4, $5, $6, $7) RETURNING id`,
    [
      fields.name ?? `Sale part ${crypto.randomBytes(3).toString("hex")}`,
      fields.priceCents,
      fields.available ?? 100,
      fields.weightGrams ?? 0,
      fields.dangerousGoods ?? false,
      fields.dangerousGoods ? 120 : null,
      fields.category ?? "standard",
    ],
  );
  return row.id;
}

/** Addresses in the seeded zones: New York (8.875% added, shipping taxed), Germany (19% included), Oregon (no tax), Japan (no zone). */
export const SHIP_TO = {
  newYork: {
    name: "Grace Hopper",
    line1: "350 Fifth Avenue",
    city: "New York",
    region: "NY",
    postalCode: "10118",
    country: "US",
    phone: "+1 212 555 0100",
  },
  germany: {
    name: "Emmy Noether",
    line1: "Unter den Linden 6",
    city: "Berlin",
    postalCode: "10117",
    country: "DE",
    phone: "+49 30 209312345",
  },
  oregon: {
    name: "Ada Lovelace",
    line1: "12 Harbour Road",
    city: "Portland",
    region: "OR",
    postalCode: "97201",
    country: "US",
    phone: "+1 503 555 0100",
  },
  japan: {
    name: "Hideki Yukawa",
    line1: "1-1 Chiyoda",
    city: "Tokyo",
    postalCode: "100-0001",
    country: "JP",
    phone: "+81 3 1234 5678",
  },
} satisfies Record<string, AddressInput>;

/** The database ids of the seeded methods of a zone, by kind. */
export async function methodsOf(db: DataSource, zoneName: string): Promise<Record<string, string>> {
  const rows: Array<{ kind: string; id: string }> = await db.query(
    `SELECT m.kind, m.id FROM shipping_methods m JOIN shipping_zones z ON z.id = m.zone_id WHERE z.name = $1`,
    [zoneName],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.id]));
}

/** An order's header and lines as the database keeps them. */
export async function storedOrder(db: DataSource, headerId: string) {
  const [header] = await db.query(
    `SELECT subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_tax_cents, ship_to, shipping_method_id,
            shipping_method_name, shipping_min_days, shipping_max_days, tax_zone_name, prices_include_tax, address, phone
     FROM checkouts WHERE id = $1`,
    [headerId],
  );
  const lines: Array<{
    id: string;
    status: string;
    subtotal_cents: number;
    shipping_cents: number;
    tax_cents: number;
    total_cents: number;
    tax_category: string;
    tax_rate_ppm: number;
    own_tax_cents: number;
    address: string;
    phone: string;
  }> = await db.query(
    `SELECT id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_category, tax_rate_ppm, own_tax_cents, address, phone
     FROM orders WHERE checkout_id = $1 ORDER BY seq`,
    [headerId],
  );
  return { header, lines };
}
