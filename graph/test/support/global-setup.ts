import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { embeddedDatabaseUrl, LOCAL_START, shopEnv, spawnShop } from "./processes";

declare module "vitest" {
  export interface ProvidedContext {
    shop: { url: string; emulatorUrl: string; databaseUrl: string; dataDir: string; projectId: string };
  }
}

/** One real shop for the suite: embedded PostgreSQL, Auth Emulator, payment sandbox, built server. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(LOCAL_START)) throw new Error(`${LOCAL_START} is missing: run "npm run build -w graph && npm run build -w dev" first`);
  const env = await shopEnv("suite");
  // A stand-in web build, so the page-or-JSON negotiation is tested without building the web app.
  env.WEB_DIST_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-test-web-"));
  fs.writeFileSync(path.join(env.WEB_DIST_DIR, "index.html"), "<!doctype html><title>Partshop test page</title>");
  const shop = await spawnShop(env);
  project.provide("shop", {
    url: shop.url,
    emulatorUrl: `http://127.0.0.1:${env.AUTH_EMULATOR_PORT}`,
    databaseUrl: embeddedDatabaseUrl(env.DATA_DIR, Number(env.EMBEDDED_PG_PORT)),
    dataDir: env.DATA_DIR,
    projectId: "demo-partshop",
  });
  return async () => {
    // A shop that died during the run is a finding: show why.
    if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
      console.error(`The suite's shop exited during the tests (${shop.child.exitCode ?? shop.child.signalCode}):\n${shop.output().slice(-6000)}`);
    }
    await shop.stop();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    fs.rmSync(env.WEB_DIST_DIR, { recursive: true, force: true });
  };
}
