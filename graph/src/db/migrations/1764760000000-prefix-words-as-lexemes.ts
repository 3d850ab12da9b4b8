import { MigrationInterface, QueryRunner } from "typeorm";
import { PART_SEARCH_QUERIES } from "./1764650000000-search-lexemes";

/**
 * A partial word finds the words it begins even where the English stemmer cuts them shorter than
 * what was typed. A search document holds stems ("compatibility" is `compat`, "style" `style`),
 * and part_search_queries (migration 1764650000000) matches a typed word as a prefix of them after
 * stemming it: "compatibil" stays `compatibil`, which no stem begins, and "sty" becomes `sti`; the
 * typo correction rescues only those within one or two edits of a whole word. Of every prefix of
 * three letters or more of the scale seed's words, 61 of 714 (27 words of 195) found nothing so.
 * Now each word of letters also takes the stems of the catalogue's words (search_words) that begin
 * with it, where the stem of what was typed does not already cover them: "compatibil" is
 * `'compatibil':* | 'compat'`; "thinkpad" is unchanged.
 *
 * The words are found by a range of an index in the C collation, as migration 1764690000000 finds
 * lexemes: PostgreSQL caches the lookup's plan as a generic one after a few calls, and a prefix
 * given as a value is then an index range only so (with LIKE, a vocabulary of 60,000 words was read
 * whole: 3.6 ms a word; by the range 0.12 ms).
 */
const PREFIX_WORDS_AS_LEXEMES = `
      CREATE FUNCTION search_words_as_lexemes(prefix text, covered text) RETURNS tsquery
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN count(*) BETWEEN 1 AND 32 THEN string_agg(quote_literal(lexeme), ' | ')::tsquery END
        FROM (SELECT DISTINCT (ts_lexize('english_stem', word))[1] AS lexeme
              FROM (SELECT word FROM search_words
                    WHERE word COLLATE "C" >= prefix AND word COLLATE "C" < prefix || U&'\\+10FFFF' AND starts_with(word, prefix)
                    LIMIT 33) AS words) AS stems
        WHERE lexeme IS NOT NULL AND NOT starts_with(lexeme, covered)
      $$`;

const DECLARED = "        typo tsquery;\n";
const PREFIX_LOOKED_UP = "              exact := coalesce(search_prefix_as_lexemes(stems[1]), term);\n";

/** part_search_queries with the words' stems added after a prefix's lexemes. */
function withWordsOfPrefix(): string {
  if (!PART_SEARCH_QUERIES.includes(DECLARED) || !PART_SEARCH_QUERIES.includes(PREFIX_LOOKED_UP)) {
    throw new Error("part_search_queries is not as migration 1764650000000 wrote it");
  }
  return PART_SEARCH_QUERIES.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")
    .replace(DECLARED, () => `${DECLARED}        words tsquery;\n`)
    .replace(
      PREFIX_LOOKED_UP,
      // A function: a replacement string would read the pattern's `$'` as "the text after the match".
      () => `${PREFIX_LOOKED_UP}              IF token ~ '^[[:alpha:]]{3,}$' THEN
                words := search_words_as_lexemes(token, stems[1]);
                IF words IS NOT NULL THEN
                  term := term || words;
                  exact := exact || words;
                END IF;
              END IF;
`,
    );
}

export class PrefixWordsAsLexemes1764760000000 implements MigrationInterface {
  name = "PrefixWordsAsLexemes1764760000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX search_words_by_prefix ON search_words (word COLLATE "C")`);
    await db.query(PREFIX_WORDS_AS_LEXEMES);
    await db.query(withWordsOfPrefix());
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(PART_SEARCH_QUERIES.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"));
    await db.query(`DROP FUNCTION IF EXISTS search_words_as_lexemes(text, text)`);
    await db.query(`DROP INDEX IF EXISTS search_words_by_prefix`);
  }
}
