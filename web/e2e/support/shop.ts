import fs from "node:fs";
import path from "node:path";
import { copyDatabase, dropDatabase } from "../../../graph/test/support/database-server";
import { clearEmulatorAccounts } from "./emulator";
import { PROJECT_ID, REPO_ROOT, SERVER_MAIN, WEB_DIST_DIR } from "./paths";
import { baseEnv, freePort, makeTempDir, removeTempDir, spawnManaged, waitUntil, type Managed } from "./processes";

export interface Shop {
  url: string;
  dataDir: string;
  emulatorHost: string;
  /** The shop's mail catcher (maildev): every email it sent, at {inboxUrl}/api/email. */
  inboxUrl: string;
  process: Managed;
  stop(): Promise<void>;
}

/** Starts the built shop the way `npm start` does, on free ports and a new temporary data folder. */
async function spawnShop(label: string, env: Record<string, string>): Promise<Shop> {
  if (!fs.existsSync(SERVER_MAIN))
    throw new Error(`${SERVER_MAIN} is missing: run "npm run build -w graph && npm run build -w dev" first`);
  if (!fs.existsSync(path.join(WEB_DIST_DIR, "index.html")))
    throw new Error(`${WEB_DIST_DIR} is missing: run "npm run build -w web" first`);
  const dataDir = makeTempDir(label);
  const port = await freePort();
  const inboxPort = await freePort();
  const shop = spawnManaged(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: baseEnv({
      DATA_DIR: dataDir,
      PORT: String(port),
      STRIPE_SANDBOX_PORT: String(await freePort()),
      // The mail catcher's default ports are one shop's: journeys at once (and a developer's npm start) need their own.
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(inboxPort),
      WEB_DIST_DIR,
      ...env,
    }),
  });
  const stop = async () => {
    await shop.stop();
    removeTempDir(dataDir);
  };
  try {
    await waitUntil(
      () => {
        if (!shop.running()) throw new Error(`The shop exited during start:\n${shop.output().slice(-4000)}`);
        return /Partshop is ready/.test(shop.output());
      },
      120_000,
      () => `The shop did not start within 120 s:\n${shop.output().slice(-4000)}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    process: shop,
    stop,
  };
}

/** Migrates and seeds the template database once, with a shop started on it and stopped (signing in on it needs no emulator). */
export async function prepareTemplate(databaseUrl: string): Promise<string> {
  const shop = await spawnShop("template", { DATABASE_URL: databaseUrl, FIREBASE_PROJECT_ID: PROJECT_ID });
  await shop.stop();
  return databaseUrl;
}

/**
 * A fresh shop, started the way `npm start` starts it (node dev/dist/start-local.js: payment
 * sandbox, the built web app at "/"), on free ports with a new temporary data folder and a clean
 * database (a copy of the seeded template, never ./data), against its worker's Auth Emulator
 * emptied first (the shop seeds the admin and the customer accounts again as it starts).
 */
export async function startShop(label: string, emulatorHost: string, templateDatabaseUrl: string): Promise<Shop> {
  await clearEmulatorAccounts(emulatorHost);
  const databaseUrl = await copyDatabase(templateDatabaseUrl, `journey_${label}`);
  try {
    const shop = await spawnShop(label, { DATABASE_URL: databaseUrl, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
    return {
      ...shop,
      stop: async () => {
        await shop.stop();
        await dropDatabase(databaseUrl);
      },
    };
  } catch (error) {
    await dropDatabase(databaseUrl);
    throw error;
  }
}
