import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import S3rver from "s3rver";
import sharp from "sharp";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createDataSource } from "../src/db/data-source";
import { ImageService } from "../src/domain/images/image.service";
import { S3ImageStore } from "../src/domain/images/s3-image-store";
import { shop } from "./support/client";
import { developmentEnv } from "./support/config-env";
import { distinctPng } from "./support/fixtures";
import { freePort } from "./support/processes";

/*
 * IMAGE_STORE=s3: the shop's image store against a real S3-compatible server (s3rver, on
 * loopback), through the real AWS SDK.
 */
// Bytes no other test uploads: the store keeps an image once by its content, whatever store it was put in.
const PNG = distinctPng();
let server: S3rver;
let folder: string;
let endpoint: string;
/** The shop's database, where uploads' records live whichever store holds their bytes. */
let db: DataSource;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-s3-"));
  const port = await freePort();
  server = new S3rver({
    port,
    address: "127.0.0.1",
    directory: folder,
    silent: true,
    configureBuckets: [{ name: "shop-images", configs: [] }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  db = await createDataSource(shop().databaseUrl, pino({ level: "silent" })).initialize();
  // s3rver's own access key; the SDK reads credentials from the environment as it would on AWS.
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
});

afterAll(async () => {
  await db?.destroy();
  await server?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("images in an S3-compatible object store", () => {
  it("IMAGE_STORE=s3 reads the bucket, prefix, region and endpoint (path-style with an endpoint); the bucket is required", () => {
    const config = loadConfig({
      ...developmentEnv,
      IMAGE_STORE: "s3",
      S3_BUCKET: "shop-images",
      S3_ENDPOINT: endpoint,
    });
    expect(config.images).toEqual({
      store: "s3",
      bucket: "shop-images",
      prefix: "images/",
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...developmentEnv, IMAGE_STORE: "s3" })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ ...developmentEnv, IMAGE_STORE: "nfs" })).toThrow(
      /IMAGE_STORE must be postgres, s3 or files/,
    );
  });

  it("stores an upload once under its content name and serves it back; unknown names are not found", async () => {
    const config = loadConfig({
      ...developmentEnv,
      IMAGE_STORE: "s3",
      S3_BUCKET: "shop-images",
      S3_ENDPOINT: endpoint,
      S3_PREFIX: "reviews/",
    });
    if (config.images.store !== "s3") throw new Error("expected the s3 store");
    const images = new ImageService(new S3ImageStore(config.images), db);
    const customer = {
      databaseId: "00000000-0000-0000-0000-000000000001",
      email: "c@example.com",
      role: "user",
    } as never;
    const stored = await images.upload(customer, PNG);
    expect(stored).toMatchObject({ mime: "image/png", width: 1, height: 1 });
    expect(await images.upload(customer, PNG)).toEqual(stored);
    const key = stored.name.split(".")[0];
    expect(
      fs
        .readdirSync(path.join(folder, "shop-images", "reviews"))
        .filter((file) => file.startsWith(key))
        .map((file) => file.replace(/\._S3rver_.*$/, ""))
        .sort(),
    ).toEqual(expect.arrayContaining([`${key}-1.avif`, `${key}-1.png`, `${key}-1.webp`]));
    const served = await images.get(stored.name);
    expect(served.mime).toBe("image/png");
    expect(served.bytes.length).toBe(stored.size);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect((await images.get(`${key}-1.avif`)).mime).toBe("image/avif");
    expect(await images.exists(stored.name)).toBe(true);
    await expect(images.get(`${"0".repeat(32)}.png`)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists its names a page at a time and deletes by name: an image stored before variants is re-encoded there", async () => {
    const config = loadConfig({
      ...developmentEnv,
      IMAGE_STORE: "s3",
      S3_BUCKET: "shop-images",
      S3_ENDPOINT: endpoint,
      S3_PREFIX: "older/",
    });
    if (config.images.store !== "s3") throw new Error("expected the s3 store");
    const store = new S3ImageStore(config.images);
    const older = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#3a6" } })
      .jpeg()
      .withExif({ IFD0: { Make: "OldPhone" } })
      .toBuffer();
    const key = crypto.createHash("sha256").update(older).digest("hex").slice(0, 32);
    await store.put(`${key}.jpg`, "image/jpeg", older);
    const names = async () => {
      const all: string[] = [];
      for await (const name of store.names()) all.push(name);
      return all.sort();
    };
    expect(await names()).toEqual([`${key}.jpg`]);

    const images = new ImageService(store, db);
    expect(await images.reencodeStored(`${key}.jpg`)).toEqual({ name: `${key}.jpg`, outcome: "reencoded" });
    const after = await names();
    expect(after).not.toContain(`${key}.jpg`);
    expect(after).toEqual(expect.arrayContaining([`${key}-320.avif`, `${key}-640.webp`, `${key}-700.jpg`]));
    const served = await images.get(`${key}.jpg`);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: "jpeg", width: 700, height: 400 });
    expect(served.bytes.includes(Buffer.from("OldPhone"))).toBe(false);
    await store.delete(`${key}-320.avif`);
    expect(await store.has(`${key}-320.avif`)).toBe(false);
  });
});
