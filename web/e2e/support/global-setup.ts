import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startAuthEmulator, type RunningEmulator } from "./emulator";
import { CHROMIUM, RESULTS_DIR, SERVER_MAIN, WEB_DIST_DIR } from "./paths";
import { startDatabaseServer, type DatabaseServer } from "../../../graph/test/support/database-server";
import { freePort, makeTempDir, removeTempDir } from "./processes";
import { prepareTemplate } from "./shop";

declare module "vitest" {
  export interface ProvidedContext {
    /** One Auth Emulator per worker, in the order of VITEST_POOL_ID (a journey empties its worker's). */
    emulatorHosts: string[];
    /** The seeded database each journey's shop gets a fresh copy of. */
    templateDatabaseUrl: string;
  }
}

/**
 * Checks what the journeys need, then starts the run's services: an Auth Emulator per worker, and
 * one PostgreSQL with a template database that a shop migrated and seeded once.
 */
export default async function setup(project: TestProject) {
  const missing: string[] = [];
  if (!fs.existsSync(SERVER_MAIN)) missing.push(`${SERVER_MAIN} (run "npm run build -w graph")`);
  if (!fs.existsSync(path.join(WEB_DIST_DIR, "index.html")))
    missing.push(`${WEB_DIST_DIR}/index.html (run "npm run build -w web")`);
  if (!fs.existsSync(CHROMIUM)) missing.push(`${CHROMIUM} (run "bash scripts/ensure-chromium.sh")`);
  if (missing.length > 0) throw new Error(`The browser journeys need:\n  ${missing.join("\n  ")}`);

  // Screenshots of this run only.
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(RESULTS_DIR, { recursive: true });

  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const emulators: RunningEmulator[] = [];
  let database: DatabaseServer | undefined;
  const stop = async () => {
    await Promise.all(emulators.map((emulator) => emulator.stop()));
    await database?.stop();
  };
  try {
    // The emulators start while a shop migrates and seeds the template database.
    const folder = makeTempDir("database");
    const databaseStarting = startDatabaseServer({
      dataDir: folder,
      port: await freePort(),
      log: () => undefined,
    }).then((server) => ({
      url: server.url,
      stop: async () => {
        await server.stop();
        removeTempDir(folder);
      },
    }));
    const templateReady = databaseStarting.then((server) => prepareTemplate(server.url));
    const started = await Promise.allSettled([
      databaseStarting,
      templateReady,
      ...Array.from({ length: workers }, () => startAuthEmulator()),
    ]);
    for (const outcome of started.slice(2))
      if (outcome.status === "fulfilled") emulators.push(outcome.value as RunningEmulator);
    if (started[0].status === "fulfilled") database = started[0].value as DatabaseServer;
    const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    project.provide("templateDatabaseUrl", await templateReady);
    project.provide(
      "emulatorHosts",
      emulators.map((emulator) => emulator.host),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
