import "reflect-metadata";
import pg, { types } from "pg";
import parseTimestamp from "postgres-date";
import type { Logger as Pino } from "pino";
import { DataSource, Logger, QueryRunner } from "typeorm";
import {
  Address,
  AuditEntry,
  CartLine,
  Checkout,
  LaptopModel,
  NewsletterSubscription,
  Order,
  Part,
  PartCompatibility,
  Product,
  Profile,
  Review,
  Shipment,
  User,
} from "../domain/entities";
import { InitialSchema1763800000000 } from "./migrations/1763800000000-initial-schema";
import { CatalogueChangeNotify1763900000000 } from "./migrations/1763900000000-catalogue-change-notify";
import { SharedRateLimits1764000000000 } from "./migrations/1764000000000-shared-rate-limits";
import { UsersChangeNotify1764100000000 } from "./migrations/1764100000000-users-change-notify";
import { AccountsChangeNotify1764200000000 } from "./migrations/1764200000000-accounts-change-notify";
import { RateLimiterFlexible1764300000000 } from "./migrations/1764300000000-rate-limiter-flexible";
import { Images1764400000000 } from "./migrations/1764400000000-images";
import { PartCompatibility1764500000000 } from "./migrations/1764500000000-part-compatibility";
import { PartSearch1764510000000 } from "./migrations/1764510000000-part-search";
import { PartRatings1764520000000 } from "./migrations/1764520000000-part-ratings";
import { CatalogueManagement1764600000000 } from "./migrations/1764600000000-catalogue-management";
import { AuditLog1764610000000 } from "./migrations/1764610000000-audit-log";
import { ScaleIndexes1764620000000 } from "./migrations/1764620000000-scale-indexes";
import { SalesRollups1764630000000 } from "./migrations/1764630000000-sales-rollups";
import { OrderPartNames1764640000000 } from "./migrations/1764640000000-order-part-names";
import { SearchLexemes1764650000000 } from "./migrations/1764650000000-search-lexemes";
import { OrderCustomerNames1764660000000 } from "./migrations/1764660000000-order-customer-names";
import { PartNameTrigramShares1764670000000 } from "./migrations/1764670000000-part-name-trigram-shares";
import { NameLookupStatistics1764680000000 } from "./migrations/1764680000000-name-lookup-statistics";
import { PrefixLexemesByRange1764690000000 } from "./migrations/1764690000000-prefix-lexemes-by-range";
import { FoldedPartNames1764700000000 } from "./migrations/1764700000000-folded-part-names";
import { OrdersByPartAndStatus1764710000000 } from "./migrations/1764710000000-orders-by-part-and-status";
import { SearchLexemesNotify1764720000000 } from "./migrations/1764720000000-search-lexemes-notify";
import { SearchNormalizeFastPath1764730000000 } from "./migrations/1764730000000-search-normalize-fast-path";
import { PartLaptopBrands1764740000000 } from "./migrations/1764740000000-part-laptop-brands";
import { PartLaptopModels1764750000000 } from "./migrations/1764750000000-part-laptop-models";
import { PrefixWordsAsLexemes1764760000000 } from "./migrations/1764760000000-prefix-words-as-lexemes";
import { PartLexemeRanks1764770000000 } from "./migrations/1764770000000-part-lexeme-ranks";
import { PartLexemePrices1764780000000 } from "./migrations/1764780000000-part-lexeme-prices";
import { IdentityHoldsRefunds1764800000000 } from "./migrations/1764800000000-identity-holds-refunds";
import { IdentityHoldsRefundsIndexes1764800000001 } from "./migrations/1764800000001-identity-holds-refunds-indexes";
import { FoldedOrderSearch1764860000000 } from "./migrations/1764860000000-folded-order-search";
import { CheckoutsAndCarts1764870000000 } from "./migrations/1764870000000-checkouts-and-carts";
import { CheckoutsAndCartsIndexes1764870000001 } from "./migrations/1764870000001-checkouts-and-carts-indexes";
import { PartNumbers1764900000000 } from "./migrations/1764900000000-part-numbers";
import { PartImports1764910000000 } from "./migrations/1764910000000-part-imports";
import { EmailOutbox1764920000000 } from "./migrations/1764920000000-email-outbox";
import { ImageVariants1764930000000 } from "./migrations/1764930000000-image-variants";
import { AdminLookups1764950000000 } from "./migrations/1764950000000-admin-lookups";
import { OrdersAsHeaderAndLines1764960000000 } from "./migrations/1764960000000-orders-as-header-and-lines";
import { AddressesShippingTax1765000000000 } from "./migrations/1765000000000-addresses-shipping-tax";
import { AddressesNotify1765000000100 } from "./migrations/1765000000100-addresses-notify";
import { ZonesInHistory1765000000300 } from "./migrations/1765000000300-zones-in-history";
import { OrderAddressCopies1765000000400 } from "./migrations/1765000000400-order-address-copies";
import { TaxZonesNotify1765000000500 } from "./migrations/1765000000500-tax-zones-notify";
import { Invoices1765000000600 } from "./migrations/1765000000600-invoices";
import { Shipments1765000000700 } from "./migrations/1765000000700-shipments";
import { DocumentsKeepSeller1765000000800 } from "./migrations/1765000000800-documents-keep-seller";
import { BrowserCarts1765000000963 } from "./migrations/1765000000963-browser-carts";
import { requestStats } from "./request-stats";

