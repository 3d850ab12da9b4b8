import "reflect-metadata";
import { DataSource, Logger, QueryRunner } from "typeorm";
import { NewsletterSubscription, Order, Part, Product, Profile, Review, User } from "./entities";
import { InitialSchema1763800000000 } from "./migrations/1763800000000-initial-schema";
import { CatalogueChangeNotify1763900000000 } from "./migrations/1763900000000-catalogue-change-notify";
import { SharedRateLimits1764000000000 } from "./migrations/1764000000000-shared-rate-limits";
import { UsersChangeNotify1764100000000 } from "./migrations/1764100000000-users-change-notify";
import { AccountsChangeNotify1764200000000 } from "./migrations/1764200000000-accounts-change-notify";
import { requestStats } from "./request-stats";

/** Counts statements per request and reports slow or failing ones; nothing else is logged. */
class CountingLogger implements Logger {
  logQuery(): void {
    const stats = requestStats.getStore();
    if (stats) stats.sqlQueries++;
  }
  logQueryError(error: string | Error, query: string): void {
    const stats = requestStats.getStore();
    if (stats) stats.sqlQueries++;
    if (process.env.LOG_SQL_ERRORS === "1") console.error("SQL error:", error, query);
  }
  logQuerySlow(time: number, query: string): void {
    console.warn(`Slow SQL (${time} ms): ${query.slice(0, 200)}`);
  }
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    if (process.env.LOG_MIGRATIONS !== "0") console.log(`[migration] ${message}`);
  }
  log(level: "log" | "info" | "warn", message: unknown, _runner?: QueryRunner): void {
    if (level === "warn") console.warn(message);
  }
}

export const entities = [Part, Product, Order, Review, User, Profile, NewsletterSubscription];
export const migrations = [InitialSchema1763800000000, CatalogueChangeNotify1763900000000, SharedRateLimits1764000000000, UsersChangeNotify1764100000000, AccountsChangeNotify1764200000000];

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: "postgres",
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logger: new CountingLogger(),
    maxQueryExecutionTime: 1000,
    poolSize: options.poolSize ?? 20,
    extra: {
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      // Fails fast instead of hanging on a dead server; the pool replaces broken clients itself.
      query_timeout: 30000,
    },
  });
}
