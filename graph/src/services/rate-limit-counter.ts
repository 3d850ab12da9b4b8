import { DataSource } from "typeorm";
import type { Decision, RateLimit, WindowCounter } from "../http/rate-limit";

const SWEEP_EVERY = 500;

/**
 * Rate-limit counts in PostgreSQL, so that every server process on the database enforces one
 * limit per client address: one upsert per limited request (sign-in, upload, newsletter).
 */
export class PostgresWindowCounter implements WindowCounter {
  private calls = 0;

  constructor(private readonly db: DataSource) {}

  async take(bucket: string, client: string, amount: number, limit: RateLimit): Promise<Decision> {
    if (++this.calls % SWEEP_EVERY === 0) {
      this.db.query(`DELETE FROM rate_limit_windows WHERE window_start < now() - interval '1 day'`).catch(() => {});
    }
    // The window length is part of the bucket, so shops configured differently never share counts;
    // a refused request takes nothing from the allowance.
    const [row] = await this.db.query(
      `INSERT INTO rate_limit_windows AS w (bucket, client, window_start, count, refused)
       VALUES ($1, $2, now(), CASE WHEN $4::int <= $5::int THEN $4::int ELSE 0 END, $4::int > $5::int)
       ON CONFLICT (bucket, client) DO UPDATE SET
         window_start = CASE WHEN w.window_start + make_interval(secs => $3::float8) <= now() THEN now() ELSE w.window_start END,
         refused = CASE WHEN w.window_start + make_interval(secs => $3::float8) <= now() THEN EXCLUDED.refused
                        ELSE w.count + $4::int > $5::int END,
         count = CASE WHEN w.window_start + make_interval(secs => $3::float8) <= now() THEN EXCLUDED.count
                      WHEN w.count + $4::int > $5::int THEN w.count
                      ELSE w.count + $4::int END
       RETURNING w.refused, ceil(extract(epoch FROM w.window_start + make_interval(secs => $3::float8) - now()))::int AS reset_in`,
      [`${bucket}/${limit.windowSeconds}`, client.slice(0, 100), limit.windowSeconds, amount, limit.max],
    );
    return row.refused ? { allowed: false, retryAfterSeconds: Math.max(1, Number(row.reset_in)) } : { allowed: true };
  }
}
