/** Text limits, documented in the README: longer input is refused, never truncated. */
export const MAX = {
  name: 80,
  productName: 20,
  shortText: 200,
  address: 300,
  description: 2000,
  url: 2048,
  email: 254,
  phoneDigits: 20,
  idToken: 8192,
} as const;

/** Quantities an admin may set: stock, restocks, thresholds and minimum orders. */
export const STOCK = {
  /** The most units of one part the shop holds. */
  maxAvailable: 10_000_000,
  /** The most units one restock adds. */
  maxRestock: 1_000_000,
  maxMinOrderQuantity: 1_000_000,
  maxLowStockThreshold: 10_000_000,
  /** Part descriptions are shorter than other descriptions (the column is varchar(500)). */
  partDescription: 500,
} as const;
