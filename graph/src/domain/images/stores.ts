import type { DataSource } from "typeorm";
import type { Config } from "../../config";
import { FileImageStore } from "./file-image-store";
import type { ImageStore } from "./image.service";
import { PostgresImageStore } from "./postgres-image-store";
import { S3ImageStore } from "./s3-image-store";

/** The image store the configuration names. */
export function imageStoreFor(config: Pick<Config, "images" | "dataDir">, db: DataSource): ImageStore {
  if (config.images.store === "s3") return new S3ImageStore(config.images);
  if (config.images.store === "files") return new FileImageStore(`${config.dataDir}/uploads`);
  return new PostgresImageStore(db);
}
