/**
 * Checks that no stock or order was lost or half-written:
 *
 *   for every part: stock at seed + units admins added = available + units in live (unpaid or paid) orders
 *
 * (placing an order moves units from `available` into the order in one transaction; cancelling
 * moves them back; an admin's creation, restock or stock correction adds to `stock_adjustment` in
 * the transaction that moves `available`), plus the order rows' own consistency, and that every
 * rollup the overview reads equals the aggregate over the rows, exactly, that each line's shipped
 * units are its shipments' (see docs/product.md, "Fulfilment"),
 * and that the tables the searches look up first hold every value they stand for.
 * Read-only; safe on a live shop.
 *
 *   npm run check:invariants -w graph [-- --json] [-- --baseline <file>] [-- --write-baseline <file>]
 *
 * The database is DATABASE_URL (`npm run check:invariants` from the top folder also finds the
 * local harness's embedded database, see dev/src/check-invariants.ts). "Stock at seed" is the seed
 * catalogue's figure for seeded parts, 0 for parts an admin created through the shop (their
 * initial stock counts as added); a baseline file ({"<part id>": units}, written with
 * --write-baseline) covers parts added otherwise. Exit code 0: all holds; 1: a violation; 2: could not check.
 */
import fs from "node:fs";
import pg from "pg";
import { seedParts } from "../db/seed-catalogue";
import { runCommand } from "./run-command";

export interface InvariantReport {
  ok: boolean;
  checkedParts: number;
  /** Parts with no figure to check against (not seeded, not in the baseline). */
  uncheckedParts: string[];
  violations: string[];
  orders: { live: number; paid: number; unpaid: number; cancelled: number };
  /** Whether the overview's rollups were compared with the rows (false: a database without them). */
  rollupsChecked: boolean;
}

interface PartRow {
  id: string;
  name: string;
  seq: string;
  available: number;
  live_units: number;
  stock_adjustment: number;
  created_through_shop: boolean;
}

/** Every part's available + live units: the figure the invariant keeps constant. */
async function stockFigures(client: pg.Client): Promise<PartRow[]> {
  const { rows } = await client.query<PartRow>(`
    SELECT p.id, p.name, p.seq::text AS seq, p.available, p.stock_adjustment, p.created_by IS NOT NULL AS created_through_shop,
           COALESCE(SUM(o.quantity) FILTER (WHERE o.status IN ('unpaid', 'paid')), 0)::int AS live_units
    FROM parts p LEFT JOIN orders o ON o.part_id = p.id
    GROUP BY p.id ORDER BY p.seq`);
  return rows;
}

/**
 * The overview's rollups against the rows they sum, each a query listing what differs. Sharded
 * rollups are compared by their sums over the shards (a shard alone means nothing); those of
 * parts must hold exactly the keys that have paid orders (a row left at zero would rank a part
 * that sold nothing).
 */
