import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import YAML from "yaml";
import { freePort } from "./processes";
import { DEPLOY_DIR, haproxyBinary, postgresBinaries, postgresFolder, run, runInBackground } from "./servers";

/*
 * The highly available PostgreSQL cluster of deploy/ on loopback: one etcd member, three Patroni
 * nodes on Debian's PostgreSQL (each on ports and a data directory of its own inside the test's
 * folder, as they would be on three machines) and HAProxy in front. Every server runs in a process
 * group of its own, so a stop takes its children too. scripts/ensure-ha-packages.sh installs them.
 */

/** Patroni's view of one node (GET /patroni); 3.0 says "master" where later versions say "primary". */
export interface PatroniStatus {
  state: string;
  role: string;
  timeline?: number;
  replication?: Array<{ application_name: string; state: string; sync_state: string }>;
}

export interface ClusterNode {
  name: string;
  /** PostgreSQL's port. */
  port: number;
  /** Patroni's REST port. */
  restPort: number;
  dataDir: string;
  /** Where its PostgreSQL's Unix socket is (Patroni and pgBackRest connect through it). */
  socketDir: string;
  configFile: string;
  /** Whether its Patroni was started and has been neither killed nor stopped since. */
  running(): boolean;
  /** Whether its Patroni exited though it was neither killed nor stopped. */
  crashed(): boolean;
  /** Patroni's own pid (under runuser). */
  patroniPid(): number;
  /** The postmaster's pid, from its data directory. */
  postmasterPid(): number | null;
  status(): Promise<PatroniStatus | null>;
  /** kill -9 of its postmaster and its Patroni, as a machine's crash would; returns both pids. */
  kill(): Promise<{ postmaster: number; patroni: number }>;
  /** Starts its Patroni (again, after a kill: it rejoins the cluster on its old data directory). */
  start(): void;
  /** Stops its Patroni and its PostgreSQL. */
  stop(): Promise<void>;
  output(): string;
}

export interface HaCluster {
  folder: string;
  nodes: ClusterNode[];
  /** The superuser's password (the test connects as postgres through HAProxy and to each node). */
  superuserPassword: string;
  /** HAProxy's read-write port (the primary) and read-only port (the replicas). */
  readWritePort: number;
  readOnlyPort: number;
  /** A connection string as the superuser to HAProxy's `port` or to a node's port. */
  url(port: number, database?: string): string;
  /** Runs `patronictl` with `args` on a node's configuration, as an operator would; resolves with its output. */
  patronictl(args: string[]): Promise<string>;
  /**
   * The synchronous standby once Patroni's store (/cluster) and the leader's PostgreSQL agree on it
   * (they differ for a moment while it changes), or null.
   */
  syncStandby(): Promise<ClusterNode | null>;
  /** The node holding the leader key, by asking each node's /primary. */
  leader(): Promise<ClusterNode | null>;
  /** Waits until one leader and `replicas` streaming replicas on its timeline exist; returns the leader. */
  waitUntilHealthy(replicas: number, timeoutMs: number): Promise<ClusterNode>;
  stop(): Promise<void>;
}

const PATH = "/usr/bin:/bin:/usr/sbin:/sbin";

/** A long-running server in a process group of its own; `stop` kills the group. */
interface GroupProcess {
  child: ChildProcess;
  output(): string;
  exited(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * What to kill if this process exits without stopping the cluster (a failed hook, an interrupted
 * run): the servers run in groups of their own and the postmasters are detached from Patroni.
 */
const onExit = new Set<() => void>();
/** The clusters' folders, removed once their servers are killed. */
const foldersToRemove = new Set<string>();
process.once("exit", () => {
  onExit.forEach((kill) => kill());
  foldersToRemove.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
});

function startGroup(command: string, args: string[]): GroupProcess {
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { PATH } });
  const killOnExit = () => killGroup(child.pid!, "SIGKILL");
  onExit.add(killOnExit);
  let output = "";
  // Keep the end only: Patroni logs every loop.
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-200_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      killGroup(child.pid!, signal);
      const timer = setTimeout(() => killGroup(child.pid!, "SIGKILL"), 15_000);
      if (!exited()) await gone;
      clearTimeout(timer);
      // Children that outlive the group leader (a group stays until its last member is gone).
      killGroup(child.pid!, "SIGKILL");
      onExit.delete(killOnExit);
    },
  };
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

