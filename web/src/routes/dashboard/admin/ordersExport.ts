import { apiUrl } from "@/apiUrl";
import { getAccessToken } from "@/auth/accessToken";

export interface OrderFilters {
  status?: "unpaid" | "paid" | "refunded" | "cancelled";
  search?: string;
}

/** The export's address: GET /admin/orders.csv with the list's filters. */
export function ordersCsvUrl(filters: OrderFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set("status", filters.status);
  if (filters.search) query.set("search", filters.search);
  const suffix = query.toString() ? `?${query}` : "";
  return apiUrl(`/admin/orders.csv${suffix}`);
}

/**
 * Downloads the orders as CSV. The route wants the bearer token, which a plain link cannot send,
 * so the file is fetched (the server streams it from a cursor) and handed to the browser as a
 * download under the server's file name.
 */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(ordersCsvUrl(filters), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new Error(typeof body?.error === "string" ? body.error : `The export failed (HTTP ${response.status}).`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "partshop-orders.csv";
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
