import { downloadCsv } from "./csvFiles";

export interface OrderFilters {
  status?: "unpaid" | "paid" | "refunded" | "cancelled";
  search?: string;
}

/** The export's path: GET /admin/orders.csv with the list's filters. */
function ordersCsvPath(filters: OrderFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set("status", filters.status);
  if (filters.search) query.set("search", filters.search);
  return `/admin/orders.csv${query.toString() ? `?${query}` : ""}`;
}

/** Downloads the orders as CSV (the server streams it from a cursor) under the server's file name. */
export function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  return downloadCsv(ordersCsvPath(filters), "partshop-orders.csv");
}
