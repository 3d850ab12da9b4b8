#!/usr/bin/env node
// docker-compose.yml's "ha" profile, checked without a Docker engine (npm run lint:deploy): what
// dclint cannot know, that the profile's pieces fit each other and the files in deploy/. Every file
// it mounts or builds from exists; etcd, three Patroni nodes, their HAProxy and the shop are there;
// each node names itself and the ports deploy/patroni/patroni.yml listens on; Patroni's store is
// the etcd service on the port deploy/etcd/etcd.yml listens on; HAProxy's servers
// (deploy/haproxy/postgres.cfg) are the Patroni services, checked on their REST port; and the
// shop's DATABASE_URL and DATABASE_REPLICA_URL point at HAProxy's read-write and read-only ports.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
const problems = [];
const problem = (text) => problems.push(text);

const compose = YAML.parse(read("docker-compose.yml"));
const services = Object.entries(compose.services).filter(([, service]) => service.profiles?.includes("ha"));
const byName = Object.fromEntries(services);
const portOf = (address) => Number(String(address).split(":").pop());

// Every file a service of the profile mounts or builds from.
for (const [name, service] of services) {
  for (const volume of service.volumes ?? []) {
    const source = String(volume).split(":")[0];
    if (source.startsWith("./")) {
      if (!fs.existsSync(path.join(root, source))) problem(`${name} mounts ${source}, which does not exist`);
    } else if (!(source in (compose.volumes ?? {}))) problem(`${name} uses the volume ${source}, not declared`);
  }
  const context = service.build?.context;
  if (context && !fs.existsSync(path.join(root, context, service.build.dockerfile ?? "Dockerfile")))
    problem(`${name} builds ${context}, which has no Dockerfile`);
}
const mountedAt = (service, file) =>
  (service.volumes ?? [])
    .map(String)
    .find((volume) => volume.startsWith(`./${file}:`))
    ?.split(":")[1];

// Patroni: three nodes on deploy/patroni/patroni.yml, each with its own name, addresses and data.
const patroni = YAML.parse(read("deploy/patroni/patroni.yml"));
const nodes = services.filter(([, service]) => service.command?.[0] === "patroni");
if (nodes.length !== 3) problem(`the ha profile has ${nodes.length} Patroni nodes, not 3`);
const dataDirs = new Set();
for (const [name, service] of nodes) {
  const env = service.environment ?? {};
  const config = mountedAt(service, "deploy/patroni/patroni.yml");
  if (!config || service.command[1] !== config) problem(`${name} does not run the patroni.yml it mounts`);
  if (env.PATRONI_NAME !== name) problem(`${name}: PATRONI_NAME is ${env.PATRONI_NAME}`);
  if (env.PATRONI_RESTAPI_CONNECT_ADDRESS !== `${name}:${portOf(patroni.restapi.listen)}`)
    problem(`${name}: PATRONI_RESTAPI_CONNECT_ADDRESS is ${env.PATRONI_RESTAPI_CONNECT_ADDRESS}`);
  if (env.PATRONI_POSTGRESQL_CONNECT_ADDRESS !== `${name}:${portOf(patroni.postgresql.listen)}`)
    problem(`${name}: PATRONI_POSTGRESQL_CONNECT_ADDRESS is ${env.PATRONI_POSTGRESQL_CONNECT_ADDRESS}`);
  for (const user of ["SUPERUSER", "REPLICATION", "REWIND"])
    if (!env[`PATRONI_${user}_PASSWORD`]) problem(`${name} has no PATRONI_${user}_PASSWORD`);
  const dataDir = env.PATRONI_POSTGRESQL_DATA_DIR;
  if (!dataDir || dataDirs.has(dataDir)) problem(`${name}: its data directory ${dataDir} is missing or shared`);
  dataDirs.add(dataDir);
  const onVolume = (service.volumes ?? []).map(String).some((volume) => {
    const [source, target] = volume.split(":");
    return !source.startsWith("./") && dataDir?.startsWith(`${target}/`);
  });
  if (!onVolume) problem(`${name}: its data directory ${dataDir} is not on a volume`);
  for (const port of [patroni.postgresql.listen, patroni.restapi.listen])
    if (!(service.expose ?? []).map(String).includes(String(portOf(port))))
      problem(`${name} does not expose ${portOf(port)}`);
  // Patroni's store: the etcd service, on the port etcd.yml serves clients on.
  const hosts = String(env.PATRONI_ETCD3_HOSTS ?? patroni.etcd3.hosts).split(",");
  for (const host of hosts) {
    const [etcdName, port] = host.split(":");
    const etcd = byName[etcdName];
    if (!etcd) {
      problem(`${name}'s store ${host} is no service of the ha profile`);
      continue;
    }
    const etcdConfigPath = mountedAt(etcd, "deploy/etcd/etcd.yml");
    if (!etcdConfigPath || !etcd.command?.includes(etcdConfigPath))
      problem(`${etcdName} does not run the etcd.yml it mounts`);
    const etcdConfig = YAML.parse(read("deploy/etcd/etcd.yml"));
    if (portOf(etcdConfig["listen-client-urls"]) !== Number(port))
      problem(`${name}'s store port ${port} is not etcd.yml's client port`);
    if (etcdConfig.name !== etcdName) problem(`etcd.yml names its member ${etcdConfig.name}, compose ${etcdName}`);
  }
}

