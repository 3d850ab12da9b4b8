import { MigrationInterface, QueryRunner } from "typeorm";

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

/**
 * part_search_queries with the stems of the catalogue's words a prefix begins (`words`), or'ed
 * after the prefix's own lexemes.
 */
const PART_SEARCH_QUERIES_WITH_WORDS = `
      CREATE OR REPLACE FUNCTION part_search_queries(search text, OUT query tsquery, OUT match tsquery)
      LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
      DECLARE
        token text;
        candidate text;
        edits int;
        stems text[];
        term tsquery;
        exact tsquery;
        typo tsquery;
        words tsquery;
      BEGIN
        FOR token IN
          SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', search_normalize(left(search, 200), false)))) AS word LIMIT 10
        LOOP
          CONTINUE WHEN ts_lexize('english_stem', token) = '{}';
          term := to_tsquery('english', '''' || replace(replace(token, '\\', '\\\\'), '''', '''''') || ''''
                                        || CASE WHEN length(token) > 1 AND token ~ '[[:alpha:]]' THEN ':*' ELSE '' END);
          CONTINUE WHEN numnode(term) = 0;
          exact := term;
          IF length(token) > 1 AND token ~ '[[:alpha:]]' THEN
            stems := tsvector_to_array(to_tsvector('english', token));
            IF cardinality(stems) = 1 AND stems[1] ~ '[[:alpha:]]' THEN
              exact := coalesce(search_prefix_as_lexemes(stems[1]), term);
              IF token ~ '^[[:alpha:]]{3,}$' THEN
                words := search_words_as_lexemes(token, stems[1]);
                IF words IS NOT NULL THEN
                  term := term || words;
                  exact := exact || words;
                END IF;
              END IF;
            END IF;
          END IF;
          IF token ~ '^[[:alpha:]]{4,}$' AND NOT EXISTS (SELECT 1 FROM search_words WHERE word = token) THEN
            edits := CASE WHEN length(token) < 6 THEN 1 ELSE 2 END;
            FOR candidate IN
              SELECT word FROM search_words
              WHERE word % token AND levenshtein_less_equal(word, token, edits) <= edits AND ts_lexize('english_stem', word) <> '{}'
              ORDER BY levenshtein_less_equal(word, token, edits), similarity(word, token) DESC, word
              LIMIT 3
            LOOP
              typo := to_tsquery('english', '''' || candidate || '''');
              term := term || typo;
              exact := exact || typo;
            END LOOP;
          END IF;
          query := CASE WHEN query IS NULL THEN term ELSE query && term END;
          match := CASE WHEN match IS NULL THEN exact ELSE match && exact END;
        END LOOP;
      END
      $$`;

/** part_search_queries as it was before this migration: restored on the way down. */
const PART_SEARCH_QUERIES_BEFORE = `
      CREATE OR REPLACE FUNCTION part_search_queries(search text, OUT query tsquery, OUT match tsquery)
      LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
      DECLARE
        token text;
        candidate text;
        edits int;
        stems text[];
        term tsquery;
        exact tsquery;
        typo tsquery;
      BEGIN
        FOR token IN
          SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', search_normalize(left(search, 200), false)))) AS word LIMIT 10
        LOOP
          CONTINUE WHEN ts_lexize('english_stem', token) = '{}';
          term := to_tsquery('english', '''' || replace(replace(token, '\\', '\\\\'), '''', '''''') || ''''
                                        || CASE WHEN length(token) > 1 AND token ~ '[[:alpha:]]' THEN ':*' ELSE '' END);
          CONTINUE WHEN numnode(term) = 0;
          exact := term;
          IF length(token) > 1 AND token ~ '[[:alpha:]]' THEN
            stems := tsvector_to_array(to_tsvector('english', token));
            IF cardinality(stems) = 1 AND stems[1] ~ '[[:alpha:]]' THEN
              exact := coalesce(search_prefix_as_lexemes(stems[1]), term);
            END IF;
          END IF;
          IF token ~ '^[[:alpha:]]{4,}$' AND NOT EXISTS (SELECT 1 FROM search_words WHERE word = token) THEN
            edits := CASE WHEN length(token) < 6 THEN 1 ELSE 2 END;
            FOR candidate IN
              SELECT word FROM search_words
              WHERE word % token AND levenshtein_less_equal(word, token, edits) <= edits AND ts_lexize('english_stem', word) <> '{}'
              ORDER BY levenshtein_less_equal(word, token, edits), similarity(word, token) DESC, word
              LIMIT 3
            LOOP
              typo := to_tsquery('english', '''' || candidate || '''');
              term := term || typo;
              exact := exact || typo;
            END LOOP;
          END IF;
          query := CASE WHEN query IS NULL THEN term ELSE query && term END;
          match := CASE WHEN match IS NULL THEN exact ELSE match && exact END;
        END LOOP;
      END
      $$`;

export class PrefixWordsAsLexemes1764760000000 implements MigrationInterface {
  name = "PrefixWordsAsLexemes1764760000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX search_words_by_prefix ON search_words (word COLLATE "C")`);
    await db.query(PREFIX_WORDS_AS_LEXEMES);
    await db.query(PART_SEARCH_QUERIES_WITH_WORDS);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(PART_SEARCH_QUERIES_BEFORE);
    await db.query(`DROP FUNCTION IF EXISTS search_words_as_lexemes(text, text)`);
    await db.query(`DROP INDEX IF EXISTS search_words_by_prefix`);
  }
}
