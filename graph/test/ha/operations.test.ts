import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHaCluster, sleep, withConnection, type ClusterNode, type HaCluster } from "../support/ha-cluster";
import {
  asPostgresUser,
  DATABASE_RULES,
  DEPLOY_DIR,
  postgresFolder,
  runInBackground,
  startPostgres,
  startPrometheus,
  type Prometheus,
} from "../support/servers";

/*
 * What an operator does with the highly available cluster besides failing over (docs/operations.md's
 * runbook): pgBackRest backups taken from a standby with WAL archived from the primary, a
 * point-in-time restore of them, and the cluster's alerts (deploy/prometheus/database.rules.yml)
 * in a real Prometheus scraping each node's Patroni. One cluster for both: the alerts come last, as
 * they stop nodes. Timings are printed, never asserted.
 */

const STANZA = "partshop";

let cluster: HaCluster;
/** pgBackRest's repository, configuration files and the restored data directory. */
let folder: string;
let repositoryConfig: string;

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** A deploy/pgbackrest file as it is, but for the lines a test on one machine must change. */
function deployedPgbackrestConfig(
  file: string,
  change: { drop: RegExp; set: Record<string, string>; addToStanza?: Record<string, string> },
): string {
  let config = fs.readFileSync(path.join(DEPLOY_DIR, "pgbackrest", file), "utf8");
  if (!new RegExp(change.drop.source, "m").test(config))
    throw new Error(`deploy/pgbackrest/${file} has no line matching ${change.drop}`);
  config = config.replace(new RegExp(change.drop.source, "gm"), "");
  for (const [key, value] of Object.entries(change.set)) {
    const line = new RegExp(`^${key}=.*$`, "m");
    if (!line.test(config)) throw new Error(`deploy/pgbackrest/${file} has no ${key}`);
    config = config.replace(line, `${key}=${value}`);
  }
  // This test's own lock and spool folders: another test's pgBackRest may run on the same stanza name.
  const own = postgresFolder(path.join(folder, "pgbackrest-run"));
  const lines = (options: Record<string, string>) =>
    Object.entries(options)
      .map(([key, value]) => `\n${key}=${value}`)
      .join("");
  return config
    .replace(/^\[global\]$/m, `[global]${lines({ "lock-path": own, "spool-path": own })}`)
    .replace(/^\[partshop\]$/m, `[partshop]${lines(change.addToStanza ?? {})}`);
}

/** deploy/pgbackrest/cluster-node.conf for a node (or a restore) whose data directory is `dataDir`. */
function nodeConfig(dataDir: string): string {
  return deployedPgbackrestConfig("cluster-node.conf", {
    drop: /^repo1-host.*\n/,
    set: { "repo1-path": path.join(folder, "repository"), "pg1-path": dataDir },
  });
}

function writeConfig(name: string, text: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, text, { mode: 0o644 });
  return file;
}

const pgbackrest = (config: string, args: string[]) =>
  runInBackground(...asPostgresUser("pgbackrest", [`--config=${config}`, `--stanza=${STANZA}`, ...args]));

const insertThroughBalancer = (ids: number[]) =>
  withConnection(cluster.url(cluster.readWritePort), (client) =>
    client.query("INSERT INTO restore_probe (id) SELECT unnest($1::int[])", [ids]),
  );

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

