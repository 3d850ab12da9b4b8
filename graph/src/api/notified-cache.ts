import { ChangeTopic, ChangeFeed } from "../domain/change-feed";

export interface NotifiedCacheOptions {
  /**
   * A topic whose changes name the one entry that changed (the entry's key is a user id): only
   * that entry goes. (A change of it without a key still drops everything tagged with it.)
   */
  keyedTopic?: ChangeTopic;
  maxEntries: number;
  maxBytes: number;
}

/**
 * Values derived from the database, kept in memory, each tagged with the topics it derives from
 * and dropped when one of them changes. The rule: a cached value is never stale after a write is
 * acknowledged.
 *
 * - Any writer at all (this process, another server process, psql, a migration) fires a database
 *   trigger that announces the change at commit (domain/change-feed.ts); the entries of its topic are
 *   dropped when it arrives.
 * - While the feed is down nothing is served and nothing is stored.
 * - A value computed by a request is stored only if none of its topics (nor its own key) changed
 *   while it was computed, so a read racing a write cannot store the old state.
 * - Before a cached value is used, the request waits for `afterPendingChanges` (ChangeFeed): every
 *   change committed before the request came in, by anyone, has been heard by then. So an answer
 *   acknowledged to a writer is never followed by a stale read, in any process.
 */
export class NotifiedCache<V extends { bytes: number }> {
  /** Counts changes; `version()` hands it out, `set` compares. */
  private generation = 0;
  private readonly topicChangedAt = new Map<ChangeTopic, number>();
  private keyChangedAt = new Map<string, number>();
  private readonly entries = new Map<string, { value: V; topics: readonly ChangeTopic[] }>();
  private readonly keysByTopic = new Map<ChangeTopic, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly events: ChangeFeed,
    private readonly options: NotifiedCacheOptions,
  ) {
    events.subscribe(["catalogue", "accounts", "users"], ({ topic, key }) => {
      if (key !== undefined && topic === options.keyedTopic) this.keyChanged(key);
      else this.topicChanged(topic);
    });
  }

  /** A token for `set`: the value may be stored only if nothing it derives from changed since. */
  version(): number {
    return this.events.isLive ? this.generation : -1;
  }

  get(key: string): V | undefined {
    return this.events.isLive ? this.entries.get(key)?.value : undefined;
  }

  set(key: string, value: V, topics: readonly ChangeTopic[], version: number): boolean {
    if (!this.events.isLive || version < 0 || value.bytes > this.options.maxBytes / 16) return false;
    if (
      topics.some((topic) => (this.topicChangedAt.get(topic) ?? 0) > version) ||
      (this.keyChangedAt.get(key) ?? 0) > version
    )
      return false;
    this.delete(key);
    this.entries.set(key, { value, topics });
    for (const topic of topics) this.keysOf(topic).add(key);
    this.bytes += value.bytes;
    this.evictOldest();
    return true;
  }

  /** See ChangeFeed.afterPendingChanges: calls back once every change committed before now has been heard. */
  afterPendingChanges(callback: (ok: boolean) => void): void {
    this.events.afterPendingChanges(callback);
  }

  /**
   * The cached value once every change committed before this call has been heard, or undefined
   * (not cached, dropped meanwhile, or the feed is down).
   */
  getFresh(key: string): Promise<V | undefined> | undefined {
    if (!this.get(key)) return undefined;
    return new Promise((resolve) => this.afterPendingChanges((ok) => resolve(ok ? this.get(key) : undefined)));
  }

  private topicChanged(topic: ChangeTopic): void {
    this.topicChangedAt.set(topic, ++this.generation);
    // A change of the keyed topic as a whole covers every single-key change before it.
    if (topic === this.options.keyedTopic) this.keyChangedAt = new Map();
    for (const key of this.keysOf(topic)) this.delete(key);
  }

  /** A change of one entry voids only that entry; the record of such changes is bounded by becoming a change of the topic. */
  private keyChanged(key: string): void {
    if (this.keyChangedAt.size >= 10_000) return this.topicChanged(this.options.keyedTopic!);
    this.keyChangedAt.set(key, ++this.generation);
    this.delete(key);
  }

  private keysOf(topic: ChangeTopic): Set<string> {
    let keys = this.keysByTopic.get(topic);
    if (!keys) this.keysByTopic.set(topic, (keys = new Set()));
    return keys;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.bytes;
    for (const topic of entry.topics) this.keysByTopic.get(topic)?.delete(key);
  }

  /** Bounded: the oldest entries go first (Map keeps insertion order). */
  private evictOldest(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(key);
    }
  }
}