export const ROLLUP_CHECKS: Array<[label: string, sql: string]> = [
  [
    "days whose sales_by_day differs from their paid orders",
    `SELECT coalesce(r.day, o.day)::text AS id FROM
       (SELECT day, sum(revenue_cents) AS revenue_cents, sum(paid_orders) AS paid_orders FROM sales_by_day GROUP BY day) r
       FULL JOIN (SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, sum(total_cents) AS revenue_cents, count(*) AS paid_orders
                  FROM orders WHERE status = 'paid' GROUP BY 1) o ON o.day = r.day
     WHERE (coalesce(r.revenue_cents, 0), coalesce(r.paid_orders, 0)) <> (coalesce(o.revenue_cents, 0), coalesce(o.paid_orders, 0))
     ORDER BY 1`,
  ],
  [
    "days and parts whose part_sales_by_day differs from their paid orders",
    `SELECT coalesce(r.day, o.day)::text || ' ' || coalesce(r.part_id, o.part_id) AS id FROM part_sales_by_day r
       FULL JOIN (SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, part_id, sum(quantity) AS units, sum(total_cents) AS revenue_cents
                  FROM orders WHERE status = 'paid' GROUP BY 1, 2) o ON o.day = r.day AND o.part_id = r.part_id
     WHERE (r.units, r.revenue_cents) IS DISTINCT FROM (o.units, o.revenue_cents)
     ORDER BY 1`,
  ],
  ["sales_window rows other than one", `SELECT count(*)::text AS id FROM sales_window HAVING count(*) <> 1`],
  [
    "parts whose part_sales_window differs from their paid orders since the window's first day",
    `SELECT coalesce(r.part_id, o.part_id)::text AS id FROM part_sales_window r
       FULL JOIN (SELECT part_id, sum(quantity) AS units, sum(total_cents) AS revenue_cents FROM orders
                  WHERE status = 'paid' AND paid_at >= (SELECT first_day FROM sales_window)::timestamp AT TIME ZONE 'UTC' GROUP BY 1) o
       ON o.part_id = r.part_id
     WHERE (r.units, r.revenue_cents) IS DISTINCT FROM (o.units, o.revenue_cents)
     ORDER BY 1`,
  ],
  [
    "statuses whose order_totals differs from their orders",
    `SELECT coalesce(r.status, o.status) AS id FROM
       (SELECT status, sum(orders) AS orders, sum(cents) AS cents FROM order_totals GROUP BY status) r
       FULL JOIN (SELECT status, count(*) AS orders, sum(total_cents) AS cents FROM orders GROUP BY status) o ON o.status = r.status
     WHERE (coalesce(r.orders, 0), coalesce(r.cents, 0)) <> (coalesce(o.orders, 0), coalesce(o.cents, 0))
     ORDER BY 1`,
  ],
  [
    "customer_totals that differs from the accounts that are not admins",
    `SELECT r.customers || ' counted, ' || u.customers || ' accounts' AS id
     FROM (SELECT coalesce(sum(customers), 0) AS customers FROM customer_totals) r,
          (SELECT count(*) AS customers FROM users WHERE role <> 'admin') u
     WHERE r.customers <> u.customers`,
  ],
];

/** Every part that fits a laptop, with the brands of its laptops (`part_id`, `brands`): what `parts.laptop_brands` must hold. */
const LAPTOP_BRANDS_OF_PARTS = `SELECT c.part_id, array_agg(DISTINCT lower(m.brand) ORDER BY lower(m.brand)) AS brands
  FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id GROUP BY c.part_id`;

/** Every part that fits a laptop, with its laptops as `parts.laptop_models` must hold them (`part_id`, `models`). */
const LAPTOP_MODELS_OF_PARTS = `SELECT c.part_id, array_agg(DISTINCT entry ORDER BY entry) AS models
  FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id,
       LATERAL (VALUES (chr(31) || lower(m.model)), (lower(m.brand) || chr(31) || lower(m.model))) AS entries (entry)
  GROUP BY c.part_id`;

/**
 * What the searches look up first must hold every value they stand for, or a search would hide
 * what has it: each lexeme with a letter of a part's search document (search_lexemes) and each
 * part's rank and price for each word of its document (part_lexeme_ranks); each name a part has
 * or an order was placed under (part_names); each email and name an order was placed under
 * (order_customer_names); the brands and models a laptop filter reads from each part's row are
 * those of its laptops; and each part's numbers, its own and its alternatives, are the keys a
 * search for a number reads (part_number_keys). graph/src/db/schema.sql has the triggers that
 * keep each one.
 */
