import type { EntityManager } from "typeorm";
import { centsToDollars, dollarsToCents } from "../../money";
import type { CurrentPart, ExportedPart, NumberHolder } from "../part-import-decisions";
import { partNumberKey } from "../part-numbers";
import type { TaxCategory } from "../part-rules";

/*
 * How a parts import reads the catalogue and writes to it, and how the export pages through it:
 * a batch's parts in a few statements whatever its size (arrays unnested), in the caller's
 * transaction.
 */

type Db = Pick<EntityManager, "query">;

/** A part's row as the import compares it and the export writes it (`p` is the parts table). */
interface PartRow {
  part_number: string;
  name: string;
  short_desc: string;
  img: string;
  price_cents: number;
  available: number;
  min_order_quantity: number;
  low_stock_threshold: number;
  retired: boolean;
  models: string[];
  alternatives: string[];
  weight_grams: number;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  dangerous_goods: boolean;
  /** numeric: text from pg. */
  battery_wh: string | null;
  tax_category: TaxCategory;
}
const PART_ROW_COLUMNS = `p.part_number, p.name, p.short_desc, p.img, p.price_cents, p.available, p.min_order_quantity, p.low_stock_threshold,
  p.retired_at IS NOT NULL AS retired,
  p.weight_grams, p.length_mm, p.width_mm, p.height_mm, p.dangerous_goods, p.battery_wh, p.tax_category,
  ARRAY(SELECT m.brand || ' ' || m.model FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id
        WHERE c.part_id = p.id ORDER BY lower(m.brand), lower(m.model)) AS models,
  ARRAY(SELECT a.number FROM part_alternative_numbers a WHERE a.part_id = p.id ORDER BY a.position) AS alternatives`;

const exportedPartOf = (row: PartRow): ExportedPart => ({
  partNumber: row.part_number,
  name: row.name,
  price: centsToDollars(row.price_cents),
  available: row.available,
  minOrderQuantity: row.min_order_quantity,
  lowStockThreshold: row.low_stock_threshold,
  shortDesc: row.short_desc,
  compatibleModels: row.models,
  alternativeNumbers: row.alternatives,
  images: [row.img],
  retired: row.retired,
  weightGrams: row.weight_grams,
  lengthMm: row.length_mm,
  widthMm: row.width_mm,
  heightMm: row.height_mm,
  dangerousGoods: row.dangerous_goods,
  batteryWh: row.battery_wh === null ? null : Number(row.battery_wh),
  taxCategory: row.tax_category,
});

/** The parts the numbers' keys name (by their own number or an alternative one), keyed by the key; locked (the lock orders take) when `locking`. */
export async function partsNamed(db: Db, keys: string[], locking: boolean): Promise<Map<string, CurrentPart>> {
  if (keys.length === 0) return new Map();
  const rows: Array<PartRow & { key: string; alternative: boolean; id: string }> = await db.query(
    `SELECT k.key, k.alternative, p.id, ${PART_ROW_COLUMNS}
     FROM part_number_keys k JOIN parts p ON p.id = k.part_id
     WHERE k.key = ANY($1::text[])
     ORDER BY p.id ${locking ? "FOR NO KEY UPDATE OF p" : ""}`,
    [keys],
  );
  return new Map(rows.map((row) => [row.key, { ...exportedPartOf(row), id: row.id, asAlternative: row.alternative }]));
}

/** Who holds each number's key: the own number's key of its part, with that part's name and number. */
export async function numberHolders(db: Db, keys: string[]): Promise<Map<string, NumberHolder>> {
  if (keys.length === 0) return new Map();
  const rows: Array<{ key: string; part_number: string; name: string }> = await db.query(
    `SELECT k.key, p.part_number, p.name FROM part_number_keys k JOIN parts p ON p.id = k.part_id WHERE k.key = ANY($1::text[])`,
    [keys],
  );
  return new Map(
    rows.map((row) => [
      row.key,
      { holder: partNumberKey(row.part_number), name: row.name, partNumber: row.part_number },
    ]),
  );
}

/** Frees the alternative numbers of these parts (before any part takes them). */
export async function removeAlternativeNumbers(tx: Db, partIds: string[]): Promise<void> {
  await tx.query(`DELETE FROM part_alternative_numbers WHERE part_id = ANY($1::uuid[])`, [partIds]);
}

/** Gives parts their alternative numbers, in the order each lists them. */
export async function insertAlternativeNumbers(
  tx: Db,
  entries: ReadonlyArray<{ partId: string; numbers: string[] }>,
): Promise<void> {
  const numbered = entries.filter((entry) => entry.numbers.length);
  if (numbered.length === 0) return;
  await tx.query(
    `INSERT INTO part_alternative_numbers (part_id, position, number) SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[])`,
    [
      numbered.flatMap((entry) => entry.numbers.map(() => entry.partId)),
      numbered.flatMap((entry) => entry.numbers.map((_, position) => position)),
      numbered.flatMap((entry) => entry.numbers),
    ],
  );
}

