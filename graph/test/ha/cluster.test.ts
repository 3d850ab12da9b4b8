import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  eventually,
  startHaCluster,
  sleep,
  withConnection,
  type ClusterNode,
  type HaCluster,
} from "../support/ha-cluster";

/*
 * The highly available PostgreSQL cluster of deploy/ (Patroni, etcd, HAProxy from Debian's
 * packages: scripts/ensure-ha-packages.sh) survives losing its primary. Heavy (three PostgreSQL
 * servers): npm test runs it among the API files, npm run test:ha -w graph alone. Timings are
 * printed, never asserted.
 */

// Failovers take seconds each, longer while the API files share the cores.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

let cluster: HaCluster;
let firstLeader: ClusterNode;

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** Rows of the test's table as one node sees them, straight from that node (not through HAProxy). */
const idsOn = (node: ClusterNode) =>
  withConnection(cluster.url(node.port), async (client) =>
    (await client.query<{ id: number }>("SELECT id FROM acknowledged ORDER BY id")).rows.map((row) => row.id),
  );

const insertThroughBalancer = (id: number, timeoutMs = 3_000) =>
  withConnection(
    cluster.url(cluster.readWritePort),
    (client) => client.query("INSERT INTO acknowledged (id) VALUES ($1)", [id]),
    timeoutMs,
  );

/** The synchronous standby, once Patroni's store and the leader's PostgreSQL agree on it. */
const syncStandby = () =>
  eventually(
    "one synchronous standby agreed on",
    async () => {
      const node = await cluster.syncStandby();
      if (!node) throw new Error("no agreement yet");
      return node;
    },
    30_000,
  );

