import fs from "node:fs";
import path from "node:path";
import { clearEmulatorAccounts } from "./emulator";
import { REPO_ROOT, SERVER_MAIN, WEB_DIST_DIR } from "./paths";
import { baseEnv, freePort, makeTempDir, removeTempDir, spawnManaged, waitUntil, type Managed } from "./processes";

export interface Shop {
  url: string;
  dataDir: string;
  emulatorHost: string;
  process: Managed;
  stop(): Promise<void>;
}

/**
 * A fresh shop, started the way `npm start` starts it (node dev/dist/start-local.js: embedded
 * PostgreSQL, payment sandbox, the built web app at "/"), on free ports with a new temporary data
 * folder (a clean database, never ./data), against the run's Auth Emulator emptied first (the shop
 * seeds the admin and the customer accounts again as it starts).
 */
export async function startShop(label: string, emulatorHost: string): Promise<Shop> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run "npm run build -w graph && npm run build -w dev" first`);
  if (!fs.existsSync(path.join(WEB_DIST_DIR, "index.html"))) throw new Error(`${WEB_DIST_DIR} is missing: run "npm run build -w web" first`);
  await clearEmulatorAccounts(emulatorHost);
  const dataDir = makeTempDir(label);
  const port = await freePort();
  const env = baseEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    STRIPE_SANDBOX_PORT: String(await freePort()),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    WEB_DIST_DIR,
  });
  const shop = spawnManaged(process.execPath, [SERVER_MAIN], { cwd: REPO_ROOT, env });
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
  return { url: `http://127.0.0.1:${port}`, dataDir, emulatorHost, process: shop, stop };
}
