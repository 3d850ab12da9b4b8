import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each word's parts by price (for a million orders: docs/performance.md): part_lexeme_ranks gets each part's price, in an index by
 * word and price.
 *
 * A real catalogue's prices follow its kinds of part (fans are cheap, screens are not), which the
 * planner cannot know: it takes a word and a price range, or a word and the price order, for
 * independent. On the scale seed priced by kind, "fan" from $50 newest first walked the whole
 * catalogue by age for parts no fan is (89 ms), "display" cheapest first every cheaper part (59
 * ms). With a word's parts in price order in its own index, the price order reads its page there,
 * and a price range finds the word's parts in it without reading others (PartSearchService).
 *
 * The trigger of migration 1764770000000 writes the price with the ranks and follows price changes.
 */
export class PartLexemePrices1764780000000 implements MigrationInterface {
  name = "PartLexemePrices1764780000000";

  async up(db: QueryRunner): Promise<void> {
    // Written again rather than updated in place: an UPDATE of every row would leave the table and
    // its indexes twice their size (149 against 69 MB at the scale seed). The indexes are built
    // from the rows afterwards.
    await db.query(`DROP INDEX part_lexeme_ranks_by_rank`);
    await db.query(`DROP INDEX part_lexeme_ranks_by_part`);
    await db.query(`TRUNCATE part_lexeme_ranks`);
    await db.query(`ALTER TABLE part_lexeme_ranks ADD COLUMN price_cents integer NOT NULL`);
    await db.query(`
      CREATE OR REPLACE FUNCTION rebuild_part_lexeme_ranks() RETURNS void LANGUAGE sql VOLATILE AS $$
        DELETE FROM part_lexeme_ranks;
        INSERT INTO part_lexeme_ranks (lexeme, rank, seq, price_cents)
        SELECT ranked.lexeme, ranked.rank, p.seq, p.price_cents FROM parts p, document_lexeme_ranks(p.search_document) AS ranked;
      $$`);
    await db.query(`SELECT rebuild_part_lexeme_ranks()`);
    await db.query(`CREATE UNIQUE INDEX part_lexeme_ranks_by_rank ON part_lexeme_ranks (lexeme, rank DESC, seq)`);
    await db.query(`CREATE INDEX part_lexeme_ranks_by_part ON part_lexeme_ranks (seq)`);
    await db.query(`CREATE INDEX part_lexeme_ranks_by_price ON part_lexeme_ranks (lexeme, price_cents, seq)`);
    await db.query(`
      CREATE OR REPLACE FUNCTION parts_lexeme_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.search_document IS NOT DISTINCT FROM NEW.search_document THEN
          IF OLD.price_cents IS DISTINCT FROM NEW.price_cents THEN
            UPDATE part_lexeme_ranks SET price_cents = NEW.price_cents WHERE seq = NEW.seq;
          END IF;
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM part_lexeme_ranks WHERE seq = OLD.seq;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO part_lexeme_ranks (lexeme, rank, seq, price_cents)
          SELECT lexeme, rank, NEW.seq, NEW.price_cents FROM document_lexeme_ranks(NEW.search_document);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(`DROP TRIGGER parts_lexeme_ranks ON parts`);
    await db.query(
      `CREATE TRIGGER parts_lexeme_ranks AFTER INSERT OR DELETE OR UPDATE OF name, short_desc, search_document, price_cents ON parts
       FOR EACH ROW EXECUTE FUNCTION parts_lexeme_ranks()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER parts_lexeme_ranks ON parts`);
    await db.query(
      `CREATE TRIGGER parts_lexeme_ranks AFTER INSERT OR DELETE OR UPDATE OF name, short_desc, search_document ON parts
       FOR EACH ROW EXECUTE FUNCTION parts_lexeme_ranks()`,
    );
    await db.query(`
      CREATE OR REPLACE FUNCTION parts_lexeme_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.search_document IS NOT DISTINCT FROM NEW.search_document THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM part_lexeme_ranks WHERE seq = OLD.seq;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO part_lexeme_ranks (lexeme, rank, seq) SELECT lexeme, rank, NEW.seq FROM document_lexeme_ranks(NEW.search_document);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION rebuild_part_lexeme_ranks() RETURNS void LANGUAGE sql VOLATILE AS $$
        DELETE FROM part_lexeme_ranks;
        INSERT INTO part_lexeme_ranks (lexeme, rank, seq)
        SELECT ranked.lexeme, ranked.rank, p.seq FROM parts p, document_lexeme_ranks(p.search_document) AS ranked;
      $$`);
    await db.query(`DROP INDEX part_lexeme_ranks_by_price`);
    await db.query(`ALTER TABLE part_lexeme_ranks DROP COLUMN price_cents`);
  }
}
