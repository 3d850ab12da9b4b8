import fs from "node:fs";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { createDataSource } from "../../../src/db/data-source";
import { migrate } from "../../../src/db/migrate";
import { startDatabaseServer } from "../../support/database-server";
import { freePort } from "../../../../dev/src/ports";
import { makeDataDir } from "../../support/processes";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template database each test file copies. */
    serviceTemplateUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the run, and its "partshop" database migrated from the migrations'
 * source: the template every test file copies (services.ts). Nothing is seeded: each test makes
 * the rows it needs.
 */
export default async function setup(project: TestProject) {
  const runDir = makeDataDir("services");
  const server = await startDatabaseServer({ dataDir: runDir, port: await freePort(), log: () => undefined });
  try {
    const db = createDataSource(server.url, pino({ level: "silent" }), { poolSize: 2 });
    await db.initialize();
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("serviceTemplateUrl", server.url);
  return async () => {
    await server.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
