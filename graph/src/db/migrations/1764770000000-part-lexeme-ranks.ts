import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each part's rank for each word of its search document, in an index by word and rank (docs/performance.md).
 *
 * A one-word search in relevance order ranked every part it matched: at the scale seed "lenovo"
 * matches 25,000 of 100,000 parts and took 27-97 ms however few were shown. ts_rank of a document
 * for one lexeme depends on that document alone, so it is kept beside it: `part_lexeme_ranks` has
 * a row per part and lexeme of its search document with that rank, and its index
 * (lexeme, rank DESC, seq) hands such a search its page in order (PartSearchService).
 *
 * A trigger on parts keeps it: a part's rows are written with its document and replaced when the
 * document changes; a deleted part's go with it. Writes with the triggers off are not recorded:
 * `check:invariants` reports the difference and `SELECT rebuild_part_lexeme_ranks()` rewrites the
 * table.
 */
export class PartLexemeRanks1764770000000 implements MigrationInterface {
  name = "PartLexemeRanks1764770000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE part_lexeme_ranks (lexeme text NOT NULL, rank real NOT NULL, seq bigint NOT NULL)`);
    await db.query(`
      CREATE FUNCTION lexeme_query(lexeme text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT ('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '\\''') || '''')::tsquery
      $$`);
    // One row per lexeme of a document, with its rank: what a part's rows are.
    await db.query(`
      CREATE FUNCTION document_lexeme_ranks(document tsvector) RETURNS TABLE (lexeme text, rank real)
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT lexeme, ts_rank(document, lexeme_query(lexeme)) FROM unnest(tsvector_to_array(document)) AS lexeme
      $$`);
    await db.query(`
      CREATE FUNCTION rebuild_part_lexeme_ranks() RETURNS void LANGUAGE sql VOLATILE AS $$
        DELETE FROM part_lexeme_ranks;
        INSERT INTO part_lexeme_ranks (lexeme, rank, seq)
        SELECT ranked.lexeme, ranked.rank, p.seq FROM parts p, document_lexeme_ranks(p.search_document) AS ranked;
      $$`);
    await db.query(`SELECT rebuild_part_lexeme_ranks()`);
    await db.query(`CREATE UNIQUE INDEX part_lexeme_ranks_by_rank ON part_lexeme_ranks (lexeme, rank DESC, seq)`);
    await db.query(`CREATE INDEX part_lexeme_ranks_by_part ON part_lexeme_ranks (seq)`);
    await db.query(`
      CREATE FUNCTION parts_lexeme_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
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
    // Its name and description too: the document is rewritten from them by a BEFORE trigger,
    // which a trigger on the document's column alone would not see.
    await db.query(
      `CREATE TRIGGER parts_lexeme_ranks AFTER INSERT OR DELETE OR UPDATE OF name, short_desc, search_document ON parts
       FOR EACH ROW EXECUTE FUNCTION parts_lexeme_ranks()`,
    );
    // Emptied parts fire no row trigger: their ranks go too (sequence numbers restarted would
    // otherwise find them again).
    await db.query(`
      CREATE FUNCTION parts_truncated_lexeme_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE part_lexeme_ranks;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER parts_truncated_lexeme_ranks AFTER TRUNCATE ON parts FOR EACH STATEMENT EXECUTE FUNCTION parts_truncated_lexeme_ranks()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS parts_truncated_lexeme_ranks ON parts`);
    await db.query(`DROP FUNCTION IF EXISTS parts_truncated_lexeme_ranks()`);
    await db.query(`DROP TRIGGER IF EXISTS parts_lexeme_ranks ON parts`);
    await db.query(`DROP FUNCTION IF EXISTS parts_lexeme_ranks()`);
    await db.query(`DROP FUNCTION IF EXISTS rebuild_part_lexeme_ranks()`);
    await db.query(`DROP FUNCTION IF EXISTS document_lexeme_ranks(tsvector)`);
    await db.query(`DROP FUNCTION IF EXISTS lexeme_query(text)`);
    await db.query(`DROP TABLE IF EXISTS part_lexeme_ranks`);
  }
}