beforeAll(async () => {
  const started = Date.now();
  cluster = await startHaCluster(fs.mkdtempSync(path.join(os.tmpdir(), "partshop-ha-")));
  firstLeader = await cluster.waitUntilHealthy(2, 120_000);
  console.log(`[ha] a leader (${firstLeader.name}) and two streaming replicas after ${seconds(started)} s`);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe("a three-node PostgreSQL cluster behind HAProxy", () => {
  it("sends read-write connections to the primary and read-only ones to a replica", async () => {
    const inRecovery = (port: number) =>
      withConnection(cluster.url(port), async (client) => {
        const { rows } = await client.query<{ recovery: boolean }>("SELECT pg_is_in_recovery() AS recovery");
        return rows[0].recovery;
      });
    expect(await inRecovery(cluster.readWritePort)).toBe(false);
    expect(await inRecovery(cluster.readOnlyPort)).toBe(true);
  });

  it("replicates synchronously and strictly, to one synchronous standby", async () => {
    const primary = await withConnection(cluster.url(cluster.readWritePort), async (client) => {
      const settings = await client.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('synchronous_standby_names', 'synchronous_commit')",
      );
      const replication = await client.query<{ sync_state: string }>("SELECT sync_state FROM pg_stat_replication");
      return {
        settings: Object.fromEntries(settings.rows.map((row) => [row.name, row.setting])) as Record<string, string>,
        syncStates: replication.rows.map((row) => row.sync_state).sort(),
      };
    });
    expect(primary.settings.synchronous_commit).toBe("on");
    expect(primary.settings.synchronous_standby_names).not.toBe("");
    expect(primary.syncStates).toHaveLength(2);
    expect(primary.syncStates).toContain("sync");
    // The cluster-wide settings Patroni keeps in etcd (bootstrap.dcs of deploy/patroni/patroni.yml).
    const config = (await (await fetch(`http://127.0.0.1:${firstLeader.restPort}/config`)).json()) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      synchronous_mode: true,
      synchronous_mode_strict: true,
      ttl: 10,
      loop_wait: 2,
      retry_timeout: 4,
    });
  });

  it("makes a write through the read-write port readable on both replicas", async () => {
    await withConnection(cluster.url(cluster.readWritePort), async (client) => {
      await client.query("CREATE TABLE acknowledged (id integer PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())");
    });
    await insertThroughBalancer(1);
    const replicas = cluster.nodes.filter((node) => node !== firstLeader);
    for (const replica of replicas)
      // The synchronous standby has it at commit; the other one soon after.
      expect(
        await eventually(
          `${replica.name} has row 1`,
          async () => {
            const ids = await idsOn(replica);
            if (!ids.includes(1)) throw new Error(`${replica.name} sees ${JSON.stringify(ids)}`);
            return ids;
          },
          10_000,
        ),
      ).toEqual([1]);
  });

  it("accepts writes again after kill -9 of the leader's postmaster and Patroni, losing none acknowledged", async () => {
    const acknowledged = new Set<number>([1]);
    const unknown = new Set<number>();
    let nextId = 2;
    // A writer through HAProxy, one insert at a time, until told to stop: each 2xx-like answer is acknowledged.
    let writing = true;
    let lastFailureAt = 0;
    const writer = (async () => {
      while (writing) {
        const id = nextId++;
        try {
          await insertThroughBalancer(id);
          acknowledged.add(id);
        } catch {
          // A timeout may still have committed: its outcome is unknown, never counted as lost.
          unknown.add(id);
          lastFailureAt = Date.now();
          await sleep(100);
        }
      }
    })();
    // The kill happens once the writer has had some writes acknowledged (an event, not a clock).
    await eventually(
      "20 writes acknowledged before the kill",
      async () => {
        if (acknowledged.size < 20) throw new Error(`${acknowledged.size} so far`);
      },
      30_000,
    );

    const killedAt = Date.now();
    const killed = await firstLeader.kill();
    const acknowledgedBeforeKill = acknowledged.size;
    console.log(
      `[ha] killed ${firstLeader.name} (postmaster ${killed.postmaster}, Patroni ${killed.patroni}) after ${acknowledgedBeforeKill} acknowledged writes`,
    );

    // Writes resume: the first insert acknowledged after the kill (a generous bound, not the goal).
    const resumed = await eventually(
      "a write through HAProxy acknowledged after the kill",
      async () => {
        const id = nextId++;
        try {
          await insertThroughBalancer(id);
        } catch (error) {
          unknown.add(id);
          throw error;
        }
        acknowledged.add(id);
        return Date.now();
      },
      90_000,
    );
    console.log(
      `[ha] writes through HAProxy succeeded again ${((resumed - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    await sleep(1_000);
    writing = false;
    await writer;
    console.log(
      `[ha] ${acknowledged.size} writes acknowledged, ${unknown.size} failed or timed out (outcome unknown); the writer's last failure ${lastFailureAt ? ((lastFailureAt - killedAt) / 1000).toFixed(1) + " s after the kill" : "never"}`,
    );

    const newLeader = await cluster.leader();
    expect(newLeader).not.toBeNull();
    expect(newLeader!.name).not.toBe(firstLeader.name);
    const onNewLeader = new Set(await idsOn(newLeader!));
    const lost = [...acknowledged].filter((id) => !onNewLeader.has(id));
    expect(lost).toEqual([]);
    // Nothing is there that the writer never sent.
    expect([...onNewLeader].every((id) => acknowledged.has(id) || unknown.has(id))).toBe(true);
  });

  it("takes the old leader back as a replica once its Patroni is restarted", async () => {
    const restartedAt = Date.now();
    firstLeader.start();
    const leader = await cluster.waitUntilHealthy(2, 120_000);
    console.log(
      `[ha] ${firstLeader.name} streams again from ${leader.name} ${seconds(restartedAt)} s after its restart`,
    );
    expect(leader).not.toBe(firstLeader);
    expect((await firstLeader.status())?.role).toBe("replica");
    // HAProxy follows the new roles: read-write to the new leader, read-only to a replica.
    const serverPort = (port: number) =>
      withConnection(cluster.url(port), async (client) => {
        const { rows } = await client.query<{ port: string; recovery: boolean }>(
          "SELECT current_setting('port') AS port, pg_is_in_recovery() AS recovery",
        );
        return rows[0];
      });
    expect(await serverPort(cluster.readWritePort)).toEqual({ port: String(leader.port), recovery: false });
    expect((await serverPort(cluster.readOnlyPort)).recovery).toBe(true);
    // It has every write made while it was down, from the new leader.
    const onLeader = await idsOn(leader);
    await eventually(
      `${firstLeader.name} has caught up`,
      async () => {
        expect(await idsOn(firstLeader)).toEqual(onLeader);
      },
      10_000,
    );
  });

  it("goes on writing with one replica stopped, each acknowledged write on the remaining replica", async () => {
    const leader = (await cluster.leader())!;
    // The synchronous standby, so the leader must make the other replica its synchronous standby.
    const stopped = await syncStandby();
    const remaining = cluster.nodes.find((node) => node !== leader && node !== stopped)!;
    const stoppedAt = Date.now();
    await stopped.stop();
    // The leader makes the remaining replica its synchronous standby within a loop or two.
    await eventually("a write acknowledged with one replica stopped", () => insertThroughBalancer(10_001), 30_000);
    console.log(
      `[ha] with ${stopped.name} stopped, a write was acknowledged ${seconds(stoppedAt)} s after its stop began`,
    );
    // Synchronous: acknowledged means the remaining replica has it (replay follows within moments).
    await eventually(
      `${remaining.name} has the write`,
      async () => expect(await idsOn(remaining)).toContain(10_001),
      5_000,
    );
    const restartedAt = Date.now();
    stopped.start();
    await cluster.waitUntilHealthy(2, 120_000);
    console.log(`[ha] ${stopped.name} streams again ${seconds(restartedAt)} s after its restart`);
    expect(await idsOn(stopped)).toContain(10_001);
  });

  it("holds writes while no replica can confirm them (strict), and takes them again when one returns", async () => {
    const leader = (await cluster.leader())!;
    const replicas = cluster.nodes.filter((node) => node !== leader);
    await Promise.all(replicas.map((replica) => replica.stop()));
    await withConnection(
      cluster.url(cluster.readWritePort),
      async (writer) => {
        const held = writer.query("INSERT INTO acknowledged (id) VALUES (20001)");
        held.catch(() => undefined);
        // The commit waits for a synchronous standby: on the primary, nothing confirms it.
        await eventually(
          "the write waiting for a synchronous standby",
          async () =>
            withConnection(cluster.url(leader.port), async (client) => {
              const { rows } = await client.query(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'SyncRep' AND query LIKE 'INSERT INTO acknowledged%'",
              );
              expect(rows).toHaveLength(1);
            }),
          15_000,
        );
        const restartedAt = Date.now();
        for (const replica of replicas) replica.start();
        await held;
        console.log(`[ha] the held write was acknowledged ${seconds(restartedAt)} s after the replicas' restart`);
      },
      90_000,
    );
    await cluster.waitUntilHealthy(2, 120_000);
    // It is on every node.
    for (const node of cluster.nodes)
      await eventually(
        `${node.name} has the held write`,
        async () => expect(await idsOn(node)).toContain(20_001),
        10_000,
      );
  });
  it("switches over to a chosen replica on an operator's request, losing no acknowledged write", async () => {
    const leader = (await cluster.leader())!;
    // In synchronous mode only the synchronous standby may take over: it has every acknowledged commit.
    const candidate = await syncStandby();
    const failedWrites: number[] = [];
    const acknowledged: number[] = [];
    let writing = true;
    let nextId = 30_001;
    const writer = (async () => {
      while (writing) {
        const startedAt = Date.now();
        const id = nextId++;
        await insertThroughBalancer(id).then(
          () => acknowledged.push(id),
          () => failedWrites.push(startedAt),
        );
      }
    })();
    const requestedAt = Date.now();
    const answer = await cluster.patronictl([
      "switchover",
      "partshop",
      "--leader",
      leader.name,
      "--candidate",
      candidate.name,
      "--force",
    ]);
    // patronictl may return before the old leader has let go of its key.
    await eventually(
      `${candidate.name} leading after the switchover (patronictl said: ${answer.trim()})`,
      async () => expect((await cluster.leader())?.name).toBe(candidate.name),
      60_000,
    );
    const healthy = await cluster.waitUntilHealthy(2, 120_000);
    writing = false;
    await writer;
    console.log(
      `[ha] switchover ${leader.name} -> ${candidate.name}: healthy ${seconds(requestedAt)} s after the request; ${acknowledged.length} writes acknowledged, ${failedWrites.length} failed${failedWrites.length ? ` (the last started ${((failedWrites[failedWrites.length - 1] - requestedAt) / 1000).toFixed(1)} s after the request)` : ""}`,
    );
    expect(healthy.name).toBe(candidate.name);
    const onNewLeader = new Set(await idsOn(healthy));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((id) => !onNewLeader.has(id))).toEqual([]);
    expect((await leader.status())?.role).toBe("replica");
  });
});
