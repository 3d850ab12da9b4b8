import type { DataSource } from "typeorm";

/** Any number: the key of the advisory lock that lets one process migrate at a time. */
const MIGRATION_LOCK = 734002;

/**
 * Applies pending migrations, one process at a time: processes starting together wait on a
 * PostgreSQL advisory lock, and the ones after the first find nothing left to do.
 */
export async function migrate(db: DataSource): Promise<string[]> {
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const applied = await db.runMigrations({ transaction: "each" });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