/** Counts statements per request and reports slow or failing ones (failures at debug level); nothing else is logged. */
class CountingLogger implements Logger {
  constructor(private readonly out: Pino) {}

  logQuery(query: string, parameters?: unknown[]): void {
    const stats = requestStats.getStore();
    if (!stats) return;
    stats.sqlQueries++;
    stats.statements?.push({ sql: query, parameters: parameters ?? [] });
  }
  logQueryError(error: string | Error, query: string): void {
    const stats = requestStats.getStore();
    if (stats) stats.sqlQueries++;
    this.out.debug({ err: error, query: query.slice(0, 500) }, "SQL error");
  }
  logQuerySlow(time: number, query: string): void {
    this.out.warn({ ms: time, query: query.slice(0, 200) }, "Slow SQL");
  }
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    this.out.info(`Migration: ${message}`);
  }
  log(level: "log" | "info" | "warn", message: unknown, _runner?: QueryRunner): void {
    if (level === "warn") this.out.warn(String(message));
  }
}

export const entities = [
  Part,
  Product,
  Order,
  Checkout,
  CartLine,
  Review,
  User,
  Profile,
  NewsletterSubscription,
  LaptopModel,
  PartCompatibility,
  AuditEntry,
  Address,
  Shipment,
];
export const migrations = [
  InitialSchema1763800000000,
  CatalogueChangeNotify1763900000000,
  SharedRateLimits1764000000000,
  UsersChangeNotify1764100000000,
  AccountsChangeNotify1764200000000,
  RateLimiterFlexible1764300000000,
  Images1764400000000,
  PartCompatibility1764500000000,
  PartSearch1764510000000,
  PartRatings1764520000000,
  CatalogueManagement1764600000000,
  AuditLog1764610000000,
  ScaleIndexes1764620000000,
  SalesRollups1764630000000,
  OrderPartNames1764640000000,
  SearchLexemes1764650000000,
  OrderCustomerNames1764660000000,
  PartNameTrigramShares1764670000000,
  NameLookupStatistics1764680000000,
  PrefixLexemesByRange1764690000000,
  FoldedPartNames1764700000000,
  OrdersByPartAndStatus1764710000000,
  SearchLexemesNotify1764720000000,
  SearchNormalizeFastPath1764730000000,
  PartLaptopBrands1764740000000,
  PartLaptopModels1764750000000,
  PrefixWordsAsLexemes1764760000000,
  PartLexemeRanks1764770000000,
  PartLexemePrices1764780000000,
  IdentityHoldsRefunds1764800000000,
  IdentityHoldsRefundsIndexes1764800000001,
  FoldedOrderSearch1764860000000,
  CheckoutsAndCarts1764870000000,
  CheckoutsAndCartsIndexes1764870000001,
  PartNumbers1764900000000,
  PartImports1764910000000,
  EmailOutbox1764920000000,
  ImageVariants1764930000000,
  AdminLookups1764950000000,
  OrdersAsHeaderAndLines1764960000000,
  AddressesShippingTax1765000000000,
  AddressesNotify1765000000100,
  ZonesInHistory1765000000300,
  OrderAddressCopies1765000000400,
  TaxZonesNotify1765000000500,
  Invoices1765000000600,
  Shipments1765000000700,
  DocumentsKeepSeller1765000000800,
  BrowserCarts1765000000963,
];

/**
 * pg reads a timestamptz with postgres-date 1, a regular expression whose match array is thrown
 * away at once, which a heap profile of the parts page past the cache shows (each part has its
 * created_at). postgres-date 2 reads the characters: the same Dates, BC and infinity included,
 * in about half the time.
 */
function readTimestampsByCharacter(): void {
  types.setTypeParser(types.builtins.TIMESTAMPTZ, parseTimestamp);
}

export interface DataSourceOptions {
  poolSize?: number;
  /**
   * The pg module the pool comes from (replica-reads.ts gives one whose pool routes each
   * connection). Such a data source installs no extension: it may be on a read-only replica.
   */
  driver?: typeof import("pg");
}

/**
 * pg with a pool whose every connection has an error listener of its own. A connection the server
 * ends while a caller holds it between statements (the primary lost in a failover) emits "error",
 * and an event with no listener stops the process; pg-pool listens only while a connection is idle
 * in it. What was in flight on the connection still fails, and the pool drops it when it comes back.
 */
function withLostConnectionsLogged(driver: typeof pg, log: Pino): typeof pg {
  class ListeningPool extends driver.Pool {
    constructor(config?: pg.PoolConfig) {
      super(config);
      this.on("connect", (client) =>
        client.on("error", (error) =>
          log.warn({ component: "database", err: error }, "a database connection was lost"),
        ),
      );
    }
  }
  return Object.assign(Object.create(driver) as typeof pg, { Pool: ListeningPool });
}

export function createDataSource(url: string, log: Pino, options: DataSourceOptions = {}): DataSource {
  readTimestampsByCharacter();
  return new DataSource({
    type: "postgres",
    url,
    driver: withLostConnectionsLogged(options.driver ?? pg, log),
    ...(options.driver ? { installExtensions: false } : {}),
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logger: new CountingLogger(log),
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