const SEARCH_TABLE_CHECKS: Array<[relation: string, label: string, sql: string]> = [
  [
    "search_lexemes",
    "search words of parts missing from search_lexemes",
    `SELECT word AS id FROM ts_stat('SELECT search_document FROM parts') WHERE word ~ '[[:alpha:]]'
     EXCEPT SELECT lexeme FROM search_lexemes ORDER BY 1`,
  ],
  [
    "part_lexeme_ranks",
    "ranks of parts' search words that part_lexeme_ranks has otherwise (part seq and word)",
    `SELECT seq || ' ' || lexeme AS id FROM (
       (SELECT p.seq, r.lexeme, r.rank FROM parts p, document_lexeme_ranks(p.search_document) AS r
        EXCEPT SELECT seq, lexeme, rank FROM part_lexeme_ranks)
       UNION ALL
       (SELECT seq, lexeme, rank FROM part_lexeme_ranks
        EXCEPT SELECT p.seq, r.lexeme, r.rank FROM parts p, document_lexeme_ranks(p.search_document) AS r)
     ) AS differing ORDER BY 1`,
  ],
  [
    "part_lexeme_ranks_by_price",
    "parts whose price part_lexeme_ranks has otherwise (part seq)",
    `SELECT DISTINCT r.seq::text AS id FROM part_lexeme_ranks r JOIN parts p ON p.seq = r.seq WHERE r.price_cents <> p.price_cents ORDER BY 1`,
  ],
  [
    "part_names",
    "names of parts or of their orders missing from part_names",
    `SELECT part_id || ' ' || name AS id FROM (SELECT id AS part_id, name FROM parts UNION SELECT part_id, part_name FROM orders) named
     EXCEPT SELECT part_id || ' ' || name FROM part_names ORDER BY 1`,
  ],
  [
    "parts_search_and_laptops",
    "parts whose laptop_brands are not the brands of the laptops they fit",
    `SELECT p.id::text AS id FROM parts p LEFT JOIN (${LAPTOP_BRANDS_OF_PARTS}) fit ON fit.part_id = p.id
     WHERE p.laptop_brands IS DISTINCT FROM coalesce(fit.brands, '{}') ORDER BY 1`,
  ],
  [
    // As sets: their order and repeats do not change what a filter finds.
    "parts_search_and_laptops",
    "parts whose laptop_models are not the laptops they fit",
    `SELECT p.id::text AS id FROM parts p LEFT JOIN (${LAPTOP_MODELS_OF_PARTS}) fit ON fit.part_id = p.id
     WHERE NOT (p.laptop_models @> coalesce(fit.models, '{}') AND p.laptop_models <@ coalesce(fit.models, '{}')) ORDER BY 1`,
  ],
  [
    "part_number_keys",
    "part numbers whose key part_number_keys has otherwise (part id and key)",
    `SELECT part_id || ' ' || key AS id FROM (
       ((SELECT part_number_key(part_number) AS key, id AS part_id, false AS alternative FROM parts
         UNION ALL SELECT part_number_key(number), part_id, true FROM part_alternative_numbers)
        EXCEPT SELECT key, part_id, alternative FROM part_number_keys)
       UNION ALL
       (SELECT key, part_id, alternative FROM part_number_keys
        EXCEPT (SELECT part_number_key(part_number), id, false FROM parts
                UNION ALL SELECT part_number_key(number), part_id, true FROM part_alternative_numbers))
     ) AS differing ORDER BY 1`,
  ],
  [
    "order_customer_names",
    "customers' emails or names of orders missing from order_customer_names",
    `SELECT user_email AS id FROM orders UNION SELECT user_name FROM orders WHERE user_name IS NOT NULL
     EXCEPT SELECT name FROM order_customer_names ORDER BY 1`,
  ],
];

/** Before orders had headers, a line's total was its unit price times its quantity. */
const BEFORE_HEADERS_CHECK: [string, string] = [
  "orders whose total is not unit price x quantity",
  `SELECT id FROM orders WHERE total_cents <> unit_price_cents * quantity`,
];

/** An order is a header with lines: every line has one, and the header's figures are its lines'. */
const HEADER_CHECKS: Array<[string, string]> = [
  [
    "order lines whose amounts do not add up (unit price x quantity, less discount, plus shipping and tax)",
    `SELECT id FROM orders WHERE total_cents <> subtotal_cents - discount_cents + shipping_cents + tax_cents`,
  ],
  ["order lines without an order (header)", `SELECT id FROM orders WHERE checkout_id IS NULL`],
  [
    "orders whose amounts are not those of their live lines, or do not add up",
    `SELECT c.id FROM checkouts c JOIN (
       SELECT checkout_id,
         coalesce(sum(subtotal_cents) FILTER (WHERE status <> 'cancelled'), 0) AS subtotal,
         coalesce(sum(discount_cents) FILTER (WHERE status <> 'cancelled'), 0) AS discount,
         coalesce(sum(shipping_cents) FILTER (WHERE status <> 'cancelled'), 0) AS shipping,
         coalesce(sum(tax_cents) FILTER (WHERE status <> 'cancelled'), 0) AS tax,
         coalesce(sum(total_cents) FILTER (WHERE status <> 'cancelled'), 0) AS total
       FROM orders GROUP BY checkout_id) l ON l.checkout_id = c.id
     WHERE (c.subtotal_cents, c.discount_cents, c.shipping_cents, c.tax_cents, c.total_cents)
             IS DISTINCT FROM (l.subtotal, l.discount, l.shipping, l.tax, l.total)
       OR c.total_cents <> c.subtotal_cents - c.discount_cents + c.shipping_cents + c.tax_cents`,
  ],
  [
    "orders whose paid or refunded figures are not their lines'",
    `SELECT c.id FROM checkouts c JOIN (
       SELECT checkout_id, coalesce(sum(total_cents) FILTER (WHERE status IN ('paid', 'refunded')), 0) AS paid,
         coalesce(sum(refunded_cents), 0) AS refunded
       FROM orders GROUP BY checkout_id) l ON l.checkout_id = c.id
     WHERE c.paid_cents <> l.paid OR c.refunded_cents <> l.refunded OR c.refunded_cents > c.paid_cents`,
  ],
  [
    "orders reserved on their own with more than one line",
    `SELECT c.id FROM checkouts c JOIN orders o ON o.checkout_id = c.id WHERE c.source = 'reservation' GROUP BY c.id HAVING count(*) > 1`,
  ],
];

