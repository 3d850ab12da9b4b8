import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Manufacturer part numbers (docs/product.md#beyond-the-spec, Manage Parts). Each part has one, as printed (letters and digits in
 * groups joined by dashes: 5B10W13930, 451-BCJE, L32656-005), and may list alternative numbers it
 * replaces or is also sold as (FRU, OEM numbers). A number is found however it is typed: its key
 * is its letters and digits alone, upper case ("l32656 005" and "L32656-005" are both L32656005).
 *
 * part_number_keys holds every number's key, a part's own and its alternatives, once: its primary
 * key makes a number name one part wherever it is listed, and a search reads the part a number
 * names from it. Triggers keep it from parts.part_number and part_alternative_numbers, and announce
 * its changes on the catalogue's channel under its own name, so a search's kept lookups
 * (domain/catalogue/search/search-queries.ts) are forgotten when a number comes or goes, not when
 * a stock moves.
 *
 * A part inserted without a number (the spec's POST /parts has none; an older client; SQL) gets
 * the shop's own, PS- and a number of its own sequence, which an admin can replace. Existing parts
 * get theirs here (adding the column fills it with its default); the seed gives the seeded parts
 * their real numbers (db/seed.ts).
 */
export class PartNumbers1764900000000 implements MigrationInterface {
  name = "PartNumbers1764900000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION part_number_key(number text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT upper(regexp_replace(number, '[^A-Za-z0-9]+', '', 'g')) $$`);

    // A default rather than a trigger: it also numbers parts written with the triggers off (bulk loads).
    await db.query(`CREATE SEQUENCE part_number_stand_ins`);
    await db.query(
      `ALTER TABLE parts ADD COLUMN part_number varchar(40) DEFAULT 'PS-' || lpad(nextval('part_number_stand_ins')::text, 6, '0')`,
    );
    await db.query(`ALTER SEQUENCE part_number_stand_ins OWNED BY parts.part_number`);
    await db.query(`ALTER TABLE parts ALTER COLUMN part_number SET NOT NULL`);
    await db.query(
      `ALTER TABLE parts ADD CONSTRAINT parts_part_number_check CHECK (part_number ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$')`,
    );

    await db.query(`
      CREATE TABLE part_alternative_numbers (
        part_id uuid NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 0),
        number varchar(40) NOT NULL CHECK (number ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$'),
        PRIMARY KEY (part_id, position)
      )`);

    await db.query(`
      CREATE TABLE part_number_keys (
        key text COLLATE "C" PRIMARY KEY CHECK (key <> ''),
        part_id uuid NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
        alternative boolean NOT NULL
      )`);
    await db.query(`CREATE INDEX part_number_keys_by_part ON part_number_keys (part_id)`);
    await db.query(
      `INSERT INTO part_number_keys (key, part_id, alternative) SELECT part_number_key(part_number), id, false FROM parts`,
    );

    await db.query(`
      CREATE FUNCTION parts_part_number_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          IF OLD.part_number = NEW.part_number THEN
            RETURN NULL;
          END IF;
          DELETE FROM part_number_keys WHERE part_id = NEW.id AND NOT alternative;
        END IF;
        INSERT INTO part_number_keys (key, part_id, alternative) VALUES (part_number_key(NEW.part_number), NEW.id, false);
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER parts_part_number_key AFTER INSERT OR UPDATE OF part_number ON parts FOR EACH ROW EXECUTE FUNCTION parts_part_number_key()`,
    );
    await db.query(`
      CREATE FUNCTION part_alternative_number_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM part_number_keys WHERE key = part_number_key(OLD.number) AND part_id = OLD.part_id AND alternative;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO part_number_keys (key, part_id, alternative) VALUES (part_number_key(NEW.number), NEW.part_id, true);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER part_alternative_number_keys AFTER INSERT OR UPDATE OR DELETE ON part_alternative_numbers FOR EACH ROW EXECUTE FUNCTION part_alternative_number_keys()`,
    );
    for (const table of ["part_alternative_numbers", "part_number_keys"]) {
      await db.query(
        `CREATE TRIGGER ${table}_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS part_number_keys`);
    await db.query(`DROP TABLE IF EXISTS part_alternative_numbers`);
    await db.query(`DROP TRIGGER IF EXISTS parts_part_number_key ON parts`);
    await db.query(`ALTER TABLE parts DROP COLUMN IF EXISTS part_number`);
    await db.query(`DROP FUNCTION IF EXISTS part_alternative_number_keys()`);
    await db.query(`DROP FUNCTION IF EXISTS parts_part_number_key()`);
    await db.query(`DROP FUNCTION IF EXISTS part_number_key(text)`);
  }
}
