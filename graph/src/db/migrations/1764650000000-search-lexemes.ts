import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Prefix words of a search as the exact words the catalogue has.
 *
 * A search word matches as a prefix ("thinkp" finds ThinkPad: `'thinkp':*`). The GIN index
 * answers a prefix by collecting every item of every entry starting with it into a bitmap first,
 * and rechecks each part it finds: at 100,000 parts, "ssd elitebook i18" took 9 ms that way and 1 ms
 * as the same three words exact, which lets GIN skip through the rarest word's items.
 *
 * `search_lexemes` holds every lexeme with a letter in it that a part's search document has had
 * (kept by a trigger on parts, never pruned: a lexeme no part has any more matches nothing), and
 * `part_search_queries` gives, beside the shopper's query, the query that finds the parts: each
 * prefix written as the OR of the lexemes that start with it when there are at most 32 of them.
 * Since every lexeme a document can match by that prefix is in the table, it finds exactly the
 * same parts. A prefix of 33 lexemes or more, and a prefix without letters (numbers: "1990s" is
 * '1990s':*), stay prefixes.
 *
 * Writes with the triggers off (`session_replication_role = replica`) are not recorded:
 * `check:invariants` reports lexemes missing, and `SELECT rebuild_search_lexemes()` adds them.
 */
export class SearchLexemes1764650000000 implements MigrationInterface {
  name = "SearchLexemes1764650000000";

  async up(db: QueryRunner): Promise<void> {
    // "C": byte order, as GIN compares a prefix; its btree index answers starts_with().
    await db.query(`CREATE TABLE search_lexemes (lexeme text COLLATE "C" PRIMARY KEY)`);
    await db.query(`
      CREATE FUNCTION rebuild_search_lexemes() RETURNS void LANGUAGE sql VOLATILE AS $$
        INSERT INTO search_lexemes (lexeme)
        SELECT word FROM ts_stat('SELECT search_document FROM parts') WHERE word ~ '[[:alpha:]]'
        ON CONFLICT DO NOTHING
      $$`);
    await db.query(`SELECT rebuild_search_lexemes()`);

    // Row-level, on the columns the document is made of or written to: a stock change fires nothing.
    await db.query(`
      CREATE FUNCTION parts_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_lexemes (lexeme)
        SELECT lexeme FROM unnest(tsvector_to_array(NEW.search_document)) AS lexeme WHERE lexeme ~ '[[:alpha:]]'
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER parts_search_lexemes AFTER INSERT OR UPDATE OF name, short_desc, search_document ON parts
       FOR EACH ROW EXECUTE FUNCTION parts_search_lexemes()`,
    );

    // A prefix as its lexemes: the same parts, found by exact entries.
    await db.query(`
      CREATE FUNCTION search_prefix_as_lexemes(prefix text) RETURNS tsquery
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN count(*) BETWEEN 1 AND 32
                    THEN string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '\\''') || '''', ' | ')::tsquery END
        FROM (SELECT lexeme FROM search_lexemes WHERE starts_with(lexeme, prefix) ORDER BY lexeme LIMIT 33) AS found
      $$`);

    await db.query(PART_SEARCH_QUERIES);
    // The shopper's query as before (ranking, cursors), now from part_search_queries.
    await db.query(`
      CREATE OR REPLACE FUNCTION part_search_query(search text) RETURNS tsquery
      LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT query FROM part_search_queries(search) $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(PART_SEARCH_QUERY_BEFORE);
    await db.query(`DROP FUNCTION IF EXISTS part_search_queries(text)`);
    await db.query(`DROP FUNCTION IF EXISTS search_prefix_as_lexemes(text)`);
    await db.query(`DROP TRIGGER IF EXISTS parts_search_lexemes ON parts`);
    await db.query(`DROP FUNCTION IF EXISTS parts_search_lexemes()`);
    await db.query(`DROP FUNCTION IF EXISTS rebuild_search_lexemes()`);
    await db.query(`DROP TABLE IF EXISTS search_lexemes`);
  }
}

/**
 * What a shopper typed as two tsqueries: `query`, migration 1764510000000's (every word a prefix,
 * or as written for numbers and single characters, or'ed with its typo candidates), which ranks;
 * and `match`, the same with each prefix whose stem has letters written as the lexemes starting
 * with it when there are at most 32, which finds exactly the same parts by exact GIN entries.
 * Ranking stays with `query`: ts_rank_cd's cost grows with the number of words in it.
 */
const PART_SEARCH_QUERIES = `
      CREATE FUNCTION part_search_queries(search text, OUT query tsquery, OUT match tsquery)
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

/** part_search_query as it was before this migration: restored on the way down. */
const PART_SEARCH_QUERY_BEFORE = `
      CREATE OR REPLACE FUNCTION part_search_query(search text) RETURNS tsquery
      LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
      DECLARE
        token text;
        candidate text;
        edits int;
        term tsquery;
        result tsquery;
      BEGIN
        FOR token IN
          SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', search_normalize(left(search, 200), false)))) AS word LIMIT 10
        LOOP
          CONTINUE WHEN ts_lexize('english_stem', token) = '{}';
          -- A prefix of longer words ("thinkp" is ThinkPad), but a number or a single character as
          -- written ("2" is not 2280, "x" is not every word starting with x).
          term := to_tsquery('english', '''' || replace(replace(token, '\\', '\\\\'), '''', '''''') || ''''
                                        || CASE WHEN length(token) > 1 AND token ~ '[[:alpha:]]' THEN ':*' ELSE '' END);
          CONTINUE WHEN numnode(term) = 0;
          -- A word the catalogue does not have may be a typo: add the catalogue's closest words,
          -- found by trigram similarity (the index) and at most 1 edit away (2 from 6 letters).
          IF token ~ '^[[:alpha:]]{4,}$' AND NOT EXISTS (SELECT 1 FROM search_words WHERE word = token) THEN
            edits := CASE WHEN length(token) < 6 THEN 1 ELSE 2 END;
            FOR candidate IN
              SELECT word FROM search_words
              WHERE word % token AND levenshtein_less_equal(word, token, edits) <= edits AND ts_lexize('english_stem', word) <> '{}'
              ORDER BY levenshtein_less_equal(word, token, edits), similarity(word, token) DESC, word
              LIMIT 3
            LOOP
              term := term || to_tsquery('english', '''' || candidate || '''');
            END LOOP;
          END IF;
          result := CASE WHEN result IS NULL THEN term ELSE result && term END;
        END LOOP;
        RETURN result;
      END
      $$`;
