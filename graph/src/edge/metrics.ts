import client, { type Metric } from "prom-client";
import type { DataSource } from "typeorm";
import type { ShopCounters } from "../domain/counters";

/**
 * What each shop process tells Prometheus (served on the operators' listener, edge/operators.ts):
 * HTTP requests by method, route (the pattern, or /graphql with the operation's name) and status,
 * with their durations, whether the answer cache or the app answered; the answer cache's hits and
 * misses; the PostgreSQL pool; the Node process (heap, event-loop lag, GC: prom-client's defaults);
 * and the shop's own counters (ShopCounters: orders, payments, webhooks, rate limits).
 *
 * Every request is counted, so the per-request part is kept to a few array increments: prom-client's
 * own histogram validates and hashes its labels on each observation, a cost the answer cache's
 * hits would notice, so requests are added up here and handed to prom-client's registry only when
 * it is scraped.
 */
export interface RequestMetrics {
  /** A request answered by the app (fastify): `seconds` from fastify's own clock. */
  answered(method: string, route: string, operation: string, status: number, seconds: number): void;
  /** A request answered from the answer cache. */
  answeredFromCache(method: string, label: AnswerLabel, status: number, seconds: number): void;
  /** The answer cache looked a cacheable request up and did not have it. */
  cacheMissed(): void;
  /** A GraphQL operation's label: its name when known (bounded), "anonymous" or "other". */
  operationLabel(body: unknown): string;
}

/** How a cached answer is counted when it is replayed: fixed when it is recorded. */
export interface AnswerLabel {
  route: string;
  operation: string;
}

