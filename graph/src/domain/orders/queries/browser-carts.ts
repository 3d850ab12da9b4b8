import type { EntityManager } from "typeorm";

export interface BrowserCartRow {
  id: string;
  user_id: string | null;
}

/**
 * The browser cart a token's digest names, unless untouched for `days` (then it is gone); found
 * is touched, so a cart in use never expires (and locked, in a transaction, until it ends).
 */
export async function findBrowserCart(
  manager: EntityManager,
  digest: Buffer,
  days: number,
): Promise<BrowserCartRow | null> {
  const [rows]: [BrowserCartRow[], number] = await manager.query(
    `UPDATE browser_carts SET touched_at = now()
     WHERE token_hash = $1 AND touched_at > now() - make_interval(days => $2)
     RETURNING id, user_id`,
    [digest, days],
  );
  return rows[0] ?? null;
}

export async function insertBrowserCart(
  manager: EntityManager,
  digest: Buffer,
  userId: string | null,
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await manager.query(
    `INSERT INTO browser_carts (token_hash, user_id) VALUES ($1, $2) RETURNING id`,
    [digest, userId],
  );
  return id;
}

export async function joinBrowserCart(manager: EntityManager, id: string, userId: string): Promise<void> {
  await manager.query(`UPDATE browser_carts SET user_id = $2, touched_at = now() WHERE id = $1`, [id, userId]);
}

export async function deleteBrowserCart(manager: EntityManager, digest: Buffer): Promise<void> {
  await manager.query(`DELETE FROM browser_carts WHERE token_hash = $1`, [digest]);
}

/** Deletes the carts untouched for `days` (their lines go with them); answers how many. */
export async function deleteUntouchedCarts(manager: EntityManager, days: number): Promise<number> {
  const [, count]: [unknown, number] = await manager.query(
    `DELETE FROM browser_carts WHERE touched_at <= now() - make_interval(days => $1)`,
    [days],
  );
  return count;
}
