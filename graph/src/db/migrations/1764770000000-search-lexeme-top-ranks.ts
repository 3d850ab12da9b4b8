import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The highest rank each lexeme has had in a part's search document (issue 15).
 *
 * A one-word search in relevance order ranks every part it matches: "lenovo" matches a quarter of
 * the scale seed's 100,000 parts and took 27-97 ms however few were shown. Its parts mostly share
 * one rank (all 25,000 of "lenovo" rank 0.7109), and ties go by catalogue order, so the best
 * page is usually the first parts of the catalogue that have the word at its highest rank. With
 * that rank known, walking the word's parts in catalogue order finds them
 * (PartSearchService.topRankFirst).
 *
 * `top_rank` is ts_rank of the lexeme alone against the documents it is in, the highest ever
 * (raised by the trigger on parts, never lowered): it is never below a part's rank, which is
 * all the walk needs. A rank above every part's makes the walk find nothing, and the search ranks
 * every match as before. Writes with the triggers off are not recorded: `check:invariants`
 * reports a lexeme whose top_rank is below a part's, and `SELECT rebuild_search_lexemes()` fixes it.
 */
export class SearchLexemeTopRanks1764770000000 implements MigrationInterface {
  name = "SearchLexemeTopRanks1764770000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE search_lexemes ADD COLUMN top_rank real`);
    await db.query(`
      CREATE FUNCTION lexeme_query(lexeme text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT ('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '\\''') || '''')::tsquery
      $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION rebuild_search_lexemes() RETURNS void LANGUAGE sql VOLATILE AS $$
        INSERT INTO search_lexemes (lexeme, top_rank)
        SELECT lexeme, max(ts_rank(p.search_document, lexeme_query(lexeme)))
        FROM parts p, unnest(tsvector_to_array(p.search_document)) AS lexeme
        WHERE lexeme ~ '[[:alpha:]]'
        GROUP BY lexeme
        ON CONFLICT (lexeme) DO UPDATE SET top_rank = greatest(search_lexemes.top_rank, EXCLUDED.top_rank)
        WHERE search_lexemes.top_rank IS DISTINCT FROM greatest(search_lexemes.top_rank, EXCLUDED.top_rank)
      $$`);
    await db.query(`SELECT rebuild_search_lexemes()`);
    // Only lexemes new or ranked higher are written (and locked): a part's other words pass.
    await db.query(`
      CREATE OR REPLACE FUNCTION parts_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_lexemes (lexeme, top_rank)
        SELECT document.lexeme, document.top_rank
        FROM (SELECT lexeme, ts_rank(NEW.search_document, lexeme_query(lexeme)) AS top_rank
              FROM unnest(tsvector_to_array(NEW.search_document)) AS lexeme WHERE lexeme ~ '[[:alpha:]]') AS document
        LEFT JOIN search_lexemes known ON known.lexeme = document.lexeme
        WHERE known.lexeme IS NULL OR known.top_rank IS NULL OR known.top_rank < document.top_rank
        ON CONFLICT (lexeme) DO UPDATE SET top_rank = greatest(search_lexemes.top_rank, EXCLUDED.top_rank);
        RETURN NULL;
      END
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE OR REPLACE FUNCTION parts_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_lexemes (lexeme)
        SELECT lexeme FROM unnest(tsvector_to_array(NEW.search_document)) AS lexeme WHERE lexeme ~ '[[:alpha:]]'
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION rebuild_search_lexemes() RETURNS void LANGUAGE sql VOLATILE AS $$
        INSERT INTO search_lexemes (lexeme)
        SELECT word FROM ts_stat('SELECT search_document FROM parts') WHERE word ~ '[[:alpha:]]'
        ON CONFLICT DO NOTHING
      $$`);
    await db.query(`DROP FUNCTION IF EXISTS lexeme_query(text)`);
    await db.query(`ALTER TABLE search_lexemes DROP COLUMN IF EXISTS top_rank`);
  }
}
