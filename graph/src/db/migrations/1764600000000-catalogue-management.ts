import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Parts an admin manages: a low-stock threshold (the overview lists parts at or below it), a
 * retirement time (a retired part leaves the shop but stays on the orders that name it), who
 * created a part through the shop, and the net units admins have put in or taken out
 * (creations, restocks, stock corrections), so the stock invariant still adds up:
 *
 *   stock at seed (or baseline, or 0 for a part created through the shop) + stock_adjustment
 *     = available + units in live orders
 *
 * Orders get an index for the overview's revenue per day (paid orders by payment time).
 */
export class CatalogueManagement1764600000000 implements MigrationInterface {
  name = "CatalogueManagement1764600000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE parts
        ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 10 CHECK (low_stock_threshold >= 0),
        ADD COLUMN retired_at timestamptz,
        ADD COLUMN created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN stock_adjustment integer NOT NULL DEFAULT 0`);
    // The public catalogue lists parts on sale in catalogue order.
    await db.query(`CREATE INDEX parts_on_sale_by_seq ON parts (seq) WHERE retired_at IS NULL`);
    await db.query(`CREATE INDEX orders_paid_by_paid_at ON orders (paid_at) WHERE status = 'paid'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS orders_paid_by_paid_at`);
    await db.query(`DROP INDEX IF EXISTS parts_on_sale_by_seq`);
    await db.query(`
      ALTER TABLE parts
        DROP COLUMN IF EXISTS stock_adjustment,
        DROP COLUMN IF EXISTS created_by,
        DROP COLUMN IF EXISTS retired_at,
        DROP COLUMN IF EXISTS low_stock_threshold`);
  }
}
