import { orderNumberOf } from "./order-number";
import type { OrderStatus } from "./order.entity";

/** One row of the orders export, as read from `orders` (snake_case: straight from SQL). */
export interface OrderExportRow {
  id: string;
  seq: string;
  created_at: Date;
  status: OrderStatus;
  paid_at: Date | null;
  cancelled_at: Date | null;
  user_email: string;
  user_name: string;
  part_id: string;
  part_name: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  transaction_id: string | null;
  address: string;
  phone: string;
}

/** A column of the export: its header, the `orders` column it reads, and how a value is written. */
export interface OrderExportColumn {
  header: string;
  reads: keyof OrderExportRow;
  value(row: OrderExportRow): string | number | null;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function column<K extends keyof OrderExportRow>(
  header: string,
  reads: K,
  show?: (value: OrderExportRow[K]) => string | number | null,
): OrderExportColumn {
  return { header, reads, value: (row) => (show ? show(row[reads]) : (row[reads] as string | number | null)) };
}

/**
 * THE columns of the orders export (GET /admin/orders.csv), in order: the header, the SELECT and
 * every row are made from this list alone. New columns go at the end, so that an import reading
 * columns by position keeps working.
 */
export const ORDER_EXPORT_COLUMNS: readonly OrderExportColumn[] = [
  column("order_id", "id"),
  column("placed_at", "created_at", iso),
  column("status", "status"),
  column("paid_at", "paid_at", iso),
  column("cancelled_at", "cancelled_at", iso),
  column("customer_email", "user_email"),
  column("customer_name", "user_name"),
  column("part_id", "part_id"),
  column("part_name", "part_name"),
  column("quantity", "quantity"),
  column("unit_price", "unit_price_cents", dollars),
  column("total", "total_cents", dollars),
  column("transaction_id", "transaction_id"),
  column("address", "address"),
  column("phone", "phone"),
  column("order_number", "seq", orderNumberOf),
];

/** The `orders` columns the export reads, each once. */
export const ORDER_EXPORT_READS: readonly (keyof OrderExportRow)[] = [
  ...new Set(ORDER_EXPORT_COLUMNS.map((exported) => exported.reads)),
];
