import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What a real sale costs: an address book, what shipping and tax need to know of a part, the
 * shipping and tax zones with their methods, bands and rates, and what an order keeps of them
 * (docs/product.md, "Shipping and tax").
 *
 * - `addresses`: a customer's book; at most one default each (a partial unique index).
 * - `parts`: weight (grams; 0 until an admin gives one), dimensions (mm, where known), dangerous
 *   goods with the battery's watt-hours, and the tax category.
 * - `shipping_zones` and their places (a country, or one region of it); a place is in one zone
 *   only, so an address never has two. `shipping_methods` per zone, each priced by
 *   `shipping_rate_bands` (up to a weight, inclusive).
 * - `tax_zones` and their places, likewise; a zone's three rates are whole millionths.
 * - The order header keeps the address as it was (`ship_to`), the method as it was (its name and
 *   estimate; the id only for reference, as a method may later be deleted), the shipping's own
 *   tax and the tax zone; each line keeps its tax category, rate and own tax (`own_tax_cents`;
 *   its `tax_cents` is that plus its share of the shipping's tax).
 *
 * Every new column has a default or may be null, so the previous release keeps working.
 */
export class AddressesShippingTax1765000000000 implements MigrationInterface {
  name = "AddressesShippingTax1765000000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        company varchar(80),
        line1 varchar(120) NOT NULL,
        line2 varchar(120),
        city varchar(80) NOT NULL,
        region varchar(80),
        postal_code varchar(16) NOT NULL,
        country char(2) NOT NULL CONSTRAINT addresses_country_iso CHECK (country ~ '^[A-Z]{2}$'),
        phone varchar(21) NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX addresses_one_default_per_user ON addresses (user_id) WHERE is_default`);
    await db.query(`CREATE INDEX addresses_by_user ON addresses (user_id, created_at)`);

    await db.query(`
      ALTER TABLE parts
        ADD COLUMN weight_grams integer NOT NULL DEFAULT 0
          CONSTRAINT parts_weight_grams_bounds CHECK (weight_grams BETWEEN 0 AND 1000000),
        ADD COLUMN length_mm integer CONSTRAINT parts_length_mm_bounds CHECK (length_mm BETWEEN 1 AND 10000),
        ADD COLUMN width_mm integer CONSTRAINT parts_width_mm_bounds CHECK (width_mm BETWEEN 1 AND 10000),
        ADD COLUMN height_mm integer CONSTRAINT parts_height_mm_bounds CHECK (height_mm BETWEEN 1 AND 10000),
        ADD COLUMN dangerous_goods boolean NOT NULL DEFAULT false,
        ADD COLUMN battery_wh numeric(7,2) CONSTRAINT parts_battery_wh_bounds CHECK (battery_wh > 0 AND battery_wh <= 10000),
        ADD COLUMN tax_category varchar(16) NOT NULL DEFAULT 'standard'
          CONSTRAINT parts_tax_category_known CHECK (tax_category IN ('standard', 'reduced', 'zero'))`);

    await db.query(`
      CREATE TABLE shipping_zones (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE shipping_zone_places (
        zone_id uuid NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE,
        country char(2) NOT NULL CONSTRAINT shipping_zone_places_country_iso CHECK (country ~ '^[A-Z]{2}$'),
        region varchar(80),
        CONSTRAINT shipping_zone_places_one_zone UNIQUE NULLS NOT DISTINCT (country, region)
      )`);
    await db.query(`CREATE INDEX shipping_zone_places_by_zone ON shipping_zone_places (zone_id)`);
    await db.query(`
      CREATE TABLE shipping_methods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        zone_id uuid NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        kind varchar(16) NOT NULL CONSTRAINT shipping_methods_kind_known CHECK (kind IN ('standard', 'express', 'collection')),
        free_over_cents integer CONSTRAINT shipping_methods_free_over_bounds CHECK (free_over_cents BETWEEN 0 AND 100000000),
        min_days smallint NOT NULL,
        max_days smallint NOT NULL,
        carries_dangerous_goods boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT shipping_methods_days CHECK (min_days >= 0 AND max_days >= min_days AND max_days <= 365),
        CONSTRAINT shipping_methods_one_name_per_zone UNIQUE (zone_id, name)
      )`);
    await db.query(`
      CREATE TABLE shipping_rate_bands (
        method_id uuid NOT NULL REFERENCES shipping_methods(id) ON DELETE CASCADE,
        up_to_grams integer NOT NULL CONSTRAINT shipping_rate_bands_weight_bounds CHECK (up_to_grams BETWEEN 1 AND 100000000),
        price_cents integer NOT NULL CONSTRAINT shipping_rate_bands_price_bounds CHECK (price_cents BETWEEN 0 AND 100000000),
        PRIMARY KEY (method_id, up_to_grams)
      )`);

    await db.query(`
      CREATE TABLE tax_zones (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL UNIQUE,
        prices_include_tax boolean NOT NULL DEFAULT false,
        taxes_shipping boolean NOT NULL DEFAULT false,
        standard_rate_ppm integer NOT NULL,
        reduced_rate_ppm integer NOT NULL,
        zero_rate_ppm integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tax_zones_rates_bounds CHECK (
          standard_rate_ppm BETWEEN 0 AND 1000000 AND reduced_rate_ppm BETWEEN 0 AND 1000000
          AND zero_rate_ppm BETWEEN 0 AND 1000000)
      )`);
    await db.query(`
      CREATE TABLE tax_zone_places (
        zone_id uuid NOT NULL REFERENCES tax_zones(id) ON DELETE CASCADE,
        country char(2) NOT NULL CONSTRAINT tax_zone_places_country_iso CHECK (country ~ '^[A-Z]{2}$'),
        region varchar(80),
        CONSTRAINT tax_zone_places_one_zone UNIQUE NULLS NOT DISTINCT (country, region)
      )`);
    await db.query(`CREATE INDEX tax_zone_places_by_zone ON tax_zone_places (zone_id)`);

    await db.query(`
      ALTER TABLE checkouts
        ADD COLUMN ship_to jsonb,
        ADD COLUMN shipping_method_id uuid,
        ADD COLUMN shipping_method_name varchar(80),
        ADD COLUMN shipping_min_days smallint,
        ADD COLUMN shipping_max_days smallint,
        ADD COLUMN shipping_tax_cents integer NOT NULL DEFAULT 0
          CONSTRAINT checkouts_shipping_tax_not_negative CHECK (shipping_tax_cents >= 0),
        ADD COLUMN tax_zone_name varchar(80),
        ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false`);
    await db.query(`
      ALTER TABLE orders
        ADD COLUMN tax_category varchar(16) NOT NULL DEFAULT 'standard'
          CONSTRAINT orders_tax_category_known CHECK (tax_category IN ('standard', 'reduced', 'zero')),
        ADD COLUMN tax_rate_ppm integer NOT NULL DEFAULT 0
          CONSTRAINT orders_tax_rate_bounds CHECK (tax_rate_ppm BETWEEN 0 AND 1000000),
        ADD COLUMN own_tax_cents integer NOT NULL DEFAULT 0
          CONSTRAINT orders_own_tax_within_tax CHECK (own_tax_cents >= 0 AND own_tax_cents <= tax_cents)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN own_tax_cents, DROP COLUMN tax_rate_ppm, DROP COLUMN tax_category`);
    await db.query(`
      ALTER TABLE checkouts
        DROP COLUMN prices_include_tax, DROP COLUMN tax_zone_name, DROP COLUMN shipping_tax_cents,
        DROP COLUMN shipping_max_days, DROP COLUMN shipping_min_days, DROP COLUMN shipping_method_name,
        DROP COLUMN shipping_method_id, DROP COLUMN ship_to`);
    await db.query(`DROP TABLE IF EXISTS tax_zone_places`);
    await db.query(`DROP TABLE IF EXISTS tax_zones`);
    await db.query(`DROP TABLE IF EXISTS shipping_rate_bands`);
    await db.query(`DROP TABLE IF EXISTS shipping_methods`);
    await db.query(`DROP TABLE IF EXISTS shipping_zone_places`);
    await db.query(`DROP TABLE IF EXISTS shipping_zones`);
    await db.query(`
      ALTER TABLE parts
        DROP COLUMN tax_category, DROP COLUMN battery_wh, DROP COLUMN dangerous_goods, DROP COLUMN height_mm,
        DROP COLUMN width_mm, DROP COLUMN length_mm, DROP COLUMN weight_grams`);
    await db.query(`DROP TABLE IF EXISTS addresses`);
  }
}
