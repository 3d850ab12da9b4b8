import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Reviews of parts: a review may name the part it is about (reviews of the shop name none). Each
 * part keeps the count and the average of the stars of its reviews, maintained by a trigger on
 * reviews whoever writes, so "best rated" is an index walk: average, then count, then seq.
 * A part without reviews has count 0 and average 0, so it sorts after every reviewed one (stars
 * are 1 to 5). The part rows this updates notify the catalogue topic like any write to parts.
 */
export class PartRatings1764520000000 implements MigrationInterface {
  name = "PartRatings1764520000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reviews ADD COLUMN part_id uuid REFERENCES parts(id) ON DELETE SET NULL`);
    await db.query(`CREATE INDEX reviews_by_part ON reviews (part_id) WHERE part_id IS NOT NULL`);

    await db.query(`
      ALTER TABLE parts
        ADD COLUMN review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
        ADD COLUMN rating_average numeric(3, 2) NOT NULL DEFAULT 0 CHECK (rating_average BETWEEN 0 AND 5)`);
    await db.query(`CREATE INDEX parts_by_rating ON parts (rating_average, review_count, seq)`);

    await db.query(`
      CREATE FUNCTION part_rating_refresh(part uuid) RETURNS void LANGUAGE sql VOLATILE AS $$
        UPDATE parts p SET review_count = r.count, rating_average = r.average
        FROM (SELECT count(*)::int AS count, coalesce(round(avg(ratings), 2), 0) AS average FROM reviews WHERE part_id = part) r
        WHERE p.id = part AND (p.review_count, p.rating_average) IS DISTINCT FROM (r.count, r.average)
      $$`);
    await db.query(`
      CREATE FUNCTION reviews_part_rating() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.part_id IS NOT NULL THEN
          PERFORM part_rating_refresh(OLD.part_id);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.part_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.part_id IS DISTINCT FROM OLD.part_id OR NEW.ratings <> OLD.ratings) THEN
          PERFORM part_rating_refresh(NEW.part_id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER reviews_part_rating AFTER INSERT OR UPDATE OF part_id, ratings OR DELETE ON reviews
       FOR EACH ROW EXECUTE FUNCTION reviews_part_rating()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS reviews_part_rating ON reviews`);
    await db.query(`DROP FUNCTION IF EXISTS reviews_part_rating()`);
    await db.query(`DROP FUNCTION IF EXISTS part_rating_refresh(uuid)`);
    await db.query(`DROP INDEX IF EXISTS parts_by_rating`);
    await db.query(`ALTER TABLE parts DROP COLUMN IF EXISTS rating_average, DROP COLUMN IF EXISTS review_count`);
    await db.query(`DROP INDEX IF EXISTS reviews_by_part`);
    await db.query(`ALTER TABLE reviews DROP COLUMN IF EXISTS part_id`);
  }
}
