import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedEmulatorAccounts } from "../../../dev/src/accounts";
import { startAuthEmulator } from "../../../dev/src/auth-emulator";
import { fuzzSeedOfRun } from "../fuzz/support/seed";
import { copyDatabase, startDatabaseServer } from "./database-server";
import { freePort, LOCAL_START, makeDataDir, ShopProcess, shopEnv, spawnShop } from "./processes";
import { listRestRoutes, type RestRoute } from "./route-table";

/** What a test file knows of the shop it runs against (see `shop()` in client.ts). */
export interface SuiteShop {
  url: string;
  emulatorUrl: string;
  databaseUrl: string;
  dataDir: string;
  projectId: string;
  /** The mail catcher (maildev) the shop sends to: its SMTP URL, and its web inbox (REST API at /api/email). */
  smtpUrl: string;
  inboxUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One shop per worker, in the order of VITEST_POOL_ID. */
    shops: SuiteShop[];
    /** The app's REST routes (see routes.ts). */
    restRoutes: RestRoute[];
    /** The seed of this run's fuzz cases (fuzz/support/seed.ts). */
    fuzzSeed: number;
  }
}

const PROJECT_ID = "demo-partshop";
const setupStarted = Date.now();
/** PARTSHOP_TEST_VERBOSE=1 shows the setup's steps, with the seconds since it began. */
const log = (line: string) => {
  if (process.env.PARTSHOP_TEST_VERBOSE)
    console.log(`[suite +${((Date.now() - setupStarted) / 1000).toFixed(1)} s] ${line}`);
};

/** The environment of a shop of the suite: the shared services, its own database and ports. */
const suiteShopEnv = (label: string, databaseUrl: string, emulatorHost: string, webDistDir: string) =>
  shopEnv(label, {
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    // A stand-in web build, so the page-or-JSON negotiation is tested without building the web app.
    WEB_DIST_DIR: webDistDir,
  });

/**
 * As many shops as workers will run files: vitest's maxWorkers, or fewer when the files asked for
 * are fewer (`npx vitest run test/orders.test.ts` needs one). The file filters given on the
 * command line are vitest's own (filenamePattern, not a public API): without them, every file.
 */
async function workersNeeded(project: TestProject): Promise<number> {
  const maxWorkers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(maxWorkers, testFiles.length));
}

/** The template database (the server's "partshop"), migrated and seeded by a shop started on it and stopped; answers its URL. */
async function prepareTemplate(databaseUrl: string, webDistDir: string): Promise<string> {
  // A Firebase project without an emulator: nothing signs in on this shop, and it seeds no accounts.
  const env = await shopEnv("template", {
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    WEB_DIST_DIR: webDistDir,
  });
  const template = await spawnShop(env);
  log("template database migrated and seeded");
  await template.stop();
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  return databaseUrl;
}

/** The seeded accounts (admin@partshop.dev, customer@partshop.dev) in the run's emulator. */
async function seedAccounts(emulatorHost: string): Promise<void> {
  const before = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    await seedEmulatorAccounts(PROJECT_ID, emulatorHost);
    log("accounts seeded");
  } finally {
    // firebase-admin reads the emulator from the environment: this process's, not the tests'.
    if (before === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = before;
  }
}

/**
 * The suite's shops, one per worker, so test files run in parallel without seeing each other's
 * rows: one embedded PostgreSQL and one Auth Emulator for the run; a template database migrated
 * and seeded once (by a shop started on it, which also seeds the emulator's accounts), then, per
 * worker, a database cloned from it (CREATE DATABASE ... TEMPLATE) and a shop (the built server
 * with its own payment sandbox, as `npm start` runs it) on that database. Accounts are shared:
 * tests create their own with unique emails and never clear the emulator.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(LOCAL_START))
    throw new Error(`${LOCAL_START} is missing: run "npm run build -w graph && npm run build -w dev" first`);
  // Before any service starts: a FUZZ_SEED that is no integer stops the run at once.
  project.provide("fuzzSeed", fuzzSeedOfRun());
  const workers = await workersNeeded(project);
  const runDir = makeDataDir("suite");
  const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-test-web-"));
  fs.writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Partshop test page</title>");

  const stops: Array<() => Promise<unknown>> = [];
  const shops: ShopProcess[] = [];
  const teardown = async () => {
    // A shop that died during the run is a finding: show why.
    for (const shop of shops) {
      if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
        console.error(
          `The suite's shop on ${shop.url} exited during the tests (${shop.child.exitCode ?? shop.child.signalCode}):\n${shop.output().slice(-6000)}`,
        );
      }
    }
    await Promise.all(shops.map((shop) => shop.stop()));
    for (const stop of stops.reverse())
      await stop().catch((error) => console.error("Stopping a service of the suite failed:", error));
    for (const shop of shops) fs.rmSync(shop.dataDir, { recursive: true, force: true });
    fs.rmSync(runDir, { recursive: true, force: true });
    fs.rmSync(webDistDir, { recursive: true, force: true });
  };

  try {
    // PostgreSQL and the emulator start at once; whichever started is stopped at the end. While
    // the emulator starts, a shop migrates and seeds the template database (it needs no emulator:
    // the accounts are seeded here, once, so the workers' shops find them and seed none).
    const databaseStarting = startDatabaseServer({ dataDir: runDir, port: await freePort(), log });
    const emulatorStarting = startAuthEmulator({
      projectId: PROJECT_ID,
      port: await freePort(3),
      dataDir: runDir,
      log,
    });
    for (const starting of [databaseStarting, emulatorStarting])
      starting.then((service) => stops.push(service.stop)).catch(() => undefined);
    const templateReady = databaseStarting.then((database) => prepareTemplate(database.url, webDistDir));
    const accountsReady = emulatorStarting.then(async (emulator) => {
      await seedAccounts(emulator.host);
      return emulator;
    });
    const ready = await Promise.allSettled([templateReady, accountsReady]);
    for (const outcome of ready) if (outcome.status === "rejected") throw outcome.reason;
    const [templateUrl, emulator] = [await templateReady, await accountsReady];

    const databaseUrls: string[] = [];
    for (let worker = 1; worker <= workers; worker++)
      databaseUrls.push(await copyDatabase(templateUrl, `partshop_worker_${worker}`));

    // Listed while the shops start (awaited below; a failure is thrown there).
    const routes = listRestRoutes();
    routes.catch(() => undefined);
    const started = await Promise.allSettled(
      databaseUrls.map(async (url, index) => {
        const shop = await spawnShop(await suiteShopEnv(`worker-${index + 1}`, url, emulator.host, webDistDir));
        shops.push(shop);
        return shop;
      }),
    );
    const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    log(`${shops.length} shops ready`);

    project.provide("restRoutes", await routes);
    project.provide(
      "shops",
      started.map((outcome, index) => {
        const shop = (outcome as PromiseFulfilledResult<ShopProcess>).value;
        return {
          url: shop.url,
          emulatorUrl: `http://${emulator.host}`,
          databaseUrl: databaseUrls[index],
          dataDir: shop.dataDir,
          projectId: PROJECT_ID,
          smtpUrl: `smtp://127.0.0.1:${shop.env.MAILDEV_SMTP_PORT}`,
          inboxUrl: `http://127.0.0.1:${shop.env.MAILDEV_WEB_PORT}`,
        };
      }),
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
