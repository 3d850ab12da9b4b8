import { Client } from "pg";
import { DataSource } from "typeorm";

type Subscriber = (payload: string) => void;

/**
 * One LISTEN connection per process for the NOTIFY channels the in-memory caches depend on
 * (catalogue_changed, users_changed). Each subscriber is called with the notification's payload;
 * with "" when anything may have changed (the feed came up or went down).
 *
 * A notification arrives a little after its commit. `afterPendingChanges` waits for a round trip
 * on the LISTEN connection that started after the call: PostgreSQL delivers a session's pending
 * notifications before it answers a query, so every change committed before the call, by anyone,
 * has been heard by then. Concurrent callers share one round trip, whatever cache they read.
 *
 * While the connection is not up (start-up, a lost connection, reconnecting) the feed is not live
 * and the caches neither serve nor store: a missed notification can never leave a stale entry.
 */
export class ChangeFeed {
  private live = false;
  private listener: Client | null = null;
  private stopped = false;
  private retryMs = 250;
  private warned = false;
  private readonly subscribers = new Map<string, Subscriber[]>();
  /** Callers waiting for the next round trip, and whether one is under way. */
  private waiting: Array<(ok: boolean) => void> = [];
  private roundTrip = false;

  get isLive(): boolean {
    return this.live;
  }

  /** Calls `onChange` for every notification on `channel`. Subscribe before `listenTo`. */
  subscribe(channel: string, onChange: Subscriber): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    this.subscribers.set(channel, [...(this.subscribers.get(channel) ?? []), onChange]);
  }

  /**
   * Calls back once every change committed before this call has been heard (true), or with false
   * when that cannot be known (the feed is down): then the caller must not use a cached value.
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

  /**
   * Starts listening on the data source's database. Until every LISTEN has succeeded the feed is
   * down; if the connection drops it goes down again and reconnects.
   */
  listenTo(db: DataSource): this {
    const url = (db.options as { url?: string }).url;
    if (!url) {
      console.warn("[partshop] In-memory caches off: the data source has no URL to LISTEN on");
      return this;
    }
    const connect = async () => {
      if (this.stopped) return;
      const client = new Client({ connectionString: url, application_name: "partshop-change-feed", keepAlive: true });
      const lost = (error?: Error) => {
        if (this.listener !== client) return;
        this.listener = null;
        this.goDown();
        client.removeAllListeners("notification");
        client.end().catch(() => {});
        // The shop is shutting down (its pool is gone): stay down for good.
        if (this.stopped || !db.isInitialized) return;
        if (!this.warned) console.warn(`[partshop] In-memory caches off until the database is back: ${error?.message ?? "connection ended"}`);
        this.warned = true;
        const timer = setTimeout(connect, this.retryMs);
        timer.unref();
        this.retryMs = Math.min(this.retryMs * 2, 5000);
      };
      try {
        this.listener = client;
        client.on("error", lost);
        client.on("end", () => lost());
        client.on("notification", (message) => this.notify(message.channel, message.payload ?? ""));
        await client.connect();
        for (const channel of this.subscribers.keys()) await client.query(`LISTEN ${channel}`);
        if (this.listener !== client) return;
        // Anything may have changed while nobody was listening.
        this.notifyAll();
        this.live = true;
        this.retryMs = 250;
        if (this.warned) console.log("[partshop] In-memory caches back on");
        this.warned = false;
      } catch (error) {
        lost(error as Error);
      }
    };
    void connect();
    return this;
  }

  /** Stops listening (the caches stay off). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.goDown();
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }

  private notify(channel: string, payload: string): void {
    for (const subscriber of this.subscribers.get(channel) ?? []) subscriber(payload);
  }

  private notifyAll(): void {
    for (const channel of this.subscribers.keys()) this.notify(channel, "");
  }

  private goDown(): void {
    this.live = false;
    this.notifyAll();
  }
}