function killPid(pid: number | null, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

/** Sets `key` in `object` (a parsed deploy file), failing when the deploy file no longer has it. */
function replaceIn(object: Record<string, any>, keys: string[], value: unknown, file: string): void {
  const parent = keys.slice(0, -1).reduce((node, key) => node?.[key], object);
  const last = keys[keys.length - 1];
  if (!parent || !(last in parent)) throw new Error(`${file} has no ${keys.join(".")}`);
  parent[last] = value;
}

// --- etcd -------------------------------------------------------------------------------------------

async function startEtcd(folder: string): Promise<{ clientPort: number; server: GroupProcess }> {
  const file = "deploy/etcd/etcd.yml";
  const config = YAML.parse(fs.readFileSync(path.join(DEPLOY_DIR, "etcd", "etcd.yml"), "utf8"));
  const clientPort = await freePort();
  const peerPort = await freePort();
  const client = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  replaceIn(config, ["data-dir"], path.join(folder, "etcd-data"), file);
  replaceIn(config, ["listen-client-urls"], client, file);
  replaceIn(config, ["advertise-client-urls"], client, file);
  replaceIn(config, ["listen-peer-urls"], peer, file);
  replaceIn(config, ["initial-advertise-peer-urls"], peer, file);
  replaceIn(config, ["initial-cluster"], `${config.name}=${peer}`, file);
  const configFile = path.join(folder, "etcd.yml");
  fs.writeFileSync(configFile, YAML.stringify(config));
  const server = startGroup("etcd", ["--config-file", configFile]);
  for (let tries = 0; ; tries++) {
    if (server.exited()) throw new Error(`etcd exited:\n${server.output()}`);
    const answer = await fetch(`${client}/health`).catch(() => null);
    if (answer?.ok && ((await answer.json()) as { health: string }).health === "true") break;
    if (tries > 300) throw new Error(`etcd did not become healthy:\n${server.output()}`);
    await sleep(100);
  }
  return { clientPort, server };
}

// --- Patroni ----------------------------------------------------------------------------------------

interface NodePorts {
  port: number;
  restPort: number;
}

export interface HaClusterOptions {
  /**
   * Each node's archive_command (given its name and data directory); without it the nodes archive
   * nothing (`true`): a test that restores from archived WAL sets pgBackRest's here.
   */
  archiveCommand?: (node: { name: string; dataDir: string }) => string;
}

/** deploy/patroni/patroni.yml for one node on loopback, its data in `folder`/`name`. */
function patroniConfig(
  folder: string,
  name: string,
  ports: NodePorts,
  etcdPort: number,
  passwords: Passwords,
  options: HaClusterOptions,
): string {
  const file = "deploy/patroni/patroni.yml";
  const config = YAML.parse(fs.readFileSync(path.join(DEPLOY_DIR, "patroni", "patroni.yml"), "utf8"));
  const socketDir = postgresFolder(path.join(folder, `${name}-socket`), 0o755);
  const dataDir = path.join(folder, name);
  replaceIn(config, ["name"], name, file);
  replaceIn(config, ["restapi", "listen"], `127.0.0.1:${ports.restPort}`, file);
  replaceIn(config, ["restapi", "connect_address"], `127.0.0.1:${ports.restPort}`, file);
  replaceIn(config, ["etcd3", "hosts"], `127.0.0.1:${etcdPort}`, file);
  replaceIn(config, ["postgresql", "listen"], `127.0.0.1:${ports.port}`, file);
  replaceIn(config, ["postgresql", "connect_address"], `127.0.0.1:${ports.port}`, file);
  replaceIn(config, ["postgresql", "data_dir"], dataDir, file);
  replaceIn(config, ["postgresql", "bin_dir"], postgresBinaries(), file);
  replaceIn(config, ["postgresql", "pgpass"], path.join(folder, `${name}-socket`, "pgpass"), file);
  replaceIn(config, ["postgresql", "parameters", "unix_socket_directories"], socketDir, file);
  const archiveCommand = options.archiveCommand?.({ name, dataDir }) ?? "true";
  replaceIn(config, ["postgresql", "parameters", "archive_command"], archiveCommand, file);
  // What production passes in PATRONI_*_PASSWORD: written here because Patroni runs with a clean environment.
  for (const user of ["superuser", "replication", "rewind"] as const)
    config.postgresql.authentication[user].password = passwords[user];
  // The test's data is thrown away: no fsync spares the shared disk.
  config.postgresql.parameters.fsync = "off";
  return YAML.stringify(config);
}

type Passwords = Record<"superuser" | "replication" | "rewind", string>;

function clusterNode(folder: string, name: string, ports: NodePorts, config: string): ClusterNode {
  const configFile = path.join(folder, `${name}.yml`);
  fs.writeFileSync(configFile, config);
  run("chown", ["postgres:postgres", configFile]);
  fs.chmodSync(configFile, 0o600);
  // Patroni runs initdb into it: an empty folder the postgres user owns.
  const dataDir = postgresFolder(path.join(folder, name));
  let server: GroupProcess | null = null;
  let wanted = false;
  onExit.add(() => killPid(node.postmasterPid(), "SIGKILL"));
  let log = "";
  const node: ClusterNode = {
    name,
    ...ports,
    dataDir,
    socketDir: path.join(folder, `${name}-socket`),
    configFile,
    running: () => wanted,
    crashed: () => wanted && server !== null && server.exited(),
    output: () => log + (server?.output() ?? ""),
    start() {
      if (server) log += server.output();
      wanted = true;
      // As the postgres user with a clean environment: an inherited PGPASSWORD would override pgpass.
      server = startGroup("runuser", [
        "-u",
        "postgres",
        "--",
        "env",
        "-i",
        `PATH=${PATH}`,
        "LANG=C.UTF-8",
        "patroni",
        configFile,
      ]);
    },
    patroniPid() {
      if (!server || server.exited()) throw new Error(`${name}'s Patroni is not running`);
      // runuser forks: Patroni is its child.
      const found = spawnSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" }).stdout.trim();
      if (!found) throw new Error(`${name}'s Patroni has no pid under runuser ${server.child.pid}`);
      return Number(found.split("\n")[0]);
    },
    postmasterPid() {
      try {
        return Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]) || null;
      } catch {
        return null;
      }
    },
    async status() {
      const answer = await fetch(`http://127.0.0.1:${ports.restPort}/patroni`, {
        signal: AbortSignal.timeout(2_000),
      }).catch(() => null);
      return answer?.ok ? ((await answer.json()) as PatroniStatus) : null;
    },
    async kill() {
      const postmaster = node.postmasterPid();
      if (!postmaster) throw new Error(`${name} has no postmaster.pid`);
      const patroni = node.patroniPid();
      wanted = false;
      killPid(postmaster, "SIGKILL");
      killPid(patroni, "SIGKILL");
      await server?.stop("SIGKILL");
      return { postmaster, patroni };
    },
    async stop() {
      wanted = false;
      await server?.stop("SIGTERM");
      // Patroni starts the postmaster detached from its own process group.
      killPid(node.postmasterPid(), "SIGKILL");
    },
  };
  return node;
}

