import { Client } from "pg";

/**
 * The one change mechanism of the shop. Every committed change to the domain is announced by the
 * database itself: row triggers NOTIFY a channel per topic at commit, whoever writes (this
 * process, another server process, psql, a migration). Services publish nothing by hand, so no
 * write can forget to. Anything kept in memory that derives from the database (the answer caches,
 * the signed-in callers) subscribes here.
 *
 * - catalogue: parts (stock included: orders move it), products, reviews, laptop models and which
 *   parts fit them, the search vocabulary (a search's tsqueries are kept until it changes);
 * - accounts: orders and profiles;
 * - users: a user row updated or deleted, with the user's id as the key.
 * graph/src/db/schema.sql lists the triggers that notify each topic.
 */
export type ChangeTopic = "catalogue" | "accounts" | "users";
export const CHANGE_TOPICS: readonly ChangeTopic[] = ["catalogue", "accounts", "users"];

/** A change within a topic: of one record (`key`, a user id), or of anything when `key` is absent. */
export interface Change {
  topic: ChangeTopic;
  key?: string;
}

type Subscriber = (change: Change) => void;

/** Where the feed reports losing and regaining the database. */
export interface EventsLog {
  warn(message: string): void;
  info(message: string): void;
}

const channelOf = (topic: ChangeTopic) => `${topic}_changed`;

/**
 * How long a round trip on the LISTEN connection may take. A sound connection answers at once,
 * even on a machine under heavy load; one silent for this long is taken for dead (a network that
 * drops packets without a word), so the caches fall through to the database while it reconnects
 * instead of waiting on it. The reads that asked meanwhile are the only ones that waited.
 */
export const CHECK_IN_TIMEOUT_MS = 5000;
/** How long connecting the LISTEN connection may take before it is tried again. */
const CONNECT_TIMEOUT_MS = 5000;

/** pg keeps a client's socket on its connection (not part of its typed API). */
const socketOf = (client: Client) =>
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
const topicOf = (channel: string) => CHANGE_TOPICS.find((topic) => channelOf(topic) === channel);

/**
 * One LISTEN connection per process. Each subscriber hears the changes of its topics; a change
 * without a key when anything may have changed (the feed came up or went down).
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
  private readonly subscribers = new Map<ChangeTopic, Subscriber[]>();
  /** Callers waiting for the next round trip, and whether one is under way. */
  private waiting: Array<(ok: boolean) => void> = [];
  private roundTrip = false;
  /** Drops the current LISTEN connection as lost (set while one is up). */
  private dropListener: ((error: Error) => void) | null = null;
  private readonly checkInTimeoutMs: number;

  constructor(options: { checkInTimeoutMs?: number } = {}) {
    this.checkInTimeoutMs = options.checkInTimeoutMs ?? CHECK_IN_TIMEOUT_MS;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Calls `onChange` for every change of the topics from now on (the feed listens to every topic). */
  subscribe(topics: readonly ChangeTopic[], onChange: Subscriber): void {
    for (const topic of topics) this.subscribers.set(topic, [...(this.subscribers.get(topic) ?? []), onChange]);
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
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      this.roundTrip = false;
      for (const callback of waiting) callback(ok && this.live);
      if (this.waiting.length) this.startRoundTrip();
    };
    const timer = setTimeout(() => {
      settle(false);
      if (this.listener === client)
        this.dropListener?.(
          new Error(`the database did not answer the change feed within ${this.checkInTimeoutMs} ms`),
        );
    }, this.checkInTimeoutMs);
    timer.unref();
    // The empty query: the cheapest round trip; the notifications come before its answer.
    client.query("").then(
      () => settle(true),
      () => settle(false),
    );
  }

  /**
   * Starts listening on the database at `url`. Until every LISTEN has succeeded the feed is
   * down; if the connection drops it goes down again and reconnects (until `stop`).
   */
  listenTo(url: string, log: EventsLog = console): this {
    const connect = async () => {
      if (this.stopped) return;
      const client = new Client({
        connectionString: url,
        application_name: "partshop-change-feed",
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      const lost = (error?: Error) => {
        if (this.listener !== client) return;
        this.listener = null;
        this.dropListener = null;
        this.goDown();
        client.removeAllListeners("notification");
        client.end().catch(() => {});
        // A connection that went silent may never finish ending: its socket is closed regardless.
        setTimeout(() => socketOf(client)?.destroy(), CONNECT_TIMEOUT_MS).unref();
        if (this.stopped) return;
        if (!this.warned)
          log.warn(`In-memory caches off until the database is back: ${error?.message ?? "connection ended"}`);
        this.warned = true;
        const timer = setTimeout(connect, this.retryMs);
        timer.unref();
        this.retryMs = Math.min(this.retryMs * 2, 5000);
      };
      try {
        this.listener = client;
        this.dropListener = lost;
        client.on("error", lost);
        client.on("end", () => lost());
        client.on("notification", (message) => this.notify(message.channel, message.payload ?? ""));
        await client.connect();
        // Every topic, not only those subscribed so far: the shop's caches subscribe while this
        // connects, and a topic never listened to would be heard by nobody while the feed is live.
        await client.query(CHANGE_TOPICS.map((topic) => `LISTEN ${channelOf(topic)};`).join(" "));
        if (this.listener !== client) return;
        // Anything may have changed while nobody was listening.
        this.notifyAll();
        this.live = true;
        this.retryMs = 250;
        if (this.warned) log.info("In-memory caches back on");
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
    const topic = topicOf(channel);
    if (topic) this.publish({ topic, key: payload || undefined });
  }

  private publish(change: Change): void {
    for (const subscriber of this.subscribers.get(change.topic) ?? []) subscriber(change);
  }

  private notifyAll(): void {
    for (const topic of this.subscribers.keys()) this.publish({ topic });
  }

  private goDown(): void {
    this.live = false;
    this.notifyAll();
  }
}