beforeAll(async () => {
  const started = Date.now();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-ha-backup-"));
  fs.chmodSync(folder, 0o755);
  postgresFolder(path.join(folder, "repository"));
  // Each node pushes its WAL with its own cluster-node.conf, as on three machines.
  cluster = await startHaCluster(fs.mkdtempSync(path.join(os.tmpdir(), "partshop-ha-ops-")), {
    archiveCommand: ({ name, dataDir }) => {
      const config = writeConfig(`pgbackrest-${name}.conf`, nodeConfig(dataDir));
      return `pgbackrest --config=${config} --stanza=${STANZA} archive-push %p`;
    },
  });
  await cluster.waitUntilHealthy(2, 120_000);
  // The backup host's cluster.conf: every node's data directory, socket and port on this machine.
  const set: Record<string, string> = { "repo1-path": path.join(folder, "repository") };
  const addToStanza: Record<string, string> = {};
  cluster.nodes.forEach((node, index) => {
    set[`pg${index + 1}-path`] = node.dataDir;
    addToStanza[`pg${index + 1}-socket-path`] = node.socketDir;
    addToStanza[`pg${index + 1}-port`] = String(node.port);
  });
  repositoryConfig = writeConfig(
    "pgbackrest.conf",
    deployedPgbackrestConfig("cluster.conf", { drop: /^pg\d-host=.*\n/, set, addToStanza }),
  );
  await pgbackrest(repositoryConfig, ["stanza-create"]);
  await pgbackrest(repositoryConfig, ["check"]);
  console.log(`[ha-ops] cluster healthy and the stanza created after ${seconds(started)} s`);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe("backups from a replica", () => {
  it("takes a full backup's data files from a standby while WAL is archived from the primary, and restores to a point in time exactly the rows committed before it", async () => {
    await withConnection(cluster.url(cluster.readWritePort), (client) =>
      client.query("CREATE TABLE restore_probe (id integer PRIMARY KEY)"),
    );
    await insertThroughBalancer(range(1, 20));
    const leader = (await cluster.leader())!;
    const standbys = cluster.nodes.filter((node) => node !== leader);

    const backupStartedAt = Date.now();
    const backup = await pgbackrest(repositoryConfig, ["--type=full", "--log-level-console=detail", "backup"]);
    console.log(`[ha-ops] full backup from a standby in ${seconds(backupStartedAt)} s`);
    // pgBackRest names each file it copies: the tables' files come from a standby, none from the leader.
    const copiedFrom = (node: ClusterNode) =>
      backup.split("\n").filter((line) => line.includes(`backup file ${node.dataDir}/base/`)).length;
    expect(copiedFrom(leader)).toBe(0);
    expect(standbys.map(copiedFrom).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(100);
    expect(backup).toMatch(/replay on the standby reached/);

    // Writes after the backup, then the point to restore to, then more writes.
    const before: number[] = [...range(1, 20)];
    for (let batch = 0; batch < 10; batch++) {
      const ids = range(1_000 + batch * 10, 10);
      await insertThroughBalancer(ids);
      before.push(...ids);
    }
    await sleep(1_000);
    const target = new Date();
    await sleep(1_000);
    for (let batch = 0; batch < 10; batch++) await insertThroughBalancer(range(2_000 + batch * 10, 10));
    // check switches the primary to a new WAL segment and waits until it is in the repository.
    await pgbackrest(repositoryConfig, ["check"]);

    // The runbook's restore, on a machine of its own: an empty data directory and cluster-node.conf.
    const restoredDir = postgresFolder(path.join(folder, "restored"));
    const restoreConfig = writeConfig("pgbackrest-restore.conf", nodeConfig(restoredDir));
    const restoreStartedAt = Date.now();
    await pgbackrest(restoreConfig, [
      "--type=time",
      `--target=${target.toISOString().replace("T", " ").replace("Z", "+00")}`,
      "--target-action=promote",
      "restore",
    ]);
    const restored = await startPostgres(folder, {
      name: "restored",
      existingDataDir: true,
      settings: {
        archive_mode: "off",
        // Patroni's postgresql.conf names the files of the node the backup came from.
        hba_file: path.join(restoredDir, "pg_hba.conf"),
        ident_file: path.join(restoredDir, "pg_ident.conf"),
      },
    });
    try {
      const restoredUrl = cluster.url(restored.port);
      await expect
        .poll(
          () =>
            withConnection(
              restoredUrl,
              async (client) => (await client.query("SELECT pg_is_in_recovery() AS recovering")).rows[0].recovering,
            ).catch((error) => String(error)),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(false);
      console.log(`[ha-ops] restored to the point in time and promoted in ${seconds(restoreStartedAt)} s`);
      const ids = await withConnection(restoredUrl, async (client) =>
        (await client.query<{ id: number }>("SELECT id FROM restore_probe ORDER BY id")).rows.map((row) => row.id),
      );
      expect(ids).toEqual(before);
    } finally {
      await restored.stop();
    }
  }, 150_000);
});

// --- Metrics and alerts -------------------------------------------------------------------------------

interface Alert {
  labels: Record<string, string>;
  state: "pending" | "firing";
}

/** deploy/prometheus.yml's job "patroni" scraping each node's REST port, with the database rules, every 2 s. */
function patroniPrometheusConfig(nodes: ClusterNode[]): string {
  const config = YAML.parse(fs.readFileSync(path.join(DEPLOY_DIR, "prometheus.yml"), "utf8"));
  const patroni = config.scrape_configs.find((scrape: { job_name: string }) => scrape.job_name === "patroni");
  if (!patroni) throw new Error("deploy/prometheus.yml has no job patroni");
  if (!config.rule_files.includes(DATABASE_RULES))
    throw new Error(`deploy/prometheus.yml does not load ${DATABASE_RULES}`);
  patroni.static_configs = [{ targets: nodes.map((node) => `127.0.0.1:${node.restPort}`) }];
  config.scrape_configs = [patroni];
  config.rule_files = [path.join(DEPLOY_DIR, DATABASE_RULES)];
  // Patroni's REST answers in well under a second, but not always on a loaded 2-core machine.
  config.global.scrape_interval = "2s";
  config.global.scrape_timeout = "2s";
  config.global.evaluation_interval = "1s";
  return YAML.stringify(config);
}

describe("the database cluster's metrics and alerts", () => {
  let prometheus: Prometheus;
  const instance = (node: ClusterNode) => `127.0.0.1:${node.restPort}`;

  beforeAll(async () => {
    prometheus = await startPrometheus(folder, patroniPrometheusConfig(cluster.nodes));
  }, 60_000);

  afterAll(async () => {
    await prometheus?.stop();
  });

  /** The alerts pending or firing, as "name instance" (instance only for alerts about one node). */
  const activeAlerts = async () => {
    const body = (await (await fetch(`${prometheus.url}/api/v1/alerts`)).json()) as { data: { alerts: Alert[] } };
    return body.data.alerts
      .map((alert) => [alert.labels.alertname, alert.labels.instance].filter(Boolean).join(" "))
      .sort();
  };

  it("the rules pass promtool and their unit tests", () => {
    for (const args of [
      ["check", "rules", "database.rules.yml"],
      ["test", "rules", "database.rules.test.yml"],
    ]) {
      const checked = spawnSync("promtool", args, { cwd: path.join(DEPLOY_DIR, "prometheus"), encoding: "utf8" });
      expect(checked.status, `promtool ${args.join(" ")}: ${checked.stdout}${checked.stderr}`).toBe(0);
    }
  });

  it("scrapes every node's Patroni and raises nothing while the cluster is healthy", async () => {
    const value = async (expression: string) => Number((await prometheus.query(expression))[0]?.value[1] ?? NaN);
    await expect
      .poll(
        async () => [
          await value(`count(up{job="patroni"} == 1)`),
          await value(`count(patroni_primary == 1)`),
          await value(`count(patroni_replica == 1)`),
          await value(`count(patroni_sync_standby == 1)`),
        ],
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([3, 1, 2, 1]);
    // A few evaluations against what was scraped.
    await sleep(2_000);
    const rules = ((await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as any).data.groups.flatMap(
      (group: any) => group.rules,
    );
    expect(rules.map((rule: any) => `${rule.name} ${rule.health}`)).toEqual(
      rules.map((rule: any) => `${rule.name} ok`),
    );
    expect(rules).toHaveLength(7);
    expect(await activeAlerts()).toEqual([]);
  });

  it("raises replication lag and paused replay for a replica paused in maintenance mode while the primary writes", async () => {
    const leader = (await cluster.leader())!;
    const replica = cluster.nodes.find((node) => node !== leader)!;
    // Patroni resumes a paused replay at its next loop (PostgreSQL 14+ pauses it for a parameter
    // change), except in maintenance mode: the only time replay stays paused.
    await cluster.patronictl(["pause", "partshop", "--wait"]);
    await withConnection(cluster.url(replica.port), (client) => client.query("SELECT pg_wal_replay_pause()"));
    try {
      // About 40 MB of WAL: past the alert's 16 MiB.
      await withConnection(
        cluster.url(cluster.readWritePort),
        (client) =>
          client.query(
            "CREATE TABLE lag_probe AS SELECT n, repeat('x', 200) AS filler FROM generate_series(1, 150000) AS n",
          ),
        60_000,
      );
      await expect
        .poll(activeAlerts, { timeout: 60_000, interval: 500 })
        .toEqual([
          `PartshopDatabaseReplayPaused ${instance(replica)}`,
          `PartshopDatabaseReplicationLag ${instance(replica)}`,
        ])
        .catch(async (error) => {
          // What Prometheus last scraped, to tell a missed scrape from a rule that did not match.
          const scraped = await prometheus.query('up{job="patroni"} or patroni_xlog_paused or patroni_replica');
          throw new Error(`${error}\nscraped: ${JSON.stringify(scraped)}`);
        });
    } finally {
      await withConnection(cluster.url(replica.port), (client) => client.query("SELECT pg_wal_replay_resume()"));
      await cluster.patronictl(["resume", "partshop", "--wait"]);
    }
    await expect.poll(activeAlerts, { timeout: 60_000, interval: 500 }).toEqual([]);
  });

  it("raises no synchronous standby and missing replicas when both replicas stop, and no primary when the primary stops too", async () => {
    const leader = (await cluster.leader())!;
    const replicas = cluster.nodes.filter((node) => node !== leader);
    await Promise.all(replicas.map((replica) => replica.stop()));
    await expect
      .poll(activeAlerts, { timeout: 60_000, interval: 500 })
      .toEqual(
        [
          ...replicas.map((replica) => `PartshopDatabaseNodeDown ${instance(replica)}`),
          "PartshopDatabaseNoSynchronousStandby",
          "PartshopDatabaseReplicaMissing",
        ].sort(),
      );
    await leader.stop();
    await expect
      .poll(activeAlerts, { timeout: 60_000, interval: 500 })
      .toEqual(
        [
          ...cluster.nodes.map((node) => `PartshopDatabaseNodeDown ${instance(node)}`),
          "PartshopDatabaseNoPrimary",
        ].sort(),
      );
  });
});
