// A shop at scale, generated in SQL: 100,000 parts, 100,000 users and 1,000,000 orders over the
// last 60 days (paid, unpaid and cancelled), with realistic names and laptop models where the
// schema has them. Triggers are off while it runs (one notification at the end drops the caches).
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
const KINDS = ["Battery", "Keyboard", "Display panel", "Charger", "SSD", "Memory module", "Fan", "Hinge kit", "Touchpad", "Webcam"];

export const SCALE = { parts: 100_000, users: 100_000, orders: 1_000_000 };

/** Runs the generation on a connection as a superuser (the embedded database's own user is one). */
export async function seedAtScale(db, scale = SCALE) {
  const started = performance.now();
  const timings = {};
  const step = async (name, sql, params = []) => {
    const t0 = performance.now();
    await db.query(sql, params);
    timings[name] = Math.round(performance.now() - t0);
  };
  await db.query("SET session_replication_role = replica");
  await step(
    "users",
    `INSERT INTO users (email, role, display_name)
     SELECT 'scale-user-' || n || '@example.com', 'user', 'Scale User ' || n FROM generate_series(1, $1::int) AS n`,
    [scale.users],
  );
  await step(
    "parts",
    `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc, created_at)
     SELECT ($2::text[])[1 + n % 10] || ' for ' || ($3::text[])[1 + (n / 10) % 8] || ' ' || chr(65 + n % 26) || (n % 97),
            '/images/parts/battery-57wh.svg', 500 + (n * 7919) % 50000, (n * 31) % 500, 1 + n % 5,
            'Scale part ' || n || ': a replacement ' || lower(($2::text[])[1 + n % 10]) || ' in grade-A quality',
            now() - ((n % 720) || ' hours')::interval
     FROM generate_series(1, $1::int) AS n`,
    [scale.parts, KINDS, BRANDS],
  );
  await step(
    "orders",
    `WITH u AS (SELECT id, email, display_name, row_number() OVER (ORDER BY seq) - 1 AS i FROM users WHERE email LIKE 'scale-user-%'),
          p AS (SELECT id, name, price_cents, row_number() OVER (ORDER BY seq) - 1 AS i FROM parts WHERE short_desc LIKE 'Scale part %')
     INSERT INTO orders (part_id, part_name, unit_price_cents, status, quantity, total_cents, user_id, user_email, user_name, address, phone,
                         transaction_id, paid_at, cancelled_at, created_at)
     SELECT p.id, p.name, p.price_cents, s.status, s.quantity, p.price_cents * s.quantity, u.id, u.email, u.display_name, '1 Scale Road, Leeds', '0123456789',
            CASE WHEN s.status = 'paid' THEN 'pi_scale_' || g.n END,
            CASE WHEN s.status = 'paid' THEN s.at + interval '5 minutes' END,
            CASE WHEN s.status = 'cancelled' THEN s.at + interval '1 hour' END,
            s.at
     FROM generate_series(0, $1::int - 1) AS g(n)
     CROSS JOIN LATERAL (SELECT CASE WHEN g.n % 10 < 6 THEN 'paid' WHEN g.n % 10 < 9 THEN 'unpaid' ELSE 'cancelled' END AS status,
                                1 + g.n % 5 AS quantity,
                                now() - ((g.n % 5184000) || ' seconds')::interval AS at) AS s
     JOIN u ON u.i = g.n % $2::int
     JOIN p ON p.i = ((g.n / $2::int) * 13 + g.n::bigint * 7919) % $3::int`,
    [scale.orders, scale.users, scale.parts],
  );
  await db.query("SET session_replication_role = DEFAULT");
  await step("analyze", "ANALYZE");
  // The caches of every process forget what they knew.
  await db.query("SELECT pg_notify('catalogue_changed', ''), pg_notify('accounts_changed', ''), pg_notify('users_changed', '')");
  timings.total = Math.round(performance.now() - started);
  return timings;
}
