import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The whole first schema. Every lookup the API makes has an index; the invariants that protect
 * money and stock are CHECK constraints, so no code path can break them.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = "InitialSchema1763800000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE parts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        name varchar(80) NOT NULL,
        img text NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        available integer NOT NULL CHECK (available >= 0),
        min_order_quantity integer NOT NULL CHECK (min_order_quantity >= 1),
        short_desc varchar(500) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        name varchar(20) NOT NULL CHECK (length(btrim(name)) > 0),
        available_quantity integer CHECK (available_quantity >= 0),
        price_cents integer CHECK (price_cents >= 0),
        img text,
        min_quantity integer CHECK (min_quantity >= 0),
        description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
        role varchar(16) NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
        display_name varchar(80),
        firebase_uid varchar(128),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE profiles (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        user_email varchar(254) NOT NULL,
        user_name varchar(80),
        education varchar(200) NOT NULL,
        address varchar(300) NOT NULL,
        phone varchar(20) NOT NULL,
        linkedin varchar(2048) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // Orders are the record of money and stock: an account that has any cannot be deleted.
    await db.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        part_id uuid NOT NULL REFERENCES parts(id) ON DELETE RESTRICT,
        part_name varchar(80) NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
        total_cents integer NOT NULL CHECK (total_cents = unit_price_cents * quantity),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
        user_email varchar(254) NOT NULL,
        user_name varchar(80) NOT NULL,
        address varchar(300) NOT NULL,
        phone varchar(20) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid', 'paid', 'cancelled')),
        payment_intent_id varchar(255),
        transaction_id varchar(255) UNIQUE,
        paid_at timestamptz,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'paid') = (transaction_id IS NOT NULL AND paid_at IS NOT NULL))
      )`);
    // One open reservation per customer and part: "Already ordered" is enforced here, race-free.
    await db.query(
      `CREATE UNIQUE INDEX orders_one_unpaid_per_user_part ON orders (user_id, part_id) WHERE status = 'unpaid'`,
    );
    await db.query(`CREATE INDEX orders_live_by_user_email ON orders (user_email, seq) WHERE status <> 'cancelled'`);
    await db.query(`CREATE INDEX orders_live_by_seq ON orders (seq) WHERE status <> 'cancelled'`);
    await db.query(`CREATE INDEX orders_by_part ON orders (part_id)`);

    await db.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        name varchar(80) NOT NULL,
        ratings smallint NOT NULL CHECK (ratings BETWEEN 1 AND 5),
        description text NOT NULL,
        img text NOT NULL,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX reviews_by_user ON reviews (user_id)`);

    await db.query(`
      CREATE TABLE newsletter_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ["newsletter_subscriptions", "reviews", "orders", "profiles", "users", "products", "parts"]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
