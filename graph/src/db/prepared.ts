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
  const pool = (db.driver as unknown as { master: Pool }).master;
  return runOn<Row>(pool, statement, values);
}

/**
 * Runs SQL whose text the caller made (and keeps) straight on the pool, unnamed: PostgreSQL plans
 * it for its values each time, as a statement whose best plan depends on them needs.
 */
export function runStatement<Row>(db: DataSource, text: string, values: unknown[]): Promise<Row[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  return runOn<Row>(pool, { name: "", text }, values);
}

/** The same inside a transaction: on the connection its query runner holds. */
export async function runPreparedIn<Row>(tx: EntityManager, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  if (!tx.queryRunner) throw new Error(`${statement.name} must run inside a transaction`);
  const client = (await tx.queryRunner.connect()) as PoolClient;
  return runOn<Row>(client, statement, values);
}

async function runOn<Row>(connection: Pool | PoolClient, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const stats = requestStats.getStore();
  if (stats) {
    stats.sqlQueries++;
    stats.statements?.push({ sql: statement.text, parameters: values });
  }
  const result = statement.name
    ? await connection.query<Row & object>({ name: statement.name, text: statement.text, values })
    : await connection.query<Row & object>(statement.text, values);
  return result.rows;
}
