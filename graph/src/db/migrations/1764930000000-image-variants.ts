import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Images done properly (docs/product.md#beyond-the-spec, Image upload). Every upload is decoded and written again as a few widths in
 * AVIF, WebP and a fallback (domain/images): the store keeps each variant under its own name
 * ({key}-{width}.{format}, longer than an image name was), and image_uploads keeps what the shop
 * knows of an upload, its upright size and the variants stored, written after the variants.
 *
 * A part has several images, in order, each with alt text (part_images). parts.img stays the first
 * one's URL, the field the spec's REST shapes answer: a part written with an image (by the shop,
 * an import or SQL) gets it as its first image here, and a new img replaces its first image. The
 * image mutations write part_images and then parts.img. Writes with the triggers off (the bench's
 * bulk seed) leave a part without rows here; its img still answers.
 */
export class ImageVariants1764930000000 implements MigrationInterface {
  name = "ImageVariants1764930000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE images ALTER COLUMN name TYPE varchar(64)`);
    await db.query(`
      CREATE TABLE image_uploads (
        key varchar(32) PRIMARY KEY CHECK (key ~ '^[0-9a-f]{32}$'),
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        fallback varchar(4) NOT NULL CHECK (fallback IN ('jpg', 'png')),
        variants jsonb NOT NULL CHECK (jsonb_typeof(variants) = 'array' AND jsonb_array_length(variants) > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE part_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        part_id uuid NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        url text NOT NULL CHECK (url <> ''),
        alt varchar(250) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Checked at the end of each statement: a reorder moves every position in one UPDATE.
        CONSTRAINT part_images_position UNIQUE (part_id, position) DEFERRABLE INITIALLY IMMEDIATE
      )`);
    await db.query(`INSERT INTO part_images (part_id, position, url) SELECT id, 0, img FROM parts`);

    // Set-based for inserts (an import inserts thousands of parts in one statement).
    await db.query(`
      CREATE FUNCTION part_first_image_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO part_images (part_id, position, url) SELECT id, 0, img FROM inserted_parts;
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER parts_first_image_inserted AFTER INSERT ON parts REFERENCING NEW TABLE AS inserted_parts
      FOR EACH STATEMENT EXECUTE FUNCTION part_first_image_inserted()`);
    // Per row, and only when img changes: a stock update (every order) never calls it.
    await db.query(`
      CREATE FUNCTION part_first_image_replaced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE part_images SET url = NEW.img, alt = '' WHERE part_id = NEW.id AND position = 0 AND url <> NEW.img;
        IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM part_images WHERE part_id = NEW.id) THEN
          INSERT INTO part_images (part_id, position, url) VALUES (NEW.id, 0, NEW.img);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER parts_first_image_replaced AFTER UPDATE OF img ON parts
      FOR EACH ROW WHEN (OLD.img IS DISTINCT FROM NEW.img) EXECUTE FUNCTION part_first_image_replaced()`);
    await db.query(
      `CREATE TRIGGER part_images_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON part_images
       FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS parts_first_image_replaced ON parts`);
    await db.query(`DROP TRIGGER IF EXISTS parts_first_image_inserted ON parts`);
    await db.query(`DROP FUNCTION IF EXISTS part_first_image_replaced()`);
    await db.query(`DROP FUNCTION IF EXISTS part_first_image_inserted()`);
    await db.query(`DROP TABLE IF EXISTS part_images`);
    await db.query(`DROP TABLE IF EXISTS image_uploads`);
  }
}
