import { Client } from "pg";
import { DataSource } from "typeorm";

/**
 * Answers derived from the catalogue (parts with their stock, products, reviews), kept in memory
 * and dropped whenever the catalogue changes. The rule: a cached answer is never stale after a
 * write is acknowledged.
 *
 * - In this process, every service call that writes the catalogue calls `changed()` once its
 *   transaction is over and before its answer goes out (see services/index.ts).
 * - Any writer at all (another server process, psql, a migration) fires the database trigger
 *   `notify_catalogue_changed` (migration 1763900000000), which NOTIFYs `catalogue_changed` at
 *   commit; this process LISTENs and drops its entries when the notification arrives.
 * - While the LISTEN connection is not up (start-up, a lost connection, reconnecting), nothing is
 *   served from the cache and nothing is stored: a missed notification can never leave a stale entry.
 * - A value computed by a request is stored only if no change happened while it was computed
 *   (the generation did not move), so a read racing a write cannot store the old state.
 * - A notification arrives a little after its commit. So before a cached value is used, the
 *   request waits for a round trip on the LISTEN connection that started after the request came
 *   in (`afterPendingChanges`): PostgreSQL delivers a session's pending notifications before it
 *   answers a query, so every change committed before the request arrived, by anyone, has been
 *   heard by then. Concurrent requests share one round trip. This makes "never stale after a
 *   write is acknowledged" hold across processes and for writers outside the shop too.
 */
export class CatalogueCache<V extends { bytes: number }> {
  private generation = 0;
  private live = false;
  private entries = new Map<string, V>();
  private bytes = 0;
  private listener: Client | null = null;
  private stopped = false;
  private retryMs = 250;
  private warned = false;
  /** Requests waiting for the next round trip, and whether one is under way. */
  private waiting: Array<(ok: boolean) => void> = [];
  private roundTrip = false;

  constructor(private readonly limits: { maxEntries: number; maxBytes: number } = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 }) {}

  /** The catalogue changed: drop everything and void values being computed. Synchronous. */
  changed(): void {
    this.generation++;
    if (this.entries.size) this.entries = new Map();
    this.bytes = 0;
  }

  /** A token for `set`: the value may be stored only if nothing changed since it was taken. */
  version(): number {
    return this.live ? this.generation : -1;
  }

  get(key: string): V | undefined {
    return this.live ? this.entries.get(key) : undefined;
  }

  set(key: string, value: V, version: number): boolean {
    if (!this.live || version !== this.generation || value.bytes > this.limits.maxBytes / 16) return false;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.bytes;
    this.entries.set(key, value);
    this.bytes += value.bytes;
    // Bounded: the oldest entries go first (Map keeps insertion order).
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes;
    }
    return true;
  }

  /**
   * Calls back once every change committed before this call has been heard (true), or with false
   * when that cannot be known (the listener is down): then the caller must not use the cache.
   */
  afterPendingChanges(callback: (ok: boolean) => void): void {
    if (!this.live || !this.listener) return callback(false);
    this.waiting.push(callback);
    if (!this.roundTrip) this.startRoundTrip();
  }

  private startRoundTrip(): void {
    const client = this.listener;
    const waiting = this.waiting;
    this.waiting = [];
    if (!client || !this.live) {
      for (const callback of waiting) callback(false);
      return;
    }
    this.roundTrip = true;
    const settle = (ok: boolean) => {
      this.roundTrip = false;
      for (const callback of waiting) callback(ok && this.live);
      if (this.waiting.length) this.startRoundTrip();
    };
    // The empty query: the cheapest round trip; the notifications come before its answer.
    client.query("").then(
      () => settle(true),
      () => settle(false),
    );
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Starts listening for catalogue changes on the data source's database. Until the first LISTEN
   * succeeds the cache stays off; if the connection drops it goes off again and reconnects.
   */
  listenTo(db: DataSource): this {
    const url = (db.options as { url?: string }).url;
    if (!url) {
      console.warn("[partshop] Catalogue cache off: the data source has no URL to LISTEN on");
      return this;
    }
    const connect = async () => {
      if (this.stopped) return;
      const client = new Client({ connectionString: url, application_name: "partshop-catalogue-listener", keepAlive: true });
      const lost = (error?: Error) => {
        if (this.listener !== client) return;
        this.listener = null;
        this.goOff();
        client.removeAllListeners("notification");
        client.end().catch(() => {});
        // The shop is shutting down (its pool is gone): stay off for good.
        if (this.stopped || !db.isInitialized) return;
        if (!this.warned) console.warn(`[partshop] Catalogue cache off until the database is back: ${error?.message ?? "connection ended"}`);
        this.warned = true;
        const timer = setTimeout(connect, this.retryMs);
        timer.unref();
        this.retryMs = Math.min(this.retryMs * 2, 5000);
      };
      try {
        this.listener = client;
        client.on("error", lost);
        client.on("end", () => lost());
        client.on("notification", () => this.changed());
        await client.connect();
        await client.query("LISTEN catalogue_changed");
        if (this.listener !== client) return;
        // Anything may have changed while nobody was listening.
        this.changed();
        this.live = true;
        this.retryMs = 250;
        if (this.warned) console.log("[partshop] Catalogue cache back on");
        this.warned = false;
      } catch (error) {
        lost(error as Error);
      }
    };
    void connect();
    return this;
  }

  /** Stops listening (the cache stays off). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.goOff();
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }

  private goOff(): void {
    this.live = false;
    this.changed();
  }
}

/** Wraps the given methods so that each call, once settled, drops the cached catalogue (see CatalogueCache). */
export function changingCatalogue<T extends object, K extends keyof T>(service: T, methods: K[], cache: { changed(): void }): T {
  for (const name of methods) {
    const original = service[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    (service as any)[name] = async function (this: T, ...args: unknown[]) {
      try {
        return await original.apply(this, args);
      } finally {
        // Also after a failure: a COMMIT that lost its connection may still have happened.
        cache.changed();
      }
    };
  }
  return service;
}
