// A shop at scale, generated in SQL: 100,000 parts, 100,000 users and 1,000,000 orders (paid,
// unpaid and cancelled; one a second, so all within the last 12 days and the overview's 30-day
// window holds every paid order: its worst case), with realistic names and prices that follow the
// kind of part; 400 laptop models (50 per series) and 3 compatible models per part, so model
// search and the brand and model filters have work to do; 1% of the parts retired. Triggers are
// off while it runs, so what they would derive (parts.search_document, search_words,
// search_lexemes) is filled here in bulk, the way migration 1764510000000 fills it, and the
// overview's rollups are computed once from the rows (rebuild_sales_rollups, migration
// 1764630000000); one notification at the end drops the caches. VACUUM ANALYZE last: statistics,
// and a visibility map as autovacuum would leave it, so index-only scans are what they are in
// production.
import pg from "pg";

const BRANDS = [
  "Lenovo ThinkPad",
  "Dell Latitude",
  "HP EliteBook",
  "Apple MacBook Pro",
  "ASUS ZenBook",
  "Acer Aspire",
  "Microsoft Surface Laptop",
  "Lenovo IdeaPad",
];
const KINDS = [
  "Battery",
  "Keyboard",
  "Display panel",
  "Charger",
  "SSD",
  "Memory module",
  "Fan",
  "Hinge kit",
  "Touchpad",
  "Webcam",
];
/**
 * Each kind's prices in cents, lowest and highest, as a real catalogue's follow its kinds (a fan is
 * never $200, a screen never $10): what PostgreSQL, taking a word and a price for independent,
 * cannot know. With prices spread evenly over every kind, a word with a price range none of its
 * parts are in, or "display" cheapest first, looked as cheap as any (README, "Prices that follow kinds").
 */
const KIND_PRICES = [
  [3000, 9000],
  [2000, 6000],
  [8000, 25000],
  [1500, 4500],
  [4000, 30000],
  [2000, 15000],
  [800, 2500],
  [1000, 3000],
  [2500, 7000],
  [1200, 4000],
];

export const SCALE = { parts: 100_000, users: 100_000, orders: 1_000_000 };

/**
 * Part n's manufacturer number, in the style of its series' maker (the series is (n / 10) % 8, as
 * BRANDS lists them): Lenovo FRUs (5B1K012345), Dell (0K012345), HP (L012345-346), Apple
 * (661-012345), ASUS (0B200-00012345), Acer (KT-00012345), Microsoft (M1012345). Each holds n
 * whole, and the makers' forms differ, so no two parts share a number (nor with the seed's).
 */
const PART_NUMBER_SQL = `CASE (n / 10) % 8
              WHEN 0 THEN '5B1' || chr(65 + n % 26) || lpad(n::text, 6, '0')
              WHEN 7 THEN '5B2' || chr(65 + n % 26) || lpad(n::text, 6, '0')
              WHEN 1 THEN '0' || chr(65 + n % 26) || lpad(n::text, 6, '0')
              WHEN 2 THEN 'L' || lpad(n::text, 6, '0') || '-' || lpad((1 + n % 999)::text, 3, '0')
              WHEN 3 THEN '661-' || lpad(n::text, 6, '0')
              WHEN 4 THEN '0B200-' || lpad(n::text, 8, '0')
              WHEN 5 THEN 'KT-' || lpad(n::text, 8, '0')
              ELSE 'M1' || lpad(n::text, 6, '0') END`;
/** Every third part also lists the FRU it replaces (02D and n), as part_alternative_numbers keeps it. */
const ALTERNATIVE_NUMBER_SQL = `'02D' || lpad(substring(short_desc FROM '^Scale part ([0-9]+):'), 7, '0')`;

/**
 * Customers with names as varied as a real shop's ("olivia.martin.4821@…", "Olivia Martin"): an
 * admin's search for one then reads trigrams that few rows share, as it would in production.
 */
