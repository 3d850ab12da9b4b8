/**
 * Gives every image stored byte for byte by a version before variants (with its EXIF and GPS data,
 * at its full size) the treatment of a new upload: decoded, written again as variants without
 * metadata, its original deleted. Its URL keeps working and serves the new default variant.
 * Idempotent: a second run finds nothing to do. Runs beside the shop (uploads meanwhile are new
 * images, already in variants).
 *
 *   npm run images:reencode      (needs DATABASE_URL; IMAGE_STORE as the shop's)
 *
 * Exit code 0: done; 1: some images could not be decoded (listed, left as they are); 2: could not run.
 */
import pino from "pino";
import { loadImageStoreConfig } from "../config";
import { createDataSource } from "../db/data-source";
import { ImageService, type ReencodeOutcome } from "../domain/images/image.service";
import { imageStoreFor } from "../domain/images/stores";
import { runCommand } from "./run-command";

export async function reencodeStoredImages(images: ImageService): Promise<ReencodeOutcome[]> {
  // Listed first: the store gains variants and loses originals while they are re-encoded.
  const names: string[] = [];
  for await (const name of images.namesBeforeVariants()) names.push(name);
  const outcomes: ReencodeOutcome[] = [];
  for (const name of names) outcomes.push(await images.reencodeStored(name));
  return outcomes;
}

async function main(): Promise<number> {
  const config = loadImageStoreConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const db = createDataSource(config.databaseUrl, pino({ level: "warn" }));
  await db.initialize();
  try {
    const outcomes = await reencodeStoredImages(new ImageService(imageStoreFor(config, db), db));
    const count = (outcome: ReencodeOutcome["outcome"]) => outcomes.filter((o) => o.outcome === outcome).length;
    console.log(
      `Re-encoded ${count("reencoded")} images stored before variants in ${config.images.store} (${count("current")} needed nothing).`,
    );
    for (const refused of outcomes)
      if (refused.outcome === "refused") console.log(`Left as it is, ${refused.why}: ${refused.name}`);
    return count("refused") ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) runCommand(main, "re-encode the images");
