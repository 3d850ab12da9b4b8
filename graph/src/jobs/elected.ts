import type { DataSource } from "typeorm";

/**
 * Runs `work` in at most one shop process at a time, whichever takes the PostgreSQL advisory lock
 * `key` first; the others skip this turn (null). The lock is the session's: a process that dies
 * mid-run lets go of it with its connection.
 */
export async function inOneProcess<T>(db: DataSource, key: number, work: () => Promise<T>): Promise<T | null> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ taken }]: Array<{ taken: boolean }> = await runner.query(`SELECT pg_try_advisory_lock($1) AS taken`, [
      key,
    ]);
    if (!taken) return null;
    try {
      return await work();
    } finally {
      await runner.query(`SELECT pg_advisory_unlock($1)`, [key]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
