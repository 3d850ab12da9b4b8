import { MigrationExecutor, type DataSource, type QueryRunner } from "typeorm";

/** Any number: the key of the advisory lock that lets one process migrate at a time. */
const MIGRATION_LOCK = 734002;
/** PostgreSQL's lock_not_available: a lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = "55P03";

/**
 * How long a migration may wait for locks. A DDL statement that waits for a table's lock (behind a
 * long transaction) makes every query of the shop on that table queue behind it, so it gives up
 * soon and is tried again a little later; the shop waits at most that long.
 */
export interface MigrationLimits {
  /** How long a process waits for another's migrations (the advisory lock) before it fails. */
  lockWaitMs: number;
  /** How long one statement of a migration waits for a lock before the migration is rolled back and tried again. */
  statementLockWaitMs: number;
  /** Tries of a migration that could not get its locks in time. */
  attempts: number;
  /** Pause before the next try (doubled each time, at most a minute). */
  retryDelayMs: number;
}

export const MIGRATION_LIMITS: MigrationLimits = {
  lockWaitMs: 15 * 60_000,
  statementLockWaitMs: 2000,
  attempts: 8,
  retryDelayMs: 1000,
};

const isLockTimeout = (error: unknown) => (error as { code?: string })?.code === LOCK_NOT_AVAILABLE;

/**
 * Applies pending migrations, one process at a time: processes starting together wait on a
 * PostgreSQL advisory lock (at most `lockWaitMs`), and the ones after the first find nothing left
 * to do. Each migration runs in its own transaction, except those declaring `transaction = false`
 * (CREATE INDEX CONCURRENTLY cannot run in one: see createIndexConcurrently). Every statement
 * waits at most `statementLockWaitMs` for a lock; a migration that timed out is tried again.
 */
export async function migrate(
  db: DataSource,
  limits: MigrationLimits = MIGRATION_LIMITS,
  log: (line: string) => void = () => undefined,
): Promise<string[]> {
  const runner = db.createQueryRunner();
  await runner.connect();
  let locked = false;
  try {
    if (!(await waitForMigrationLock(runner, limits.lockWaitMs))) {
      throw new Error(
        `Another process has been migrating this database for over ${limits.lockWaitMs / 1000} seconds (it holds advisory lock ${MIGRATION_LOCK}; see pg_stat_activity): not migrating`,
      );
    }
    locked = true;
    await runner.query(`SET lock_timeout = ${Math.round(limits.statementLockWaitMs)}`);
    const pendingBefore = await pendingMigrations(db, runner);
    for (let attempt = 1; ; attempt++) {
      const executor = new MigrationExecutor(db, runner);
      executor.transaction = "each";
      try {
        await executor.executePendingMigrations();
        break;
      } catch (error) {
        if (!isLockTimeout(error) || attempt >= limits.attempts) throw error;
        const delay = Math.min(limits.retryDelayMs * 2 ** (attempt - 1), 60_000);
        log(
          `A migration waited over ${limits.statementLockWaitMs} ms for a lock another transaction holds; it was rolled back and runs again in ${delay} ms (try ${attempt + 1} of ${limits.attempts})`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    const pendingAfter = new Set(await pendingMigrations(db, runner));
    return pendingBefore.filter((name) => !pendingAfter.has(name));
  } finally {
    // The connection goes back to the shop's pool: without the migration's settings and lock.
    await runner.query("RESET lock_timeout").catch(() => undefined);
    if (locked) await runner.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Takes the migration lock, polling: a process blocked in pg_advisory_lock keeps a snapshot open,
 * and the other's CREATE INDEX CONCURRENTLY waits for every open snapshot: PostgreSQL would call
 * the pair a deadlock.
 */
async function waitForMigrationLock(runner: QueryRunner, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [{ locked }] = await runner.query("SELECT pg_try_advisory_lock($1) AS locked", [MIGRATION_LOCK]);
    if (locked) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function pendingMigrations(db: DataSource, runner: QueryRunner): Promise<string[]> {
  return (await new MigrationExecutor(db, runner).getPendingMigrations()).map((migration) => migration.name);
}

/**
 * Builds an index without blocking writes to its table, for a migration that declares
 * `transaction = false` (a table that can be large: orders, audit_log, reviews...). An invalid
 * index a failed earlier try left behind is dropped first. Its own lock lets the shop's reads and
 * writes through, so it may wait for older transactions longer than other statements.
 */
export async function createIndexConcurrently(db: QueryRunner, name: string, definition: string): Promise<void> {
  const [{ lock_timeout: saved }] = await db.query("SHOW lock_timeout");
  const invalid = await db.query(
    `SELECT 1 FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
    [name],
  );
  await db.query("SET lock_timeout = '10min'");
  try {
    if (invalid.length) await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    await db.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${definition}`);
  } finally {
    await db.query(`SET lock_timeout = '${saved}'`);
  }
}
