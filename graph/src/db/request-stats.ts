import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request counters, read by the x-sql-queries header in tests and benchmarks. */
export interface RequestStats {
  sqlQueries: number;
}

export const requestStats = new AsyncLocalStorage<RequestStats>();
