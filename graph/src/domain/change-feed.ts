import { Client } from "pg";
import { parseWalPosition, type WalPosition } from "../db/wal-position";

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
 * Prepared once per LISTEN connection: the round trip that also tells the primary's WAL position.
 * The insert position, not pg_current_wal_lsn() (what has been written out): with asynchronous
 * commit a commit is acknowledged before its WAL is written, and the insert position is past it.
 */
const WAL_POSITION = { name: "partshop_wal_position", text: "SELECT pg_current_wal_insert_lsn()::text AS lsn" };

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
 *
 * With `walPositions` (a shop with replicas), each round trip also asks the primary's WAL position,
 * and the feed remembers, per topic, a position at or past the commit of every change of it heard
 * so far (see positionFor): what a replica must have replayed before it may answer a read of that
 * topic. The connection listens on the primary only: a server in recovery refuses LISTEN and has no
 * WAL position of its own, so a connection that lands on a standby (a failover under way) fails and
 * is tried again until it reaches the new primary.
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
  private readonly walPositions: boolean;
  /** Counts what the feed hears: a topic's last change is heard at `heardAt`. */
  private heard = 0;
  private readonly heardAt = new Map<ChangeTopic, number>();
  /** Per topic, a WAL position past every change of it heard up to `heard` (a count of `heard`). */
  private readonly positions = new Map<ChangeTopic, { heard: number; position: WalPosition }>();

  constructor(options: { checkInTimeoutMs?: number; walPositions?: boolean } = {}) {
    this.checkInTimeoutMs = options.checkInTimeoutMs ?? CHECK_IN_TIMEOUT_MS;
    this.walPositions = options.walPositions ?? false;
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

  /**
   * The primary's WAL position a replica must have replayed to answer a read of `topic` as the
   * primary would, once every change committed before this call has been heard: at or past the
   * commit of each change of the topic heard so far. Null when only the primary can answer fresh:
   * the feed is down (or does not track positions), or a change was heard whose position is not
   * known yet (it came during the round trip).
   */
  positionFor(topic: ChangeTopic): Promise<WalPosition | null> {
    if (!this.walPositions) return Promise.resolve(null);
    return new Promise((resolve) =>
      this.afterPendingChanges((ok) => {
        const known = this.positions.get(topic);
        resolve(ok && known && known.heard >= (this.heardAt.get(topic) ?? 0) ? known.position : null);
      }),
    );
  }

  /**
   * The primary's WAL position `lsn`, asked once `sentAt` changes had been heard: it is at or past
   * the commit of each of them (notifications are sent at commit), not necessarily of those heard
   * since (PostgreSQL may deliver a later commit's before the answer).
   */
  private recordPosition(sentAt: number, lsn: string): void {
    const position = parseWalPosition(lsn);
    for (const topic of CHANGE_TOPICS) {
      const heardAt = this.heardAt.get(topic) ?? 0;
      if (heardAt > sentAt || (this.positions.get(topic)?.heard ?? -1) >= heardAt) continue;
      this.positions.set(topic, { heard: heardAt, position });
    }
  }

  /** The round trip's statement: the empty query, or the primary's WAL position when the feed tracks it. */
  private roundTripOn(client: Client): Promise<void> {
    const sentAt = this.heard;
    if (!this.walPositions) return client.query("").then(() => undefined);
    return client.query<{ lsn: string }>(WAL_POSITION).then(({ rows }) => this.recordPosition(sentAt, rows[0].lsn));
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
    // The notifications come before its answer.
    this.roundTripOn(client).then(
      () => settle(true),
      (error: Error) => {
        settle(false);
        // A connection whose statement fails (its server went into recovery) is listening nowhere useful.
        if (this.listener === client && this.walPositions) this.dropListener?.(error);
      },
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
        // Anything may have changed while nobody was listening: a change of every topic, whose
        // position is the primary's now.
        for (const topic of CHANGE_TOPICS) this.heardAt.set(topic, ++this.heard);
        if (this.walPositions) await this.roundTripOn(client);
        if (this.listener !== client) return;
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
    if (!topic) return;
    this.heardAt.set(topic, ++this.heard);
    this.publish({ topic, key: payload || undefined });
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
