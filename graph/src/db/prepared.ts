import type { Pool, PoolClient } from "pg";
import type { DataSource, EntityManager } from "typeorm";
import { requestStats } from "./request-stats";

/** A statement whose text never changes: PostgreSQL parses and plans it once per connection. */
export interface PreparedStatement {
  /** Unique in the process: pg keys each connection's prepared statements by it. */
  name: string;
  text: string;
}

/**
 * Runs a prepared statement straight on the pool, past TypeORM's query runner: the list reads on
 * every page past the cache pay neither query building nor a parse and plan per request (see the
 * README's Performance section). Counted per request like every other statement.
 */
export function runPrepared<Row>(db: DataSource, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  return runOn<Row>(db, poolOf(db), statement.text, values, statement.name);
}

/**
 * Runs SQL whose text the caller made (and keeps) straight on the pool, unnamed: PostgreSQL plans
 * it for its values each time, as a statement whose best plan depends on them needs.
 */
export function runStatement<Row>(db: DataSource, text: string, values: unknown[]): Promise<Row[]> {
  return runOn<Row>(db, poolOf(db), text, values);
}

/** The pg pool under TypeORM's PostgreSQL driver. */
const poolOf = (db: DataSource) => (db.driver as unknown as { master: Pool }).master;

/** The same inside a transaction: on the connection its query runner holds. */
export async function runPreparedIn<Row>(
  tx: EntityManager,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  if (!tx.queryRunner) throw new Error(`${statement.name} must run inside a transaction`);
  const client = (await tx.queryRunner.connect()) as PoolClient;
  return runOn<Row>(tx.connection, client, statement.text, values, statement.name);
}

/**
 * Runs `text` on `connection`: prepared under `name` when one is given, else unnamed (planned each
 * time). A statement slower than the data source's maxQueryExecutionTime is reported by its
 * logger, as TypeORM reports the statements it runs.
 */
async function runOn<Row>(
  db: DataSource,
  connection: Pool | PoolClient,
  text: string,
  values: unknown[],
  name?: string,
): Promise<Row[]> {
  const stats = requestStats.getStore();
  if (stats) {
    stats.sqlQueries++;
    stats.statements?.push({ sql: text, parameters: values });
  }
  const started = performance.now();
  const result = name
    ? await connection.query<Row & object>({ name, text, values })
    : await connection.query<Row & object>(text, values);
  const ms = performance.now() - started;
  const slowMs = db.options.maxQueryExecutionTime;
  if (slowMs && ms > slowMs) db.logger.logQuerySlow(Math.round(ms), text);
  return result.rows;
}