/**
 * The parts' row values as one array per column, for unnest(): name, part_number, short_desc, img,
 * price_cents, available, min_order_quantity, low_stock_threshold, retired, weight_grams,
 * length_mm, width_mm, height_mm, dangerous_goods, battery_wh, tax_category.
 */
function rowArrays(parts: readonly ExportedPart[]): unknown[][] {
  const column = <T>(value: (part: ExportedPart) => T) => parts.map(value);
  return [
    column((part) => part.name),
    column((part) => part.partNumber),
    column((part) => part.shortDesc),
    column((part) => part.images[0]),
    column((part) => dollarsToCents(part.price)),
    column((part) => part.available),
    column((part) => part.minOrderQuantity),
    column((part) => part.lowStockThreshold),
    column((part) => part.retired),
    column((part) => part.weightGrams),
    column((part) => part.lengthMm),
    column((part) => part.widthMm),
    column((part) => part.heightMm),
    column((part) => part.dangerousGoods),
    column((part) => part.batteryWh),
    column((part) => part.taxCategory),
  ];
}

/**
 * Writes changed parts' fields; the stock moves by the difference, which counts as added by an
 * admin (the stock invariant). Names, numbers and descriptions only when `described`: writing them
 * rebuilds the search document.
 */
export async function updateParts(
  tx: Db,
  changed: ReadonlyArray<{ id: string; part: ExportedPart }>,
  described: boolean,
): Promise<void> {
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE parts p SET ${described ? "name = u.name, part_number = u.part_number, short_desc = u.short_desc," : ""}
       img = u.img, price_cents = u.price_cents, available = u.available, min_order_quantity = u.min_order_quantity,
       low_stock_threshold = u.low_stock_threshold, stock_adjustment = p.stock_adjustment + (u.available - p.available),
       retired_at = CASE WHEN NOT u.retired THEN NULL WHEN p.retired_at IS NULL THEN now() ELSE p.retired_at END,
       weight_grams = u.weight_grams, length_mm = u.length_mm, width_mm = u.width_mm, height_mm = u.height_mm,
       dangerous_goods = u.dangerous_goods, battery_wh = u.battery_wh, tax_category = u.tax_category
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::boolean[],
                 $11::int[], $12::int[], $13::int[], $14::int[], $15::boolean[], $16::numeric[], $17::text[])
       AS u (id, name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired,
             weight_grams, length_mm, width_mm, height_mm, dangerous_goods, battery_wh, tax_category)
     WHERE p.id = u.id`,
    [changed.map((entry) => entry.id), ...rowArrays(changed.map((entry) => entry.part))],
  );
}

/** Inserts new parts (their initial stock counts as added by an admin) and answers their ids, in order. */
export async function insertParts(tx: Db, parts: readonly ExportedPart[], adminId: string): Promise<string[]> {
  if (parts.length === 0) return [];
  const rows: Array<{ id: string }> = await tx.query(
    `INSERT INTO parts (name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired_at, created_by, stock_adjustment,
                        weight_grams, length_mm, width_mm, height_mm, dangerous_goods, battery_wh, tax_category)
     SELECT name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold,
            CASE WHEN retired THEN now() END, $18, available,
            weight_grams, length_mm, width_mm, height_mm, dangerous_goods, battery_wh, tax_category
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::boolean[],
                 $10::int[], $11::int[], $12::int[], $13::int[], $14::boolean[], $15::numeric[], $16::text[], $17::int[])
       AS u (name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired,
             weight_grams, length_mm, width_mm, height_mm, dangerous_goods, battery_wh, tax_category, position)
     ORDER BY position
     RETURNING id`,
    [...rowArrays(parts), parts.map((_, index) => index), adminId],
  );
  return rows.map((row) => row.id);
}

/** A page of every part, retired ones included, after the sequence number `after`, in catalogue order. */
export async function partsPage(
  db: Db,
  after: string,
  limit: number,
): Promise<{ parts: ExportedPart[]; last: string | null }> {
  const rows: Array<PartRow & { seq: string }> = await db.query(
    `SELECT p.seq, ${PART_ROW_COLUMNS} FROM parts p WHERE p.seq > $1 ORDER BY p.seq LIMIT $2`,
    [after, limit],
  );
  return { parts: rows.map(exportedPartOf), last: rows.length ? rows[rows.length - 1].seq : null };
}