// --- HAProxy ----------------------------------------------------------------------------------------

/** deploy/haproxy/postgres.cfg with loopback ports and this cluster's nodes. */
function haproxyConfig(nodes: ClusterNode[], ports: { readWrite: number; readOnly: number; stats: number }): string {
  let config = fs.readFileSync(path.join(DEPLOY_DIR, "haproxy", "postgres.cfg"), "utf8");
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/haproxy/postgres.cfg has no line matching ${pattern}`);
    config = config.replace(pattern, by);
  };
  replace(/^ {2}bind :7000$/m, `  bind 127.0.0.1:${ports.stats}`);
  replace(/^ {2}bind :5000$/m, `  bind 127.0.0.1:${ports.readWrite}`);
  replace(/^ {2}bind :5001$/m, `  bind 127.0.0.1:${ports.readOnly}`);
  const servers = nodes
    .map((node) => `  server ${node.name} 127.0.0.1:${node.port} check port ${node.restPort}`)
    .join("\n");
  // Both listeners' server lists.
  const list = /^( {2}server pg\d .*\n)+/gm;
  if ((config.match(list) ?? []).length !== 2)
    throw new Error("deploy/haproxy/postgres.cfg: expected two server lists");
  config = config.replace(list, `${servers}\n`);
  return config;
}

async function startHaproxy(folder: string, config: string, statsPort: number): Promise<GroupProcess> {
  const file = path.join(folder, "postgres-haproxy.cfg");
  fs.writeFileSync(file, config);
  run(haproxyBinary(), ["-c", "-q", "-f", file]);
  const server = startGroup(haproxyBinary(), ["-f", file, "-db"]);
  for (let tries = 0; ; tries++) {
    if (server.exited()) throw new Error(`HAProxy exited:\n${server.output()}`);
    const answer = await fetch(`http://127.0.0.1:${statsPort}/`).catch(() => null);
    if (answer?.ok) return server;
    if (tries > 300) throw new Error(`HAProxy did not start:\n${server.output()}`);
    await sleep(100);
  }
}

