import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request counters, read by the x-sql-queries header in tests and benchmarks. */
export interface RequestStats {
  sqlQueries: number;
  /** The statements themselves, when a benchmark asks for them (to EXPLAIN what the shop ran). */
  statements?: Array<{ sql: string; parameters: unknown[] }>;
}

export const requestStats = new AsyncLocalStorage<RequestStats>();
