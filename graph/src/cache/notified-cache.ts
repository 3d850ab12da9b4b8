import { ChangeFeed } from "./change-feed";

export interface NotifiedCacheOptions {
  /** The NOTIFY channels whose notifications drop entries: everything, by default. */
  channels: string[];
  /**
   * A channel whose payload names the one entry that changed (a user id): only that entry goes.
   * (An empty payload still drops everything.)
   */
  keyChannel?: string;
  maxEntries: number;
  maxBytes: number;
}

/**
 * Values derived from the database, kept in memory and dropped whenever what they derive from
 * changes. The rule: a cached value is never stale after a write is acknowledged.
 *
 * - In this process, every service call that writes calls `changed()` once its transaction is
 *   over and before its answer goes out (see services/index.ts).
 * - Any writer at all (another server process, psql, a migration) fires a database trigger that
 *   NOTIFYs the cache's channels at commit (migrations 1763900000000, 1764100000000,
 *   1764200000000); the process's ChangeFeed LISTENs and drops the entries when it arrives.
 * - While the feed is down nothing is served and nothing is stored.
 * - A value computed by a request is stored only if no change to it (or to everything) happened
 *   while it was computed, so a read racing a write cannot store the old state.
 * - Before a cached value is used, the request waits for `afterPendingChanges` (ChangeFeed): every
 *   change committed before the request came in, by anyone, has been heard by then.
 */
export class NotifiedCache<V extends { bytes: number }> {
  /** Counts changes; `version()` hands it out, `set` compares. */
  private generation = 0;
  /** The generation of the last change of everything, and of the last change of single entries. */
  private allChangedAt = 0;
  private keyChangedAt = new Map<string, number>();
  private entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: NotifiedCacheOptions,
  ) {
    for (const channel of options.channels) {
      feed.subscribe(channel, (payload) => this.changed(channel === options.keyChannel && payload ? payload : undefined));
    }
  }

  /** Something changed (only `key`, when given): drop it and void values being computed. Synchronous. */
  changed(key?: string): void {
    this.generation++;
    // A change of one entry voids only that entry's values being computed; the record of such
    // changes is bounded by turning into a change of everything.
    if (key !== undefined && this.keyChangedAt.size < 10_000) {
      this.keyChangedAt.set(key, this.generation);
      const previous = this.entries.get(key);
      if (previous) {
        this.entries.delete(key);
        this.bytes -= previous.bytes;
      }
      return;
    }
    this.allChangedAt = this.generation;
    this.keyChangedAt = new Map();
    if (this.entries.size) this.entries = new Map();
    this.bytes = 0;
  }

  /** A token for `set`: the value may be stored only if nothing changed since it was taken. */
  version(): number {
    return this.feed.isLive ? this.generation : -1;
  }

  get(key: string): V | undefined {
    return this.feed.isLive ? this.entries.get(key) : undefined;
  }

  set(key: string, value: V, version: number): boolean {
    const { maxEntries, maxBytes } = this.options;
    if (!this.feed.isLive || version < 0 || value.bytes > maxBytes / 16) return false;
    if (this.allChangedAt > version || (this.keyChangedAt.get(key) ?? 0) > version) return false;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.bytes;
    this.entries.set(key, value);
    this.bytes += value.bytes;
    // Bounded: the oldest entries go first (Map keeps insertion order).
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes;
    }
    return true;
  }

  /** See ChangeFeed.afterPendingChanges: call back once every change committed before now has been heard. */
  afterPendingChanges(callback: (ok: boolean) => void): void {
    this.feed.afterPendingChanges(callback);
  }

  /**
   * The cached value once every change committed before this call has been heard, or undefined
   * (not cached, dropped meanwhile, or the feed is down).
   */
  getFresh(key: string): Promise<V | undefined> | undefined {
    if (!this.get(key)) return undefined;
    return new Promise((resolve) => this.afterPendingChanges((ok) => resolve(ok ? this.get(key) : undefined)));
  }
}

/** Wraps the given methods so that each call, once settled, drops the cached catalogue (see NotifiedCache). */
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