const FIRST_NAMES = [
  "Olivia",
  "Noah",
  "Amelia",
  "Oliver",
  "Isla",
  "George",
  "Ava",
  "Arthur",
  "Mia",
  "Leo",
  "Ivy",
  "Harry",
  "Lily",
  "Oscar",
  "Freya",
  "Theo",
  "Grace",
  "Jack",
  "Sofia",
  "Finn",
  "Chloe",
  "Hugo",
  "Ella",
  "Rory",
  "Maya",
  "Felix",
  "Zara",
  "Kai",
  "Nina",
  "Omar",
];
const LAST_NAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Wright",
  "Walker",
  "Evans",
  "Khan",
  "Thomas",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Clarke",
  "Hughes",
  "Edwards",
  "Lewis",
  "Hill",
  "Moore",
  "Martin",
  "Jackson",
  "Kaur",
  "Novak",
  "Silva",
  "Murphy",
];
export const SCALE_EMAIL_DOMAIN = "scale.example";

/** The email of seeded customer n (1 to SCALE.users), as the seed writes it. */
export const scaleCustomerEmail = (n) =>
  `${FIRST_NAMES[n % FIRST_NAMES.length].toLowerCase()}.${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length].toLowerCase()}.${n}@${SCALE_EMAIL_DOMAIN}`;
/** Laptop models per series (BRANDS entry); each part fits MODELS_PER_PART of its series'. */
export const MODELS_PER_SERIES = 50;
const MODELS_PER_PART = 3;

/** The model names of a series: "ThinkPad A10" ... "ThinkPad X59" (the brand is the first word of a BRANDS entry). */
export const modelName = (series, k) => `${series} ${String.fromCharCode(65 + (k % 26))}${10 + k}`;
export const seriesOf = (entry) => entry.slice(entry.indexOf(" ") + 1);
export const brandOf = (entry) => entry.slice(0, entry.indexOf(" "));
export { BRANDS, KINDS };

/**
 * Runs the generation as a superuser (the embedded database's own user is one), on `db` and a
 * second connection like it (PostgreSQL CPU on both cores): the users and the parts at once, then
 * the search side (models, compatibility, documents, words, part and customer names) and the
 * orders side (orders, their keys and indexes, the rollups derived from them), which need only the
 * users and parts.
 */