/** A line's shipped units are its parcels' units, of its own order, and only paid lines ship. */
const SHIPMENT_CHECKS: Array<[string, string]> = [
  [
    "order lines whose shipped units are not the units of their shipments",
    `SELECT o.id FROM orders o LEFT JOIN (SELECT order_id, sum(quantity) AS units FROM shipment_lines GROUP BY order_id) l
       ON l.order_id = o.id WHERE o.shipped_quantity <> coalesce(l.units, 0)`,
  ],
  [
    "shipments holding lines of another order",
    `SELECT DISTINCT s.id FROM shipments s JOIN shipment_lines l ON l.shipment_id = s.id JOIN orders o ON o.id = l.order_id
     WHERE o.checkout_id <> s.checkout_id`,
  ],
  [
    "order lines shipped without being paid",
    `SELECT id FROM orders WHERE shipped_quantity > 0 AND status NOT IN ('paid', 'refunded')`,
  ],
];

export async function checkInvariants(
  client: pg.Client,
  baseline: Record<string, number> = {},
): Promise<InvariantReport> {
  const violations: string[] = [];
  const uncheckedParts: string[] = [];
  // One snapshot for every statement below, so a shop taking orders meanwhile cannot cause a false alarm.
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    const parts = await stockFigures(client);
    // Seeded parts are the first rows with their names (the seed runs once, on an empty database).
    const seeded = new Map<string, number>(seedParts.map((part) => [part.name, part.available]));
    const seen = new Set<string>();
    let checkedParts = 0;
    for (const part of parts) {
      let base: number | undefined = baseline[part.id];
      if (base === undefined && part.created_through_shop) base = 0;
      if (base === undefined && seeded.has(part.name) && !seen.has(part.name)) base = seeded.get(part.name);
      seen.add(part.name);
      if (base === undefined) {
        uncheckedParts.push(part.id);
        continue;
      }
      checkedParts++;
      const expected = base + part.stock_adjustment;
      if (part.available + part.live_units !== expected) {
        const added = part.stock_adjustment ? ` (${base} + ${part.stock_adjustment} added by admins)` : "";
        violations.push(
          `part ${part.id} (${part.name}): stock ${expected}${added} but available ${part.available} + ${part.live_units} units in live orders = ${part.available + part.live_units}`,
        );
      }
    }

    const problems: Array<[string, string]> = [
      ["orders with a quantity below 1", `SELECT id FROM orders WHERE quantity < 1`],
      [
        "paid orders without a transaction id or payment time",
        `SELECT id FROM orders WHERE status = 'paid' AND (transaction_id IS NULL OR paid_at IS NULL)`,
      ],
      [
        "cancelled orders without a cancellation time",
        `SELECT id FROM orders WHERE status = 'cancelled' AND cancelled_at IS NULL`,
      ],
      [
        "refunded orders without a refund time",
        `SELECT id FROM orders WHERE status = 'refunded' AND refunded_at IS NULL`,
      ],
      [
        "orders in an unknown state",
        `SELECT id FROM orders WHERE status NOT IN ('unpaid', 'paid', 'cancelled', 'refunded')`,
      ],
      [
        "orders of a missing part or user",
        `SELECT o.id FROM orders o LEFT JOIN parts p ON p.id = o.part_id LEFT JOIN users u ON u.id = o.user_id WHERE p.id IS NULL OR u.id IS NULL`,
      ],
      [
        "customers with more than one unpaid order for a part",
        `SELECT min(id::text) AS id FROM orders WHERE status = 'unpaid' GROUP BY user_id, part_id HAVING count(*) > 1`,
      ],
      [
        // A checkout's one payment pays every order of it; any other payment pays one order.
        "one payment recorded on several orders, not of one checkout",
        `SELECT min(id::text) AS id FROM orders WHERE transaction_id IS NOT NULL GROUP BY transaction_id
         HAVING count(*) > 1 AND (bool_or(checkout_id IS NULL) OR count(DISTINCT checkout_id) > 1)`,
      ],
      ["parts with negative stock", `SELECT id FROM parts WHERE available < 0`],
    ];
    const {
      rows: [{ rollups, headers }],
    } = await client.query<{ rollups: boolean; headers: boolean }>(
      `SELECT to_regclass('sales_window') IS NOT NULL AS rollups,
         EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'checkouts' AND column_name = 'paid_cents') AS headers`,
    );
    if (rollups) problems.push(...ROLLUP_CHECKS);
    problems.push(...(headers ? HEADER_CHECKS : [BEFORE_HEADERS_CHECK]));
    const {
      rows: [{ shipments }],
    } = await client.query<{ shipments: boolean }>(`SELECT to_regclass('shipment_lines') IS NOT NULL AS shipments`);
    if (shipments) problems.push(...SHIPMENT_CHECKS);
    for (const [relation, label, sql] of SEARCH_TABLE_CHECKS) {
      const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
        relation,
      ]);
      if (rows[0].present) problems.push([label, sql]);
    }
    for (const [label, sql] of problems) {
      const { rows } = await client.query<{ id: string }>(sql);
      if (rows.length)
        violations.push(
          `${rows.length} ${label}: ${rows
            .slice(0, 5)
            .map((row) => row.id)
            .join(", ")}${rows.length > 5 ? ", ..." : ""}`,
        );
    }

    const { rows: counts } = await client.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM orders GROUP BY status`,
    );
    const count = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
    return {
      ok: violations.length === 0,
      checkedParts,
      uncheckedParts,
      violations,
      orders: {
        live: count("unpaid") + count("paid"),
        paid: count("paid"),
        unpaid: count("unpaid"),
        cancelled: count("cancelled"),
      },
      rollupsChecked: rollups,
    };
  } finally {
    await client.query("ROLLBACK");
  }
}

/** Records every part's current available + live units (less what admins added, which counts on top), for parts the seed does not cover. */
export async function writeBaseline(client: pg.Client, file: string): Promise<void> {
  const figures = Object.fromEntries(
    (await stockFigures(client)).map((part) => [part.id, part.available + part.live_units - part.stock_adjustment]),
  );
  fs.writeFileSync(file, JSON.stringify(figures, null, 2) + "\n");
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Runs the check as a command (arguments as above) on a connected client; returns the exit code. */
export async function runInvariantsCommand(client: pg.Client, args: string[]): Promise<number> {
  {
    const baselineOut = option(args, "--write-baseline");
    if (baselineOut) {
      await writeBaseline(client, baselineOut);
      console.log(`Baseline written to ${baselineOut}`);
      return 0;
    }
    const baselineFile = option(args, "--baseline");
    const baseline = baselineFile ? (JSON.parse(fs.readFileSync(baselineFile, "utf8")) as Record<string, number>) : {};
    const report = await checkInvariants(client, baseline);
    if (args.includes("--json")) {
      console.log(JSON.stringify(report));
    } else {
      console.log(
        `Checked ${report.checkedParts} parts (${report.uncheckedParts.length} without a seed or baseline figure) and ${report.orders.live + report.orders.cancelled} orders${report.rollupsChecked ? ", and the overview's rollups against them" : ""}.`,
      );
      for (const violation of report.violations) console.log(`VIOLATION: ${violation}`);
      console.log(report.ok ? "All invariants hold." : `${report.violations.length} invariant(s) broken.`);
    }
    return report.ok ? 0 : 1;
  }
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "DATABASE_URL is not set (for the local shop's database run `npm run check:invariants` from the top folder)",
    );
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await runInvariantsCommand(client, process.argv.slice(2));
  } finally {
    await client.end();
  }
}

if (require.main === module) runCommand(main, "check the invariants");
