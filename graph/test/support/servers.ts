import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import YAML from "yaml";
import { GRAPH_DIR, freePort } from "./processes";

/*
 * Servers from Debian's packages (scripts/ensure-servers.sh installs them), started on loopback
 * on free ports inside a test's own folder: PostgreSQL, HAProxy with the deployment's own
 * configuration, Prometheus with the deployment's own, and pgBackRest's commands.
 */

export const DEPLOY_DIR = path.join(GRAPH_DIR, "..", "deploy");

export interface Server {
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** A command as the "postgres" user when the tests run as root (PostgreSQL refuses to run as root). */
export const asPostgresUser = (command: string, args: string[]) =>
  (asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]) as [string, string[]];

/** A folder the "postgres" user owns (when the tests run as root). */
export function postgresFolder(folder: string, mode = 0o700): string {
  fs.mkdirSync(folder, { recursive: true, mode });
  if (asRoot) run("chown", ["postgres:postgres", folder]);
  return folder;
}

export function postgresBinaries(): string {
  const versions = fs.existsSync("/usr/lib/postgresql")
    ? fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions
    .map((version) => `/usr/lib/postgresql/${version}/bin`)
    .find((bin) => fs.existsSync(`${bin}/initdb`));
  if (!found) throw new Error("No PostgreSQL server from Debian's packages: run scripts/ensure-servers.sh");
  return found;
}

export function run(command: string, args: string[], env?: NodeJS.ProcessEnv): string {
  const result = spawnSync(command, args, { encoding: "utf8", env: env ?? process.env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** `run` without blocking this process's event loop (servers the test hosts, such as the payment sandbox, keep answering). */
export function runInBackground(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`${command} ${args.join(" ")} failed (${code}): ${stderr || stdout}`)),
    );
  });
}

export interface Postgres extends Server {
  /** The partshop database, as the partshop superuser. */
  url: string;
  port: number;
  dataDir: string;
  /** Where its Unix socket is (pgBackRest connects through it), and its log (server.log). */
  socketDir: string;
  /** Starts it again after a stop. */
  start(): void;
}

/**
 * A PostgreSQL server of its own: a new cluster in `folder`/`name` (or, with `existingDataDir`, a
 * data directory restored there), user partshop, trust authentication on loopback only.
 */
export async function startPostgres(
  folder: string,
  options: {
    name?: string;
    settings?: Record<string, string | number>;
    existingDataDir?: boolean;
    createDatabase?: boolean;
  } = {},
): Promise<Postgres> {
  const bin = postgresBinaries();
  const name = options.name ?? "postgres";
  const dataDir = path.join(folder, name);
  const socketDir = postgresFolder(path.join(folder, `${name}-socket`), 0o755);
  if (!options.existingDataDir) {
    postgresFolder(dataDir);
    run(
      ...asPostgresUser(`${bin}/initdb`, [
        "-D",
        dataDir,
        "-U",
        "partshop",
        "--auth=trust",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
      ]),
    );
  }
  const port = await freePort();
  const settings = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: socketDir,
    max_connections: 200,
    fsync: "off",
    ...options.settings,
  };
  const serverOptions = [`-p ${port}`, ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`)].join(
    " ",
  );
  const start = () =>
    run(
      ...asPostgresUser(`${bin}/pg_ctl`, [
        "-D",
        dataDir,
        "-o",
        serverOptions,
        "-l",
        path.join(socketDir, "server.log"),
        "-w",
        "-t",
        "120",
        "start",
      ]),
    );
  start();
  if (options.createDatabase !== false && !options.existingDataDir) {
    const admin = new pg.Client({ connectionString: `postgres://partshop@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query("CREATE DATABASE partshop");
    await admin.end();
  }
  return {
    url: `postgres://partshop@127.0.0.1:${port}/partshop`,
    port,
    dataDir,
    socketDir,
    start,
    stop: async () => void spawnSync(...asPostgresUser(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "fast", "-w", "stop"])),
  };
}

// --- HAProxy --------------------------------------------------------------------------------------

/** A certificate for 127.0.0.1 and localhost that the test makes (openssl), and HAProxy's PEM of it with its key. */
export function makeCertificate(folder: string): { certificate: string; pemFolder: string } {
  const key = path.join(folder, "tls-key.pem");
  const certificate = path.join(folder, "tls-cert.pem");
  run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout",
    key,
    "-out",
    certificate,
  ]);
  const pemFolder = path.join(folder, "certs");
  fs.mkdirSync(pemFolder);
  fs.writeFileSync(
    path.join(pemFolder, "localhost.pem"),
    fs.readFileSync(certificate, "utf8") + fs.readFileSync(key, "utf8"),
  );
  return { certificate, pemFolder };
}

export interface BalancerPorts {
  http: number;
  https: number;
  stats: number;
}

/**
 * deploy/haproxy.cfg as it is, but for what only a container has: the addresses it binds (here
 * loopback ports), the certificate's folder, and Docker's DNS (the servers are listed instead).
 */
