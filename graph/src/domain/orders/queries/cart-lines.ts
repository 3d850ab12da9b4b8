import type { EntityManager } from "typeorm";

/**
 * Which cart a statement reads or writes: a customer's (cart_lines, by user) or a browser's kept
 * for a visitor (browser_cart_lines, by cart). Both hold the same lines under the same rules
 * (CartService); only where they are kept differs.
 */
export interface CartRef {
  kind: "customer" | "browser";
  /** The customer's id, or the browser cart's. */
  id: string;
}

/** Where each kind of cart keeps its lines, and the row its changes are serialised on. */
const STORES = {
  customer: { lines: "cart_lines", owner: "user_id", lock: `SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE` },
  browser: {
    lines: "browser_cart_lines",
    owner: "cart_id",
    lock: `SELECT id FROM browser_carts WHERE id = $1 FOR NO KEY UPDATE`,
  },
} as const;

export interface StoredLine {
  part_id: string;
  quantity: number;
}

/** Locks the cart's owning row: a cart changes one request at a time (two tabs adding at once both count). */
export async function lockCart(tx: EntityManager, cart: CartRef): Promise<void> {
  await tx.query(STORES[cart.kind].lock, [cart.id]);
}

/** The cart's lines in the order they were added. */
export function readLines(manager: EntityManager, cart: CartRef): Promise<StoredLine[]> {
  const { lines, owner } = STORES[cart.kind];
  return manager.query(`SELECT part_id, quantity FROM ${lines} WHERE ${owner} = $1 ORDER BY seq`, [cart.id]);
}

/** The quantity of one part's line, or null when the cart has none. */
export async function lineQuantity(manager: EntityManager, cart: CartRef, partId: string): Promise<number | null> {
  const { lines, owner } = STORES[cart.kind];
  const [row]: Array<{ quantity: number }> = await manager.query(
    `SELECT quantity FROM ${lines} WHERE ${owner} = $1 AND part_id = $2`,
    [cart.id, partId],
  );
  return row?.quantity ?? null;
}

export async function countLines(manager: EntityManager, cart: CartRef): Promise<number> {
  const { lines, owner } = STORES[cart.kind];
  const [{ count }]: Array<{ count: number }> = await manager.query(
    `SELECT count(*)::int AS count FROM ${lines} WHERE ${owner} = $1`,
    [cart.id],
  );
  return count;
}

/** Sets a part's quantity, adding the line at the end when there was none. */
export async function upsertLine(tx: EntityManager, cart: CartRef, partId: string, quantity: number): Promise<void> {
  const { lines, owner } = STORES[cart.kind];
  await tx.query(
    `INSERT INTO ${lines} (${owner}, part_id, quantity) VALUES ($1, $2, $3)
     ON CONFLICT (${owner}, part_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
    [cart.id, partId, quantity],
  );
}

export async function deleteLine(manager: EntityManager, cart: CartRef, partId: string): Promise<void> {
  const { lines, owner } = STORES[cart.kind];
  await manager.query(`DELETE FROM ${lines} WHERE ${owner} = $1 AND part_id = $2`, [cart.id, partId]);
}

export async function deleteAllLines(manager: EntityManager, cart: CartRef): Promise<void> {
  const { lines, owner } = STORES[cart.kind];
  await manager.query(`DELETE FROM ${lines} WHERE ${owner} = $1`, [cart.id]);
}
