import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A browser's cart kept by the shop (docs/architecture.md, "The server cart"): a visitor adds to
 * it with plain forms, with no script. The browser holds a random token in a cookie; the shop
 * keeps only the token's SHA-256, so a copy of the database opens no one's cart. Once a customer
 * joins it at sign-in, the row names them and the browser's cart is theirs (cart_lines) until
 * sign-out. A cart untouched for 30 days is forgotten (touched_at, indexed for the sweep).
 */
export class BrowserCarts1765000000963 implements MigrationInterface {
  name = "BrowserCarts1765000000963";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE browser_carts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        touched_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX browser_carts_touched_at ON browser_carts (touched_at)`);
    await db.query(`
      CREATE TABLE browser_cart_lines (
        cart_id uuid NOT NULL REFERENCES browser_carts(id) ON DELETE CASCADE,
        part_id uuid NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
        quantity integer NOT NULL CHECK (quantity >= 1 AND quantity <= 10000000),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cart_id, part_id)
      )`);
    await db.query(`CREATE INDEX browser_cart_lines_part_id ON browser_cart_lines (part_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS browser_cart_lines`);
    await db.query(`DROP TABLE IF EXISTS browser_carts`);
  }
}