// --- The cluster ------------------------------------------------------------------------------------

/** Starts etcd, three Patroni nodes and HAProxy in `folder` (which it owns and removes on stop). */
export async function startHaCluster(folder: string, options: HaClusterOptions = {}): Promise<HaCluster> {
  fs.chmodSync(folder, 0o755);
  foldersToRemove.add(folder);
  const passwords: Passwords = {
    superuser: crypto.randomBytes(16).toString("hex"),
    replication: crypto.randomBytes(16).toString("hex"),
    rewind: crypto.randomBytes(16).toString("hex"),
  };
  let etcd: { clientPort: number; server: GroupProcess } | null = null;
  let haproxy: GroupProcess | null = null;
  const nodes: ClusterNode[] = [];
  // The balancer, then the nodes while their store still answers, then the store.
  const stopAll = async () => {
    await haproxy?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    await etcd?.server.stop();
    fs.rmSync(folder, { recursive: true, force: true });
    foldersToRemove.delete(folder);
  };
  try {
    etcd = await startEtcd(folder);
    for (const name of ["pg1", "pg2", "pg3"]) {
      const ports = { port: await freePort(), restPort: await freePort() };
      nodes.push(
        clusterNode(folder, name, ports, patroniConfig(folder, name, ports, etcd.clientPort, passwords, options)),
      );
    }
    for (const node of nodes) node.start();
    const haproxyPorts = { readWrite: await freePort(), readOnly: await freePort(), stats: await freePort() };
    haproxy = await startHaproxy(folder, haproxyConfig(nodes, haproxyPorts), haproxyPorts.stats);

    const cluster: HaCluster = {
      folder,
      nodes,
      superuserPassword: passwords.superuser,
      readWritePort: haproxyPorts.readWrite,
      readOnlyPort: haproxyPorts.readOnly,
      url: (port, database = "postgres") => `postgres://postgres:${passwords.superuser}@127.0.0.1:${port}/${database}`,
      patronictl: (args) => runInBackground("patronictl", ["-c", nodes[0].configFile, ...args]),
      async syncStandby() {
        const leader = await cluster.leader();
        if (!leader) return null;
        const inPostgres = (await leader.status())?.replication?.find((replica) => replica.sync_state === "sync");
        const answer = await fetch(`http://127.0.0.1:${leader.restPort}/cluster`).catch(() => null);
        const members = answer?.ok
          ? ((await answer.json()) as { members: Array<{ name: string; role: string }> }).members
          : [];
        const inStore = members.find((member) => member.role === "sync_standby");
        if (!inPostgres || inPostgres.application_name !== inStore?.name) return null;
        return nodes.find((node) => node.name === inStore.name) ?? null;
      },
      async leader() {
        for (const node of nodes) {
          const answer = await fetch(`http://127.0.0.1:${node.restPort}/primary`, {
            method: "OPTIONS",
            signal: AbortSignal.timeout(2_000),
          }).catch(() => null);
          if (answer?.status === 200) return node;
        }
        return null;
      },
      async waitUntilHealthy(replicas, timeoutMs) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const leader = await cluster.leader();
          const problem = leader
            ? ((await replicationProblem(leader, nodes, replicas)) ??
              (await balancerProblem(haproxyPorts.stats, leader, nodes)))
            : "no node answers /primary";
          if (leader && !problem) return leader;
          const crashed = nodes.find((node) => node.crashed());
          if (crashed) throw new Error(`${crashed.name}'s Patroni exited:\n${crashed.output().slice(-5_000)}`);
          if (Date.now() > deadline)
            throw new Error(
              `The cluster did not become healthy (${problem}):\n${nodes.map((node) => `--- ${node.name}\n${node.output().slice(-3_000)}`).join("\n")}`,
            );
          await sleep(250);
        }
      },
      stop: stopAll,
    };
    return cluster;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Why `leader` does not yet have `replicas` healthy replicas, or null: each must be streaming in
 * the leader's /patroni, and report running as a replica on the leader's timeline (a replica on a
 * diverged timeline can still say "running").
 */
