import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Searching parts: PostgreSQL full-text search over name, compatible laptop models and short
 * description, made tolerant of typos and partial words with pg_trgm.
 *
 * - `parts.search_document` is the part's tsvector (English: stems, no stop words), weighted name
 *   A, models B, description C, behind a GIN index. Triggers keep it current whoever writes: a
 *   part's name or description, its compatible models, a model's name. Hyphenated words are
 *   indexed as their parts and joined ("Wi-Fi" is "wi", "fi" and "wifi").
 * - `search_words` is the vocabulary of the catalogue (words of three letters or more), behind a
 *   trigram GIN index: `part_search_query` turns what a shopper typed into a tsquery where every
 *   word must match, as a prefix ("thinkp" finds ThinkPad) or, when the catalogue does not have
 *   the word, as one of the three catalogue words closest to it (trigram similarity, then at most
 *   one or two edits: "batery" finds battery, "kebyoard" keyboard, but "keyboard" is not "board").
 *   Numbers match as written; only letters-only words of four letters or more are corrected:
 *   model numbers ("T14", "A2338") must match as typed.
 * - B-tree indexes give each sort order of the catalogue page an index to walk (price; newest
 *   is the seq index), and a trigram index on the models' names serves model look-ups.
 *
 * search_words only changes when parts or models do, but it shapes what searches answer, so it
 * notifies the catalogue topic too.
 */
export class PartSearch1764510000000 implements MigrationInterface {
  name = "PartSearch1764510000000";

  async up(db: QueryRunner): Promise<void> {
    // Trusted since PostgreSQL 13: the database owner may create them.
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`);

    // Lower case, hyphens between letters or digits split; `joined` also appends each hyphenated
    // word written without its hyphens ("Wi-Fi 6E" is "wi fi 6e wifi").
    await db.query(`
      CREATE FUNCTION search_normalize(input text, joined boolean) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT lower(regexp_replace(input, '([[:alnum:]])-(?=[[:alnum:]])', '\\1 ', 'g'))
          || CASE WHEN joined THEN coalesce(' ' || (
               SELECT string_agg(replace(m[1], '-', ''), ' ')
               FROM regexp_matches(lower(input), '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') AS m), '')
             ELSE '' END
      $$`);

    await db.query(`
      CREATE FUNCTION part_search_document(name text, models text, description text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT setweight(to_tsvector('english', search_normalize(coalesce(name, ''), true)), 'A')
            || setweight(to_tsvector('english', search_normalize(coalesce(models, ''), true)), 'B')
            || setweight(to_tsvector('english', search_normalize(coalesce(description, ''), true)), 'C')
      $$`);

    await db.query(`
      CREATE FUNCTION part_models_text(part uuid) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT coalesce(string_agg(m.brand || ' ' || m.model, ', ' ORDER BY lower(m.brand), lower(m.model)), '')
        FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id
        WHERE c.part_id = part
      $$`);

    await db.query(`CREATE TABLE search_words (word text PRIMARY KEY CHECK (length(word) BETWEEN 3 AND 40))`);
    await db.query(`CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops)`);
    await db.query(`
      CREATE FUNCTION search_words_add(input text) RETURNS void
      LANGUAGE sql VOLATILE AS $$
        INSERT INTO search_words (word)
        SELECT DISTINCT word FROM unnest(tsvector_to_array(to_tsvector('simple', search_normalize(input, true)))) AS word
        WHERE word ~ '^[[:alpha:]]{3,40}$'
        ON CONFLICT DO NOTHING
      $$`);
    await db.query(
      `CREATE TRIGGER search_words_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_words
       FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
    );

    // What a shopper typed, as a tsquery: every word must match (at most 10 words of 200
    // characters); NULL when nothing in it can be searched for (punctuation, stop words).
    await db.query(PART_SEARCH_QUERY);