/** Seconds: an answer from memory takes tens of microseconds, a slow GraphQL read seconds. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Distinct GraphQL operation names counted apart; past these, "other" (clients choose the names). */
const MAX_OPERATION_NAMES = 100;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** The name of a document's first operation, when the document starts with it (clients that send no operationName). */
const LEADING_OPERATION = /^\s*(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/;

interface Series {
  labels: Record<string, string>;
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** A histogram added up by hand and read by prom-client's registry at scrape time (Metric's get()). */
class RequestDurations {
  readonly name = "partshop_http_request_duration_seconds";
  readonly help =
    "HTTP requests by method, route, GraphQL operation, status and what answered them (the answer cache or the app), with their durations";
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, Series>();

  observe(
    method: string,
    route: string,
    operation: string,
    status: number,
    servedBy: "cache" | "app",
    seconds: number,
  ): void {
    const key = `${method} ${route} ${operation} ${status} ${servedBy}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, operation, status: String(status), served_by: servedBy },
        buckets: new Float64Array(DURATION_BUCKETS.length),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket++;
    if (bucket < DURATION_BUCKETS.length) series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  async get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += series.buckets[index];
        values.push({ labels: { ...series.labels, le: bound }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...series.labels, le: "+Inf" }, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** A counter by one label, added up by hand (hot path) and read at scrape time. */
class HotCounter {
  readonly type = "counter";
  readonly aggregator = "sum";
  private readonly counts = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: string,
    values: string[],
  ) {
    for (const value of values) this.counts.set(value, 0);
  }

  inc(value: string): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }

  async get() {
    const values = [...this.counts].map(([label, value]) => ({ labels: { [this.label]: label }, value }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** The pg pool under TypeORM's PostgreSQL driver. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max: number };
}

export class ShopMetrics implements RequestMetrics, ShopCounters {
  readonly registry = new client.Registry();
  private readonly durations = new RequestDurations();
  private readonly cacheLookups = new HotCounter(
    "partshop_answer_cache_lookups_total",
    "Cacheable requests looked up in the answer cache, by result",
    "result",
    ["hit", "miss"],
  );
  private readonly catalogueReads = new HotCounter(
    "partshop_catalogue_reads_total",
    "Connections the catalogue's reads took, by the pool that served them (replica only with DATABASE_REPLICA_URL)",
    "pool",
    ["primary", "replica"],
  );
  private readonly operationNames = new Set<string>();
  private readonly orders: client.Counter<"event">;
  private readonly anomalies: client.Counter<"kind">;
  private readonly webhookFailures: client.Counter<"reason">;
  private readonly rateLimitRefusals: client.Counter<"limit">;
  private readonly emails: client.Counter<"outcome">;

  constructor(db: DataSource) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.durations as unknown as Metric);
    this.registry.registerMetric(this.cacheLookups as unknown as Metric);
    this.registry.registerMetric(this.catalogueReads as unknown as Metric);
    this.orders = new client.Counter({
      name: "partshop_orders_total",
      help: "Orders by what happened to them in this process",
      labelNames: ["event"],
      registers,
    });
    for (const event of ["placed", "paid", "expired", "refunded"]) this.orders.inc({ event }, 0);
    this.anomalies = new client.Counter({
      name: "partshop_payment_anomalies_total",
      help: "Payments that needed a correction, by kind",
      labelNames: ["kind"],
      registers,
    });
    this.webhookFailures = new client.Counter({
      name: "partshop_webhook_failures_total",
      help: "Stripe webhooks refused or failed, by reason",
      labelNames: ["reason"],
      registers,
    });
    this.rateLimitRefusals = new client.Counter({
      name: "partshop_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by limit",
      labelNames: ["limit"],
      registers,
    });
    this.emails = new client.Counter({
      name: "partshop_emails_total",
      help: "Attempts to send an email of the outbox in this process, by outcome (gave_up: its last attempt failed)",
      labelNames: ["outcome"],
      registers,
    });
    for (const outcome of ["sent", "retried", "gave_up"]) this.emails.inc({ outcome }, 0);
    const pool = () => (db.driver as unknown as { master?: PgPool }).master;
    const poolGauge = (name: string, help: string, read: (pool: PgPool) => number) =>
      new client.Gauge({
        name,
        help,
        registers,
        collect() {
          const current = pool();
          if (current) this.set(read(current));
        },
      });
    poolGauge(
      "partshop_db_pool_in_use",
      "PostgreSQL connections of the pool running a statement or a transaction",
      (p) => p.totalCount - p.idleCount,
    );
    poolGauge("partshop_db_pool_idle", "PostgreSQL connections of the pool open and idle", (p) => p.idleCount);
    poolGauge("partshop_db_pool_waiting", "Requests waiting for a connection of the pool", (p) => p.waitingCount);
    poolGauge("partshop_db_pool_max", "The most connections the pool opens (DATABASE_POOL_SIZE)", (p) => p.options.max);
  }

  answered(method: string, route: string, operation: string, status: number, seconds: number): void {
    this.durations.observe(method, route, operation, status, "app", seconds);
  }

  answeredFromCache(method: string, label: AnswerLabel, status: number, seconds: number): void {
    this.cacheLookups.inc("hit");
    this.durations.observe(method, label.route, label.operation, status, "cache", seconds);
  }

  cacheMissed(): void {
    this.cacheLookups.inc("miss");
  }

  /** A catalogue read took a connection of `pool` (db/replica-reads.ts). */
  catalogueRead(pool: "primary" | "replica"): void {
    this.catalogueReads.inc(pool);
  }

  operationLabel(body: unknown): string {
    if (!body || typeof body !== "object") return "anonymous";
    const request = body as { operationName?: unknown; query?: unknown };
    let name = request.operationName;
    if ((name === undefined || name === null || name === "") && typeof request.query === "string")
      name = LEADING_OPERATION.exec(request.query)?.[1];
    if (name === undefined || name === null || name === "") return "anonymous";
    if (typeof name !== "string" || !OPERATION_NAME.test(name)) return "other";
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return "other";
    this.operationNames.add(name);
    return name;
  }

  ordersPlaced(count: number): void {
    this.orders.inc({ event: "placed" }, count);
  }
  ordersPaid(count: number): void {
    this.orders.inc({ event: "paid" }, count);
  }
  ordersExpired(count: number): void {
    this.orders.inc({ event: "expired" }, count);
  }
  ordersRefunded(count: number): void {
    this.orders.inc({ event: "refunded" }, count);
  }
  paymentAnomaly(kind: string): void {
    this.anomalies.inc({ kind });
  }
  webhookFailure(reason: string): void {
    this.webhookFailures.inc({ reason });
  }
  rateLimitRefused(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }
  emailDelivery(outcome: "sent" | "retried" | "gave_up"): void {
    this.emails.inc({ outcome });
  }

  /** The text Prometheus scrapes. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
