import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { ImageStore } from "./image.service";

export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket, e.g. "images/". */
  prefix: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, Ceph...); AWS itself when absent. */
  endpoint: string | null;
  forcePathStyle: boolean;
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/** Images in any S3-compatible object store; credentials come the SDK's usual way (AWS_ACCESS_KEY_ID...). */
export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
    });
  }

  private key(name: string): string {
    return `${this.settings.prefix}${name}`;
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async put(name: string, mime: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentType: mime,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }),
      );
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  async *names(): AsyncGenerator<string> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.settings.bucket, Prefix: this.settings.prefix },
    );
    for await (const page of pages)
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(this.settings.prefix.length);
  }
}
