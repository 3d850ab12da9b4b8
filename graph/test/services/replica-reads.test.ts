import pino from "pino";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDataSource } from "../../src/db/data-source";
import { catalogueReadsOn, type ReadPool, type ReplicaRouting } from "../../src/db/replica-reads";
import { seedIfEmpty } from "../../src/db/seed";
import { parseWalPosition, type WalPosition } from "../../src/db/wal-position";
import { ChangeFeed } from "../../src/domain/change-feed";
import { freePort } from "../support/processes";
import { database, withClient } from "./support/services";

/*
 * The rules that keep replica reads as fresh as the primary's, on the file's database: the change
 * feed knows what a replica must have replayed, and the catalogue's pool sends each read where it
 * may go. A real standby (a replica that has or has not replayed) is test/ha/replicas.test.ts's.
 */

const silentLog = pino({ level: "silent" });
const SILENT_EVENTS_LOG = { warn: () => undefined, info: () => undefined };

let db: DataSource;
let url: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  db = await database();
  await seedIfEmpty(db, () => undefined);
  url = (db.options as { url: string }).url;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function liveFeed(options: { walPositions: boolean }): Promise<ChangeFeed> {
  const feed = new ChangeFeed(options).listenTo(url, SILENT_EVENTS_LOG);
  cleanups.push(() => feed.stop());
  await vi.waitFor(
    () => {
      if (!feed.isLive) throw new Error("the change feed is not live yet");
    },
    { timeout: 10_000, interval: 20 },
  );
  return feed;
}

/** The primary's WAL insert position now (past every commit acknowledged), asked on a connection of its own. */
const primaryPosition = () =>
  withClient(async (client) =>
    parseWalPosition(
      (await client.query<{ lsn: string }>("SELECT pg_current_wal_insert_lsn()::text AS lsn")).rows[0].lsn,
    ),
  );

describe("what a replica must have replayed to answer a read (the change feed)", () => {
  it("after a catalogue change is committed, reading the catalogue needs a position at or past its commit", async () => {
    const feed = await liveFeed({ walPositions: true });
    const before = await feed.positionFor("catalogue");
    expect(before).not.toBeNull();
    await withClient((client) => client.query("UPDATE parts SET available = available + 1 WHERE seq = 1"));
    // Past the commit: PostgreSQL's insert position once the commit is acknowledged.
    const committed = await primaryPosition();
    const needed = await feed.positionFor("catalogue");
    expect(needed).not.toBeNull();
    expect(needed!).toBeGreaterThanOrEqual(committed);
    expect(needed!).toBeGreaterThan(before!);
  });

  it("a topic that did not change asks no more of a replica than before the change of another", async () => {
    const feed = await liveFeed({ walPositions: true });
    const usersBefore = await feed.positionFor("users");
    await withClient((client) => client.query("UPDATE parts SET available = available + 1 WHERE seq = 2"));
    const committed = await primaryPosition();
    expect(await feed.positionFor("catalogue")).toBeGreaterThanOrEqual(committed);
    expect(await feed.positionFor("users")).toBe(usersBefore);
    expect(usersBefore!).toBeLessThan(committed);
  });

  it("a feed whose connection is cut goes down, and on its new connection requires the primary's position then", async () => {
    const feed = await liveFeed({ walPositions: true });
    const heard: string[] = [];
    feed.subscribe(["catalogue"], (change) => heard.push(change.key ?? "everything"));
    const before = await feed.positionFor("catalogue");
    // What a failover does to it: its server goes away (here: its backend is terminated).
    await withClient((client) =>
      client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'partshop-change-feed' AND datname = current_database()",
      ),
    );
    await vi.waitFor(
      () => {
        if (feed.isLive) throw new Error("still live");
      },
      { timeout: 10_000, interval: 10 },
    );
    expect(await feed.positionFor("catalogue")).toBeNull();
    await withClient((client) => client.query("UPDATE parts SET available = available + 1 WHERE seq = 3"));
    const committed = await primaryPosition();
    await vi.waitFor(
      () => {
        if (!feed.isLive) throw new Error("not live again");
      },
      { timeout: 15_000, interval: 20 },
    );
    // Whatever changed while nobody listened: everything cached was dropped, and a replica must
    // have replayed at least the position of the moment the feed listened again.
    expect(heard).toContain("everything");
    expect(await feed.positionFor("catalogue")).toBeGreaterThanOrEqual(committed);
    expect(committed).toBeGreaterThan(before!);
  });

  it("only the primary can answer fresh when the feed does not track positions, or is stopped", async () => {
    const untracked = await liveFeed({ walPositions: false });
    expect(await untracked.positionFor("catalogue")).toBeNull();
    const stopped = await liveFeed({ walPositions: true });
    await stopped.stop();
    expect(await stopped.positionFor("catalogue")).toBeNull();
  });
});

/** The catalogue's data source on `replicaUrl` routed by `positionNeeded`, and the pools that served its reads. */
async function routedReads(
  primary: DataSource,
  replicaUrl: string | null,
  positionNeeded: () => Promise<WalPosition | null>,
): Promise<{ reads: DataSource; served: ReadPool[] }> {
  const served: ReadPool[] = [];
  const routing: ReplicaRouting = { positionNeeded, counted: (pool) => served.push(pool) };
  const reads = await catalogueReadsOn(primary, replicaUrl, routing, silentLog, { poolSize: 2 });
  if (reads !== primary) cleanups.push(() => reads.destroy());
  served.length = 0;
  return { reads, served };
}

const aPart = (reads: DataSource) => reads.query("SELECT name FROM parts ORDER BY seq LIMIT 1");

describe("where the catalogue's reads go (the replica pool)", () => {
  it("without a replica URL, the catalogue reads the primary's own data source: one pool, as before", async () => {
    const { reads } = await routedReads(db, null, async () => 0n);
    expect(reads).toBe(db);
  });

  it("a read the routing keeps on the primary is answered by the primary's pool", async () => {
    const { reads, served } = await routedReads(db, url, async () => null);
    expect(await aPart(reads)).toHaveLength(1);
    expect(served).toEqual(["primary"]);
  });

  it("a server that is not a standby never answers as a replica, however little is needed", async () => {
    // The file's database is a primary: pg_last_wal_replay_lsn() is null there.
    const { reads, served } = await routedReads(db, url, async () => 0n);
    expect(await aPart(reads)).toHaveLength(1);
    expect(await aPart(reads)).toHaveLength(1);
    expect(served).toEqual(["primary", "primary"]);
  });

  it("a replica that cannot be reached sends the read to the primary", async () => {
    const nowhere = `postgres://partshop:x@127.0.0.1:${await freePort()}/partshop`;
    const { reads, served } = await routedReads(db, nowhere, async () => 0n);
    expect(await aPart(reads)).toHaveLength(1);
    expect(served).toEqual(["primary"]);
  });

  it("a primary that cannot give a connection sends a read it would have answered to the replicas", async () => {
    const primary = createDataSource(url, silentLog, { poolSize: 1 });
    await primary.initialize();
    const { reads, served } = await routedReads(primary, url, async () => null);
    await primary.destroy();
    expect(await aPart(reads)).toHaveLength(1);
    expect(served).toEqual(["replica"]);
  });
});
