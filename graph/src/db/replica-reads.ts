import pg, { type PoolClient } from "pg";
import type { Logger as Pino } from "pino";
import type { DataSource } from "typeorm";
import { createDataSource } from "./data-source";
import { isAtLeast, parseWalPosition, type WalPosition } from "./wal-position";

/** Which pool answered a read routed by the catalogue's handle. */
export type ReadPool = "primary" | "replica";

/** What decides, for each connection the catalogue's reads take, whether a replica may serve it. */
export interface ReplicaRouting {
  /**
   * The primary's WAL position a replica must have replayed for its answer to be as fresh as the
   * primary's (every change heard so far, and every change committed before the call), or null
   * when only the primary can tell (see ChangeFeed.positionFor).
   */
  positionNeeded(): Promise<WalPosition | null>;
  /** Counts each read by the pool that answered it (the shop's metrics). */
  counted?(pool: ReadPool): void;
}

/** pg keeps the pool under TypeORM's PostgreSQL driver here. */
const poolOf = (db: DataSource) => (db.driver as unknown as { master: pg.Pool }).master;

type ConnectCallback = (
  error: Error | undefined,
  client: PoolClient | undefined,
  release: (error?: Error) => void,
) => void;

/** SQLSTATEs and socket errors of a connection lost under a statement: its server stopped or went away. */
const LOST_CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08003", "08006", "ECONNRESET", "EPIPE"]);

/** Whether `error` says the connection went away (not that the statement was refused): the read may run elsewhere. */
export function lostConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === "string" && LOST_CONNECTION_CODES.has(code)) ||
    (typeof message === "string" && /Connection terminated|not queryable/i.test(message))
  );
}

/** A pg query argument that runs itself (a cursor, a stream): it cannot be sent again. */
const submittable = (argument: unknown) => typeof (argument as { submit?: unknown } | null)?.submit === "function";

/**
 * The replica pool, whose every connection checks out where the read it serves may run: a replica
 * connection that has replayed the position the routing asks for, or else the primary's pool (the
 * main data source's). The position a replica connection has replayed is remembered per
 * connection, so a replica is asked only when it seemed behind. A replica that cannot be reached
 * sends the read to the primary; a primary that cannot be reached sends it to a replica as it is
 * (no write can be acknowledged meanwhile, so it is the freshest answer there is).
 */
function routedPoolClass(primary: DataSource, routing: ReplicaRouting) {
  const replayed = new WeakMap<PoolClient, WalPosition>();
  /** Each guarded client's own query, unguarded: the replay check must not be sent to the primary. */
  const unguarded = new WeakMap<PoolClient, (...args: unknown[]) => unknown>();

  /**
   * A read whose replica went away under it (stopped, restarted, cut by HAProxy) is read again on
   * the primary: a replica lost costs that read a second trip, never an error. Only reads use this
   * pool, so a statement is safe to send twice.
   */
  const rereadOnPrimary = (args: unknown[], error: unknown) => {
    if (!lostConnection(error) || submittable(args[0])) return Promise.reject(error);
    routing.counted?.("primary");
    return (poolOf(primary).query as (...args: unknown[]) => Promise<pg.QueryResult>)(...args);
  };

  /** The replica client with its promise-style statements read again on the primary when the connection is lost. */
  const guard = (client: PoolClient): PoolClient => {
    if (unguarded.has(client)) return client;
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    unguarded.set(client, send);
    client.query = ((...args: unknown[]) => {
      const answer = send(...args);
      if (!(answer instanceof Promise)) return answer;
      return answer.catch((error: unknown) => rereadOnPrimary(args, error));
    }) as PoolClient["query"];
    return client;
  };

  return class RoutedPool extends pg.Pool {
    connect(): Promise<PoolClient>;
    connect(callback: ConnectCallback): void;
    connect(callback?: ConnectCallback): Promise<PoolClient> | void {
      const routed = this.routedClient();
      if (!callback) return routed;
      routed.then(
        (client) => callback(undefined, client, (error?: Error) => client.release(error)),
        (error: Error) => callback(error, undefined, () => undefined),
      );
    }

    private async routedClient(): Promise<PoolClient> {
      const needed = await routing.positionNeeded().catch(() => null);
      if (needed !== null) {
        const replica = await this.replicaAt(needed);
        if (replica) return this.counted(guard(replica), "replica");
      }
      let client: PoolClient;
      try {
        client = await poolOf(primary).connect();
      } catch (error) {
        if (needed !== null) throw error;
        // No primary: the replicas are the freshest answer there is.
        client = await super.connect().catch(() => Promise.reject(error));
        return this.counted(guard(client), "replica");
      }
      return this.counted(client, "primary");
    }

    /**
     * pg-pool's own query (a statement on a connection it takes and gives back), read again on the
     * primary when the connection is lost: the pool answers its caller as soon as the connection
     * reports the loss, before a guarded client's statement could be sent again.
     */
    query(...args: unknown[]): any {
      const callback =
        typeof args[args.length - 1] === "function"
          ? (args.pop() as (error: Error | undefined, result?: pg.QueryResult) => void)
          : undefined;
      const send = super.query.bind(this) as (...args: unknown[]) => Promise<pg.QueryResult>;
      const answer = submittable(args[0])
        ? send(...args)
        : send(...args).catch((error) => rereadOnPrimary(args, error));
      if (!callback) return answer;
      answer.then(
        (result) => callback(undefined, result),
        (error: Error) => callback(error),
      );
    }

    /** A replica connection that has replayed `needed`, or null (none reachable, or behind). */
    private async replicaAt(needed: WalPosition): Promise<PoolClient | null> {
      let client: PoolClient;
      try {
        client = await super.connect();
      } catch {
        return null;
      }
      try {
        const known = replayed.get(client);
        if (known !== undefined && isAtLeast(known, needed)) return client;
        const query = unguarded.get(client) ?? client.query.bind(client);
        const { rows } = (await query("SELECT pg_last_wal_replay_lsn()::text AS lsn")) as pg.QueryResult<{
          lsn: string | null;
        }>;
        if (rows[0].lsn === null) {
          // Not a standby (a server out of recovery): its answers are not the replicas' to give.
          client.release(new Error("not a standby"));
          return null;
        }
        const position = parseWalPosition(rows[0].lsn);
        replayed.set(client, position);
        if (isAtLeast(position, needed)) return client;
        client.release();
        return null;
      } catch (error) {
        client.release(error as Error);
        return null;
      }
    }

    private counted(client: PoolClient, pool: ReadPool): PoolClient {
      routing.counted?.(pool);
      return client;
    }
  };
}

/**
 * The data source the catalogue's reads use (parts, search, products, reviews, laptop models, the
 * sitemap). Without `replicaUrl` it is `primary` itself: one pool, as a shop without replicas has.
 * With it, a data source on the replicas whose connections are routed as RoutedPool says. It
 * starts on the primary (the routing sends everything there until the change feed is live), so a
 * replica that is down at start-up delays nothing.
 */
export async function catalogueReadsOn(
  primary: DataSource,
  replicaUrl: string | null,
  routing: ReplicaRouting,
  log: Pino,
  options: { poolSize?: number } = {},
): Promise<DataSource> {
  if (!replicaUrl) return primary;
  const reads = createDataSource(replicaUrl, log, {
    ...options,
    driver: Object.assign(Object.create(pg) as typeof pg, { Pool: routedPoolClass(primary, routing) }),
  });
  await reads.initialize();
  return reads;
}