async function replicationProblem(leader: ClusterNode, nodes: ClusterNode[], replicas: number): Promise<string | null> {
  const status = await leader.status();
  if (!status) return `${leader.name} does not answer /patroni`;
  const streaming = (status.replication ?? []).filter((replica) => replica.state === "streaming");
  if (streaming.length < replicas) return `${streaming.length} of ${replicas} replicas streaming from ${leader.name}`;
  for (const replica of streaming) {
    const node = nodes.find((each) => each.name === replica.application_name);
    const replicaStatus = await node?.status();
    if (!replicaStatus || replicaStatus.role !== "replica" || replicaStatus.state !== "running")
      return `${replica.application_name} is not a running replica`;
    if (replicaStatus.timeline !== status.timeline)
      return `${replica.application_name} is on timeline ${replicaStatus.timeline}, ${leader.name} on ${status.timeline}`;
  }
  return null;
}

/**
 * Why HAProxy does not yet route as the cluster is, or null: the read-write listener must have the
 * leader up and only it, and the read-only listener every running replica up.
 */
async function balancerProblem(statsPort: number, leader: ClusterNode, nodes: ClusterNode[]): Promise<string | null> {
  const answer = await fetch(`http://127.0.0.1:${statsPort}/;csv`).catch(() => null);
  if (!answer?.ok) return "HAProxy's stats do not answer";
  const [header, ...lines] = (await answer.text()).trim().split("\n");
  const columns = header.replace(/^# /, "").split(",");
  const up = (listener: string) =>
    lines
      .map((line) => Object.fromEntries(line.split(",").map((value, index) => [columns[index], value])))
      .filter((row) => row.pxname === listener && row.svname.startsWith("pg") && row.status === "UP")
      .map((row) => row.svname)
      .sort();
  const primary = up("primary");
  if (primary.join() !== leader.name) return `HAProxy's read-write listener has ${primary.join() || "none"} up`;
  const replicas = nodes.filter((node) => node !== leader && node.running()).map((node) => node.name);
  if (up("replicas").join() !== replicas.sort().join())
    return `HAProxy's read-only listener has ${up("replicas").join() || "none"} up, not ${replicas.join()}`;
  return null;
}

/** Runs `work` on a new connection to `url` that gives up after `timeoutMs`. */
export async function withConnection<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
  timeoutMs = 5_000,
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, or fails after `timeoutMs` with what it last saw. */
export async function eventually<T>(what: string, check: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms: ${String(last)}`);
    await sleep(250);
  }
}
