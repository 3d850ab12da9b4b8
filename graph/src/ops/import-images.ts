/**
 * Copies images kept as files (the shop's former DATA_DIR/uploads, or any folder of them) into the
 * image store the configuration names (IMAGE_STORE: the database by default, or S3). Images keep
 * their names, so their URLs keep working. Idempotent: images already in the store are skipped.
 *
 *   npm run images:import [-- <folder>]      (default: DATA_DIR/uploads; needs DATABASE_URL)
 *
 * Exit code 0: done; 1: some files are not images the shop accepts (listed); 2: could not run.
 */
import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { loadImageStoreConfig } from "../config";
import { createDataSource } from "../db/data-source";
import { sniffImage } from "../domain/images/image.service";
import { isCompleteImage } from "../domain/images/image-structure";
import { imageStoreFor } from "../domain/images/stores";
import type { ImageStore } from "../domain/images/image.service";
import { runCommand } from "./run-command";

const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export interface ImportReport {
  imported: string[];
  alreadyStored: string[];
  refused: string[];
}

export async function importImageFiles(folder: string, store: ImageStore): Promise<ImportReport> {
  const report: ImportReport = { imported: [], alreadyStored: [], refused: [] };
  for (const name of fs.readdirSync(folder).sort()) {
    if (!STORED_NAME.test(name)) {
      if (!name.endsWith(".tmp")) report.refused.push(name);
      continue;
    }
    if (await store.has(name)) {
      report.alreadyStored.push(name);
      continue;
    }
    const bytes = await fs.promises.readFile(path.join(folder, name));
    const type = sniffImage(bytes);
    if (!type || !name.endsWith(`.${type.ext}`) || !isCompleteImage(bytes, type.ext)) {
      report.refused.push(name);
      continue;
    }
    await store.put(name, type.mime, bytes);
    report.imported.push(name);
  }
  return report;
}

async function main(): Promise<number> {
  const config = loadImageStoreConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const folder = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.argv[2] ?? path.join(config.dataDir, "uploads"),
  );
  if (!fs.existsSync(folder)) throw new Error(`No folder ${folder}`);
  const db = createDataSource(config.databaseUrl, pino({ level: "warn" }));
  await db.initialize();
  try {
    const report = await importImageFiles(folder, imageStoreFor(config, db));
    console.log(
      `Imported ${report.imported.length} images into ${config.images.store} (${report.alreadyStored.length} were already there).`,
    );
    for (const name of report.refused) console.log(`Not an image the shop accepts, left alone: ${name}`);
    return report.refused.length ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) runCommand(main, "import the images");