    await db.query(`ALTER TABLE parts ADD COLUMN search_document tsvector NOT NULL DEFAULT ''::tsvector`);
    await db.query(`UPDATE parts SET search_document = part_search_document(name, part_models_text(id), short_desc)`);
    await db.query(`SELECT search_words_add(name || ' ' || short_desc) FROM parts`);
    await db.query(`SELECT search_words_add(brand || ' ' || model) FROM laptop_models`);
    await db.query(`CREATE INDEX parts_search ON parts USING gin (search_document)`);
    await db.query(`CREATE INDEX parts_by_price ON parts (price_cents, seq)`);
    await db.query(
      `CREATE INDEX laptop_models_trigrams ON laptop_models USING gin ((lower(brand || ' ' || model)) gin_trgm_ops)`,
    );

    // A part's own text: on insert and when its name or description is written.
    await db.query(`
      CREATE FUNCTION parts_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_document := part_search_document(NEW.name, part_models_text(NEW.id), NEW.short_desc);
        PERFORM search_words_add(NEW.name || ' ' || NEW.short_desc);
        RETURN NEW;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER parts_search_document BEFORE INSERT OR UPDATE OF name, short_desc ON parts
       FOR EACH ROW EXECUTE FUNCTION parts_search_document()`,
    );

    // Its models: once per statement for every part whose models changed.
    await db.query(`
      CREATE FUNCTION part_compatibility_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE parts SET search_document = part_search_document(name, part_models_text(id), short_desc)
        WHERE id IN (SELECT part_id FROM changed);
        RETURN NULL;
      END
      $$`);
    for (const [trigger, event, table] of [
      ["part_compatibility_added", "INSERT", "NEW"],
      ["part_compatibility_removed", "DELETE", "OLD"],
      ["part_compatibility_moved_from", "UPDATE", "OLD"],
      ["part_compatibility_moved_to", "UPDATE", "NEW"],
    ]) {
      await db.query(
        `CREATE TRIGGER ${trigger} AFTER ${event} ON part_compatibility REFERENCING ${table} TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION part_compatibility_search_document()`,
      );
    }

    // A model's name: new words, and the parts that fit a renamed model.
    await db.query(`
      CREATE FUNCTION laptop_models_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM search_words_add(NEW.brand || ' ' || NEW.model);
        IF TG_OP = 'UPDATE' THEN
          UPDATE parts SET search_document = part_search_document(name, part_models_text(id), short_desc)
          WHERE id IN (SELECT part_id FROM part_compatibility WHERE laptop_model_id = NEW.id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER laptop_models_search_document AFTER INSERT OR UPDATE OF brand, model ON laptop_models
       FOR EACH ROW EXECUTE FUNCTION laptop_models_search_document()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS laptop_models_search_document ON laptop_models`);
    for (const trigger of [
      "part_compatibility_added",
      "part_compatibility_removed",
      "part_compatibility_moved_from",
      "part_compatibility_moved_to",
    ]) {
      await db.query(`DROP TRIGGER IF EXISTS ${trigger} ON part_compatibility`);
    }
    await db.query(`DROP TRIGGER IF EXISTS parts_search_document ON parts`);
    await db.query(`DROP INDEX IF EXISTS laptop_models_trigrams`);
    await db.query(`DROP INDEX IF EXISTS parts_by_price`);
    await db.query(`ALTER TABLE parts DROP COLUMN IF EXISTS search_document`);
    await db.query(`DROP TABLE IF EXISTS search_words`);
    for (const fn of [
      "laptop_models_search_document()",
      "part_compatibility_search_document()",
      "parts_search_document()",
      "part_search_query(text)",
      "search_words_add(text)",
      "part_models_text(uuid)",
      "part_search_document(text, text, text)",
      "search_normalize(text, boolean)",
    ]) {
      await db.query(`DROP FUNCTION IF EXISTS ${fn}`);
    }
  }
}

/** What a shopper typed as a tsquery. */
const PART_SEARCH_QUERY = `
      CREATE FUNCTION part_search_query(search text) RETURNS tsquery
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
