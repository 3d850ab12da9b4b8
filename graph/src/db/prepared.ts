import type { Pool } from "pg";
import type { DataSource } from "typeorm";
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
export async function runPrepared<Row>(db: DataSource, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const stats = requestStats.getStore();
  if (stats) {
    stats.sqlQueries++;
    stats.statements?.push({ sql: statement.text, parameters: values });
  }
  const pool = (db.driver as unknown as { master: Pool }).master;
  const result = await pool.query<Row & object>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
