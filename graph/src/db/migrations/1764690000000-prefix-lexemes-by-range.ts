import { MigrationInterface, QueryRunner } from "typeorm";

/** The body of search_prefix_as_lexemes (1764650000000) over lexemes chosen by `where`. */
const prefixAsLexemes = (where: string) => `
  CREATE OR REPLACE FUNCTION search_prefix_as_lexemes(prefix text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN count(*) BETWEEN 1 AND 32
                THEN string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '\\''') || '''', ' | ')::tsquery END
    FROM (SELECT lexeme FROM search_lexemes WHERE ${where} ORDER BY lexeme LIMIT 33) AS found
  $$`;

/**
 * A search's prefixes looked up by a range of search_lexemes' index (docs/performance.md).
 *
 * PostgreSQL turns `starts_with(lexeme, 'elitebook')` into an index range only for a constant.
 * Called with a value, as part_search_queries calls it once per word, its plan is cached after a
 * few calls as a generic one, and that read all of search_lexemes (2,805 rows at the scale seed)
 * for every word: about 0.15 ms each, half of part_search_queries. The range the prefix spans, in
 * the table's C collation, from the prefix to the prefix followed by the last code point, is an
 * index range for any value; starts_with still decides. (A lexeme never holds U+10FFFF: the text
 * search parser makes words of letters and digits.)
 */
export class PrefixLexemesByRange1764690000000 implements MigrationInterface {
  name = "PrefixLexemesByRange1764690000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      prefixAsLexemes(`lexeme >= prefix AND lexeme < prefix || U&'\\+10FFFF' AND starts_with(lexeme, prefix)`),
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(prefixAsLexemes(`starts_with(lexeme, prefix)`));
  }
}
