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
        if (replica) return this.counted(replica, "replica");
      }
      let client: PoolClient;
      try {
        client = await poolOf(primary).connect();
      } catch (error) {
        if (needed !== null) throw error;
        // No primary: the replicas are the freshest answer there is.
        client = await super.connect().catch(() => Promise.reject(error));
        return this.counted(client, "replica");
      }
      return this.counted(client, "primary");
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
        const { rows } = await client.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
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