export async function seedAtScale(db, scale = SCALE) {
  const started = performance.now();
  const schemaBefore = await schemaOf(db);
  const timings = {};
  const stepOn =
    (connection) =>
    async (name, sql, params = []) => {
      const t0 = performance.now();
      await connection.query(sql, params);
      timings[name] = Math.round(performance.now() - t0);
    };
  const step = stepOn(db);
  // Indexes are built far faster at once, from sorted rows, than row by row: those of the bulk
  // tables and of the names the searches look up that no constraint owns are dropped for the
  // generation and made again as they were (a unique one checks the generated rows then). Each
  // side makes its tables' B-trees again when its rows are in, before it reads them, and their
  // GIN indexes (full text, trigrams) once it writes them no more: the part names' and the customer
  // names' on the search side (each trigram index took 3–4 s more kept row by row). The users' are
  // made again as soon as the users are in.
  const { rows: dropped } = await db.query(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, a.amname = 'gin' AS gin,
            CASE i.indrelid WHEN 'users'::regclass THEN 'users' WHEN 'orders'::regclass THEN 'orders'
                            WHEN 'order_customer_names'::regclass THEN 'customer names' ELSE 'parts' END AS side
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
     WHERE i.indrelid IN ('users'::regclass, 'parts'::regclass, 'orders'::regclass, 'part_compatibility'::regclass, 'part_names'::regclass,
                          'order_customer_names'::regclass, 'part_lexeme_ranks'::regclass)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const { name } of dropped) await db.query(`DROP INDEX ${name}`);
  // The orders' and users' keys too (the orders' id, sequence number and payment id, the users'
  // email and sequence number): nothing references them. Kept row by row, the users took 2.6–3.5 s
  // to insert; 1.4–2 s without, and 0.3 s to make their keys again.
  const { rows: keys } = await db.query(
    `SELECT k.conrelid::regclass::text AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition FROM pg_constraint k
     WHERE k.conrelid IN ('orders'::regclass, 'users'::regclass) AND k.contype IN ('p', 'u')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = k.conindid)`,
  );
  for (const { table, name } of keys) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
  const keysOf = (table) =>
    keys
      .filter((key) => key.table === table)
      .map(({ name, definition }) => `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`);
  const indexesOf = (side, gin) =>
    dropped.filter((index) => index.side === side && index.gin === gin).map((index) => index.definition);
  // The triggers that read what a statement wrote (REFERENCING NEW or OLD TABLE) do not fire
  // while the rows are generated (replica role, below), but PostgreSQL still keeps a copy of every
  // row written for them: 2.5 of the million orders' 13–14 s. Dropped for the generation as well,
  // and made again as they were once the rows are in.
  const { rows: transitionTriggers } = await db.query(
    `SELECT t.tgname AS name, t.tgrelid::regclass::text AS table, pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t
     WHERE NOT t.tgisinternal AND (t.tgnewtable IS NOT NULL OR t.tgoldtable IS NOT NULL)
       AND t.tgrelid IN ('users'::regclass, 'parts'::regclass, 'part_compatibility'::regclass, 'orders'::regclass)`,
  );
  for (const { name, table } of transitionTriggers) await db.query(`DROP TRIGGER ${name} ON ${table}`);
  const makeIndexes = async (name, connection, statements) => {
    const t0 = performance.now();
    for (const statement of statements) await connection.query(statement);
    timings[name] = Math.round(performance.now() - t0);
  };
  const second = new pg.Client(db.connectionParameters);
  await second.connect();
  // A bulk load's WAL, as a DBA loads one: every 1 GB of it (max_wal_size) forced a checkpoint,
  // and after each the first write to a page logs the whole page again. The setting is the
  // server's own again once the rows are in.
  await db.query("ALTER SYSTEM SET max_wal_size = '16GB'");
  await db.query("SELECT pg_reload_conf()");
  try {
    for (const connection of [db, second]) {
      await connection.query("SET session_replication_role = replica");
      // Bulk statements: hashes and sorts in memory rather than in temporary files.
      await connection.query("SET work_mem = '128MB'");
      await connection.query("SET maintenance_work_mem = '256MB'");
    }
    // The users and the parts at once, one on each connection: nothing in either reads the other.
    const users = step(
      "users",
      `INSERT INTO users (email, role, display_name, created_at, updated_at)
     SELECT lower(f.name) || '.' || lower(l.name) || '.' || n || '@${SCALE_EMAIL_DOMAIN}', 'user', f.name || ' ' || l.name,
            now() - ((n % 365) || ' days')::interval, now() - ((n % 365) || ' days')::interval
     FROM generate_series(1, $1::int) AS n
     CROSS JOIN LATERAL (SELECT ($2::text[])[1 + n % ${FIRST_NAMES.length}] AS name) f
     CROSS JOIN LATERAL (SELECT ($3::text[])[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS name) l`,
      [scale.users, FIRST_NAMES, LAST_NAMES],
    ).then(() =>
      makeIndexes("users' keys and indexes", db, [
        ...keysOf("users"),
        ...indexesOf("users", false),
        ...indexesOf("users", true),
      ]),
    );
    const parts = stepOn(second)(
      "parts",
      `INSERT INTO parts (name, part_number, img, price_cents, available, min_order_quantity, short_desc, created_at, retired_at)
     SELECT ($2::text[])[1 + n % 10] || ' for ' || ($3::text[])[1 + (n / 10) % 8] || ' ' || chr(65 + n % 26) || (n % 97),
            ${PART_NUMBER_SQL},
            '/images/parts/battery-57wh.svg', ($4::int[])[1 + n % 10] + (n * 7919) % (($5::int[])[1 + n % 10] - ($4::int[])[1 + n % 10]),
            (n * 31) % 500, 1 + n % 5,
            'Scale part ' || n || ': a replacement ' || lower(($2::text[])[1 + n % 10]) || ' in grade-A quality',
            now() - ((n % 720) || ' hours')::interval,
            CASE WHEN n % 100 = 37 THEN now() - interval '1 day' END
     FROM generate_series(1, $1::int) AS n`,
      [scale.parts, KINDS, BRANDS, KIND_PRICES.map(([lowest]) => lowest), KIND_PRICES.map(([, highest]) => highest)],
    );
    await Promise.all([users, parts]);
    await Promise.all([searchSide(), ordersSide()]);
    for (const { definition } of transitionTriggers) await db.query(definition);
    for (const connection of [db, second]) {
      await connection.query("RESET maintenance_work_mem");
      await connection.query("RESET work_mem");
    }
    // After both sides (a statement still running on the other would keep rows from counting as
    // visible to all), the million orders on one connection and every other table on the other.
    const { rows: tables } = await db.query(
      `SELECT quote_ident(relname) AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND relname <> 'orders'`,
    );
    await Promise.all([
      step("vacuum analyze orders", "VACUUM ANALYZE orders"),
      stepOn(second)("vacuum analyze the rest", `VACUUM ANALYZE ${tables.map((table) => table.name).join(", ")}`),
    ]);
    // The checkpoint the WAL would have forced, now rather than while the pages are measured.
    await step("checkpoint", "CHECKPOINT");
    // The caches of every process forget what they knew.
    await db.query(
      "SELECT pg_notify('catalogue_changed', ''), pg_notify('accounts_changed', ''), pg_notify('users_changed', '')",
    );
  } finally {
    await second.end();
    await db.query("ALTER SYSTEM RESET max_wal_size");
    await db.query("SELECT pg_reload_conf()");
  }
  // Every index, key and trigger dropped for the generation is back as it was.
  const schemaAfter = await schemaOf(db);
  const missing = schemaBefore.filter((item) => !schemaAfter.includes(item));
  if (missing.length) throw new Error(`The scale seed did not make these again: ${missing.join("; ")}`);
  timings.total = Math.round(performance.now() - started);
  return timings;

  async function searchSide() {
    const step = stepOn(second);
    // Models in a known order (series b, model k is the (b * MODELS_PER_SERIES + k)th), then each
    // part n of series b = (n / 10) % 8 fits models (7n + 17j) % MODELS_PER_SERIES, j < 3: distinct.
    const models = BRANDS.flatMap((entry) =>
      Array.from({ length: MODELS_PER_SERIES }, (_, k) => [brandOf(entry), modelName(seriesOf(entry), k)]),
    );
    await step(
      "laptop models",
      `INSERT INTO laptop_models (brand, model) SELECT brand, model FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS m(brand, model, i)
     ORDER BY i ON CONFLICT DO NOTHING`,
      [models.map((m) => m[0]), models.map((m) => m[1])],
    );
    await step(
      "part compatibility",
      `WITH m AS (SELECT id, row_number() OVER (ORDER BY seq) - 1 AS i FROM laptop_models
                WHERE (lower(brand), lower(model)) IN (SELECT lower(b), lower(x) FROM unnest($1::text[], $2::text[]) AS t(b, x))),
          -- Materialized: inlined, the part's number was parsed out of its text in the join's
          -- condition, twice for each of its three rows (9 of the step's 11 s).
          p AS MATERIALIZED (SELECT id, substring(short_desc FROM '^Scale part ([0-9]+):')::int AS n FROM parts WHERE short_desc LIKE 'Scale part %')
     INSERT INTO part_compatibility (part_id, laptop_model_id)
     SELECT p.id, m.id FROM p CROSS JOIN generate_series(0, $3::int - 1) AS j
     JOIN m ON m.i = ((p.n / 10) % 8) * $4::int + (p.n * 7 + j * 17) % $4::int
     ON CONFLICT DO NOTHING`,
      [models.map((m) => m[0]), models.map((m) => m[1]), MODELS_PER_PART, MODELS_PER_SERIES],
    );
    // What the triggers of migration 1764900000000 would have written: every number's key, and
    // every third part's alternative number.
    await step(
      "part numbers",
      `WITH alternatives AS (
         INSERT INTO part_alternative_numbers (part_id, position, number)
         SELECT id, 0, ${ALTERNATIVE_NUMBER_SQL} FROM parts WHERE short_desc LIKE 'Scale part %' AND seq % 3 = 0
         RETURNING part_id, number)
       INSERT INTO part_number_keys (key, part_id, alternative)
       SELECT part_number_key(part_number), id, false FROM parts WHERE short_desc LIKE 'Scale part %'
       UNION ALL SELECT part_number_key(number), part_id, true FROM alternatives`,
    );
    // What the triggers of migrations 1764510000000, 1764740000000 and 1764750000000 would have written, for all parts at once.
    await step(
      "search documents",
      // part_models_text(id) per part costs a planned join each (100 s for 100,000 parts): one
      // aggregate over the compatibility table instead. Every seeded part fits models.
      `UPDATE parts p SET search_document = part_search_document(p.name, c.models, p.short_desc), laptop_brands = c.brands, laptop_models = c.laptops
       FROM (SELECT c.part_id, string_agg(m.brand || ' ' || m.model, ', ' ORDER BY lower(m.brand), lower(m.model)) AS models,
                    array_agg(DISTINCT lower(m.brand) ORDER BY lower(m.brand)) AS brands,
                    -- As part_laptop_models (migration 1764750000000): each model alone and with its brand.
                    array_agg(chr(31) || lower(m.model)) || array_agg(lower(m.brand) || chr(31) || lower(m.model)) AS laptops
             FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id GROUP BY c.part_id) c
       WHERE c.part_id = p.id AND p.short_desc LIKE 'Scale part %'`,
    );
    // The words of texts joined by spaces are the words of each (search_normalize and the parser
    // see no word across a space): a thousand parts per text, not 1.2 million words to sort.
    await step(
      "search words",
      `INSERT INTO search_words (word)
     SELECT DISTINCT word FROM (
       SELECT string_agg(name || ' ' || short_desc, ' ') AS text FROM parts WHERE short_desc LIKE 'Scale part %' GROUP BY seq / 1000
       UNION ALL SELECT brand || ' ' || model FROM laptop_models
     ) t, unnest(tsvector_to_array(to_tsvector('simple', search_normalize(t.text, true)))) AS word
     WHERE word ~ '^[[:alpha:]]{3,40}$'
     ON CONFLICT DO NOTHING`,
    );
    // Migration 1764650000000's vocabulary of the documents' lexemes, as its trigger would keep it.
    await step("search lexemes", `SELECT rebuild_search_lexemes()`);
    // Migration 1764770000000's rank of each word in each part, its indexes made with the parts'.
    await step("lexeme ranks", `SELECT rebuild_part_lexeme_ranks()`);
    await makeIndexes("parts' b-tree indexes", second, indexesOf("parts", false));
    // What the triggers (off above) keep: every name each part has had (migration 1764640000000).
    // The rows made before the seed are there already, and the seeded orders carry their part's
    // name as it is: the names come from the 100,000 parts, not from the million orders.
    await step(
      "part names",
      `INSERT INTO part_names (part_id, name) SELECT id, name FROM parts WHERE short_desc LIKE 'Scale part %' ON CONFLICT DO NOTHING`,
    );
    await makeIndexes("parts' gin indexes", second, indexesOf("parts", true));
    // What the triggers (off above) keep: every email and name orders were placed under (migration
    // 1764660000000). As with part names, from the customers with orders (user i has some when
    // i < the number of orders), not from the million orders; on this side, which ends sooner.
    await step(
      "customer names",
      `WITH u AS (SELECT email, display_name FROM users WHERE email LIKE '%@${SCALE_EMAIL_DOMAIN}' ORDER BY seq LIMIT $1)
       INSERT INTO order_customer_names (name) SELECT email FROM u UNION SELECT display_name FROM u WHERE display_name IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [scale.orders],
    );
    await makeIndexes("customer names' indexes", second, [
      ...indexesOf("customer names", false),
      ...indexesOf("customer names", true),
    ]);
  }

  async function ordersSide() {
    await step(
      "orders",
      `WITH u AS (SELECT id, email, display_name, row_number() OVER (ORDER BY seq) - 1 AS i FROM users WHERE email LIKE '%@${SCALE_EMAIL_DOMAIN}'),
          p AS (SELECT id, name, price_cents, row_number() OVER (ORDER BY seq) - 1 AS i FROM parts WHERE short_desc LIKE 'Scale part %'),
          o AS (
            SELECT gen_random_uuid() AS id, p.id AS part_id, p.name AS part_name, p.price_cents, s.status, s.quantity,
                   p.price_cents * s.quantity AS total_cents, u.id AS user_id, u.email, u.display_name, g.n, s.at
            FROM generate_series(0, $1::int - 1) AS g(n)
            CROSS JOIN LATERAL (SELECT CASE WHEN g.n % 10 < 6 THEN 'paid' WHEN g.n % 10 < 9 THEN 'unpaid' ELSE 'cancelled' END AS status,
                                       1 + g.n % 5 AS quantity,
                                       now() - ((g.n % 5184000) || ' seconds')::interval AS at) AS s
            JOIN u ON u.i = g.n % $2::int
            JOIN p ON p.i = ((g.n / $2::int) * 13 + g.n::bigint * 7919) % $3::int
          ),
          -- Each order reserved on its own: a header with the line's id (migration 1764960000000).
          headers AS (
            INSERT INTO checkouts (id, source, user_id, order_count, user_email, user_name, address, phone, subtotal_cents, total_cents, paid_cents, created_at)
            SELECT o.id, 'reservation', o.user_id, 1, o.email, o.display_name, '1 Scale Road, Leeds', '0123456789',
                   CASE WHEN o.status = 'cancelled' THEN 0 ELSE o.total_cents END, CASE WHEN o.status = 'cancelled' THEN 0 ELSE o.total_cents END,
                   CASE WHEN o.status = 'paid' THEN o.total_cents ELSE 0 END, o.at
            FROM o
          )
     INSERT INTO orders (id, checkout_id, part_id, part_name, unit_price_cents, status, quantity, total_cents, user_id, user_email, user_name, address, phone,
                         transaction_id, paid_at, cancelled_at, created_at)
     SELECT o.id, o.id, o.part_id, o.part_name, o.price_cents, o.status, o.quantity, o.total_cents, o.user_id, o.email, o.display_name, '1 Scale Road, Leeds', '0123456789',
            CASE WHEN o.status = 'paid' THEN 'pi_scale_' || o.n END,
            CASE WHEN o.status = 'paid' THEN o.at + interval '5 minutes' END,
            CASE WHEN o.status = 'cancelled' THEN o.at + interval '1 hour' END,
            o.at
     FROM o`,
      [scale.orders, scale.users, scale.parts],
    );
    await makeIndexes("orders' keys and b-tree indexes", db, [...keysOf("orders"), ...indexesOf("orders", false)]);
    await makeIndexes("orders' gin indexes", db, indexesOf("orders", true));
    await db.query("SET session_replication_role = DEFAULT");
    // The overview's rollups (migration 1764630000000), which the triggers on orders and users
    // would have kept: all of them at once from the rows.
    await step("rollups", "SELECT rebuild_sales_rollups()");
  }
}

/** The public tables' indexes (by name and shape), constraints and triggers (by definition). */
async function schemaOf(db) {
  const { rows } = await db.query(
    // An index by its name, table, columns, kind and predicate's presence rather than by its
    // definition: PostgreSQL does not print a predicate it parsed from its own print the same way.
    `SELECT 'index ' || x.relname || ' on ' || c.relname || ' (' || i.indkey::text || ') ' || a.amname || ' unique ' || i.indisunique
            || ' partial ' || (i.indpred IS NOT NULL) || ' expressions ' || (i.indexprs IS NOT NULL) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_am a ON a.oid = x.relam
     WHERE c.relnamespace = 'public'::regnamespace
     UNION ALL SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL SELECT pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`,
  );
  return rows.map((row) => row.definition);
}