// HAProxy for PostgreSQL: its servers are the Patroni nodes, checked on Patroni's REST port.
const haproxy = read("deploy/haproxy/postgres.cfg");
const balancer = services.find(([, service]) => mountedAt(service, "deploy/haproxy/postgres.cfg"));
if (!balancer) problem("no service of the ha profile runs deploy/haproxy/postgres.cfg");
const listenPort = (listener) =>
  Number(haproxy.match(new RegExp(`^listen ${listener}\\n(?:.*\\n)*? {2}bind :(\\d+)`, "m"))?.[1]);
for (const listener of ["primary", "replicas"]) {
  const block = haproxy.split(/^listen /m).find((part) => part.startsWith(`${listener}\n`)) ?? "";
  const servers = [...block.matchAll(/^ {2}server (\S+) (\S+):(\d+) check port (\d+)/gm)];
  const names = servers.map((server) => server[1]).sort();
  if (
    names.join() !==
    nodes
      .map(([name]) => name)
      .sort()
      .join()
  )
    problem(`postgres.cfg's ${listener} servers are ${names.join()}, not the Patroni services`);
  for (const [, name, host, port, checkPort] of servers) {
    if (host !== name || Number(port) !== portOf(patroni.postgresql.listen))
      problem(`postgres.cfg's ${listener} server ${name} is ${host}:${port}`);
    if (Number(checkPort) !== portOf(patroni.restapi.listen))
      problem(`postgres.cfg's ${listener} server ${name} is checked on ${checkPort}, not Patroni's REST port`);
  }
  if (balancer && !(balancer[1].expose ?? []).map(String).includes(String(listenPort(listener))))
    problem(`${balancer[0]} does not expose postgres.cfg's ${listener} port ${listenPort(listener)}`);
}

// The shop: DATABASE_URL on the read-write port, DATABASE_REPLICA_URL on the read-only one.
const shops = services.filter(([, service]) => service.environment?.DATABASE_URL);
if (shops.length === 0) problem("the ha profile has no shop");
for (const [name, service] of shops) {
  for (const [variable, listener] of [
    ["DATABASE_URL", "primary"],
    ["DATABASE_REPLICA_URL", "replicas"],
  ]) {
    const url = new URL(String(service.environment[variable]).replace(/\$\{[^}]+\}/g, "password"));
    if (url.hostname !== balancer?.[0] || Number(url.port) !== listenPort(listener))
      problem(`${name}: ${variable} is ${url.host}, not ${balancer?.[0]}:${listenPort(listener)} (${listener})`);
  }
}

if (problems.length) {
  const distinct = [...new Set(problems)];
  console.error(`docker-compose.yml's ha profile:\n${distinct.map((text) => `  - ${text}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `docker-compose.yml's ha profile: ${services.map(([name]) => name).join(", ")} fit deploy/ (checked statically: no Docker engine here)`,
);
