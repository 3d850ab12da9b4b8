import crypto from "node:crypto";
import type { PostalAddress } from "../../src/domain/addresses/address-rules";
import type { TaxCategory } from "../../src/domain/tax/tax-lines";

/*
 * Orders whose shipping and tax are frozen, written straight into the tables (a header and its
 * lines) as placing a checkout, or choosing a reservation's delivery, freezes them: the read side
 * is tested on them without going through the write side.
 */

/** Runs one statement (a pg client's or a DataSource's query). */
export type Query = (sql: string, params: unknown[]) => Promise<any>;

/** A line with its frozen amounts, in cents: its shares of the shipping and of the shipping's tax, and its own tax. */
export interface FrozenLine {
  partId: string;
  unitPriceCents: number;
  quantity: number;
  shippingCents?: number;
  ownTaxCents?: number;
  shippingTaxCents?: number;
  category?: TaxCategory;
  ratePpm?: number;
}

/** What the header keeps of where and how it ships. */
export interface FrozenDelivery {
  shipTo: PostalAddress | null;
  methodName: string | null;
  minDays: number | null;
  maxDays: number | null;
  taxZoneName: string | null;
  pricesIncludeTax: boolean;
}

export const BERLIN: PostalAddress = {
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

/** Docs/product.md's worked example in Germany, by express: its delivery as the header keeps it. */
export const GERMANY_EXPRESS: FrozenDelivery = {
  shipTo: BERLIN,
  methodName: "Express",
  minDays: 2,
  maxDays: 4,
  taxZoneName: "Germany",
  pricesIncludeTax: true,
};

/** The worked example's lines in Germany: batteries (3 × $59.99, tax 34.20) and a manual ($24.50, no tax), $19.00 shipping taxed 3.61. */
export const workedExampleInGermany = (batteryId: string, manualId: string): FrozenLine[] => [
  {
    partId: batteryId,
    unitPriceCents: 5999,
    quantity: 3,
    shippingCents: 1672,
    shippingTaxCents: 318,
    ownTaxCents: 3420,
    ratePpm: 190_000,
  },
  {
    partId: manualId,
    unitPriceCents: 2450,
    quantity: 1,
    shippingCents: 228,
    shippingTaxCents: 43,
    ownTaxCents: 0,
    category: "zero",
    ratePpm: 0,
  },
];

/**
 * A sale of `buyer`'s, its delivery frozen: a checkout of `lines` (source "checkout"), or a part
 * reserved on its own (one line: the header has its id). The database's triggers add the lines'
 * amounts into the header. Answers the header's id and the lines' ids, in order.
 */
export async function insertFrozenSale(
  query: Query,
  buyer: { id: string; email: string; name: string },
  lines: readonly FrozenLine[],
  delivery: FrozenDelivery | null,
  source: "checkout" | "reservation" = "checkout",
): Promise<{ headerId: string; orderIds: string[] }> {
  if (source === "reservation" && lines.length !== 1) throw new Error("A reservation has one line");
  const headerId = crypto.randomUUID();
  if (source === "checkout")
    await query(
      `INSERT INTO checkouts (id, source, user_id, user_email, user_name, address, phone, order_count, subtotal_cents, total_cents)
       VALUES ($1, 'checkout', $2, $3, $4, '', '', $5, 0, 0)`,
      [headerId, buyer.id, buyer.email, buyer.name, lines.length],
    );
  const orderIds: string[] = [];
  for (const line of lines) {
    const shipping = line.shippingCents ?? 0;
    const tax = (line.ownTaxCents ?? 0) + (line.shippingTaxCents ?? 0);
    const [row] = await query(
      `INSERT INTO orders (id, part_id, part_name, quantity, unit_price_cents, shipping_cents, tax_cents, own_tax_cents,
         tax_category, tax_rate_ppm, total_cents, user_id, user_email, user_name, address, phone, checkout_id)
       SELECT $1::uuid, p.id, p.name, $3::int, $4::int, $5::int, $6::int, $7::int, $8, $9::int, $4::int * $3::int + $5::int + $6::int, $10::uuid, $11, $12, '', '', $13::uuid
       FROM parts p WHERE p.id = $2
       RETURNING id`,
      [
        source === "reservation" ? headerId : crypto.randomUUID(),
        line.partId,
        line.quantity,
        line.unitPriceCents,
        shipping,
        tax,
        line.ownTaxCents ?? 0,
        line.category ?? "standard",
        line.ratePpm ?? 0,
        buyer.id,
        buyer.email,
        buyer.name,
        source === "reservation" ? null : headerId,
      ],
    );
    orderIds.push(row.id);
  }
  if (delivery)
    await query(
      `UPDATE checkouts SET ship_to = $2, shipping_method_name = $3, shipping_min_days = $4, shipping_max_days = $5,
         shipping_tax_cents = $6, tax_zone_name = $7, prices_include_tax = $8
       WHERE id = $1`,
      [
        headerId,
        delivery.shipTo === null ? null : JSON.stringify(delivery.shipTo),
        delivery.methodName,
        delivery.minDays,
        delivery.maxDays,
        lines.reduce((sum, line) => sum + (line.shippingTaxCents ?? 0), 0),
        delivery.taxZoneName,
        delivery.pricesIncludeTax,
      ],
    );
  return { headerId, orderIds };
}