export function deployedHaproxyConfig(ports: BalancerPorts, pemFolder: string, backends: number[]): string {
  let config = fs.readFileSync(path.join(DEPLOY_DIR, "haproxy.cfg"), "utf8");
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/haproxy.cfg has no line matching ${pattern}`);
    config = config.replace(pattern, by);
  };
  replace(/^resolvers docker\n( {2}.*\n)+/m, "");
  replace(/^ {2}bind :8080$/m, `  bind 127.0.0.1:${ports.http}`);
  replace(/^ {2}bind :8443 ssl crt \S+/m, `  bind 127.0.0.1:${ports.https} ssl crt ${pemFolder}/`);
  replace(/^ {2}bind :8404$/m, `  bind 127.0.0.1:${ports.stats}`);
  // Quick checks, so a killed process leaves the rotation at once.
  replace(
    /^ {2}server-template .*$/m,
    backends
      .map((port, index) => `  server shop${index + 1} 127.0.0.1:${port} check inter 300 fall 1 rise 2`)
      .join("\n"),
  );
  return config;
}

export function haproxyBinary(): string {
  return fs.existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";
}

export interface Haproxy extends Server {
  /** What HAProxy printed (its request log lines included). */
  output(): string;
}

/** Starts HAProxy on `config` (checked first with -c) and waits until `readyUrl` answers. */
export async function startHaproxy(folder: string, config: string, readyUrl: string): Promise<Haproxy> {
  const file = path.join(folder, "haproxy.cfg");
  fs.writeFileSync(file, config);
  run(haproxyBinary(), ["-c", "-q", "-f", file]);
  const child: ChildProcess = spawn(haproxyBinary(), ["-f", file, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await waitFor(readyUrl, () => (child.exitCode !== null ? `HAProxy exited: ${output}` : null));
  return {
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    },
  };
}

/** Waits until `url` answers 200; `failed` says why to stop waiting. */
async function waitFor(url: string, failed: () => string | null): Promise<void> {
  for (let tries = 0; ; tries++) {
    const problem = failed();
    if (problem) throw new Error(problem);
    const answer = await fetch(url).catch(() => null);
    if (answer?.status === 200) return;
    if (tries > 300) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// --- Prometheus -----------------------------------------------------------------------------------

export interface Prometheus extends Server {
  url: string;
  /** An instant query's result. */
  query(expression: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  output(): string;
}

/** The database cluster's alert rules, as deploy/prometheus.yml names them. */
export const DATABASE_RULES = "prometheus/database.rules.yml";

/**
 * deploy/prometheus.yml as it is, but for its targets (the shops' operators' ports and HAProxy's
 * stats port on loopback instead of Docker's DNS) and a scrape every second.
 */
export function deployedPrometheusConfig(shopMetricsPorts: number[], haproxyStatsPort: number): string {
  const config = YAML.parse(fs.readFileSync(path.join(DEPLOY_DIR, "prometheus.yml"), "utf8"));
  config.global.scrape_interval = "1s";
  config.global.evaluation_interval = "1s";
  // No database cluster here (graph/test/ha/operations.test.ts scrapes one): its job and rules go.
  config.rule_files = config.rule_files
    .filter((file: string) => file !== DATABASE_RULES)
    .map((file: string) => path.join(DEPLOY_DIR, file));
  config.scrape_configs = config.scrape_configs.filter((scrape: { job_name: string }) => scrape.job_name !== "patroni");
  const job = (name: string) => {
    const found = config.scrape_configs.find((scrape: { job_name: string }) => scrape.job_name === name);
    if (!found) throw new Error(`deploy/prometheus.yml has no job ${name}`);
    return found;
  };
  const shops = job("shop");
  delete shops.dns_sd_configs;
  shops.static_configs = [{ targets: shopMetricsPorts.map((port) => `127.0.0.1:${port}`) }];
  job("haproxy").static_configs = [{ targets: [`127.0.0.1:${haproxyStatsPort}`] }];
  return YAML.stringify(config);
}

/** Debian's Prometheus on `config` (YAML text), its data in `folder`. */
export async function startPrometheus(folder: string, config: string): Promise<Prometheus> {
  const file = path.join(folder, "prometheus.yml");
  fs.writeFileSync(file, config);
  run("promtool", ["check", "config", file]);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    "prometheus",
    [
      `--config.file=${file}`,
      `--storage.tsdb.path=${path.join(folder, "prometheus-data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await waitFor(`${url}/-/ready`, () => (child.exitCode !== null ? `Prometheus exited: ${output}` : null));
  return {
    url,
    output: () => output,
    async query(expression) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await answer.json()) as { status: string; error?: string; data: { result: any[] } };
      if (body.status !== "success") throw new Error(`${expression}: ${body.error}`);
      return body.data.result;
    },
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    },
  };
}
