import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import sharp from "sharp";
import { newCustomer, rest, shop, withDatabase } from "./support/client";
import { distinctPng, storedImages } from "./support/fixtures";
import { GRAPH_DIR } from "./support/processes";

// Smallest real images of each accepted kind (1x1 pixel).
const IMAGES: Record<string, Buffer> = {
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63d0aabff21f0004d1027d3d64a16a0000000049454e44ae426082",
    "hex",
  ),
  jpg: Buffer.from(
    "ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00d2cf20ffd9",
    "hex",
  ),
  gif: Buffer.from("47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b", "hex"),
  webp: Buffer.from("524946461a000000574542505650384c0d0000002f00000010071011118888fe0700", "hex"),
};

async function upload(file: Buffer, options: { token?: string; name?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(
    options.field ?? "image",
    new Blob([file], { type: options.type ?? "application/octet-stream" }),
    options.name ?? "photo.bin",
  );
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${shop().url}/upload`, { method: "POST", body: form, headers });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * A structurally whole PNG (valid chunks and CRCs) whose header declares width × height pixels of
 * 1-bit grey; its data is one row, or every row (black) when `whole`.
 */
function pngDeclaring(width: number, height: number, whole = false): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const row = zlib.deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * (whole ? height : 1)));
  return Buffer.concat([
    IMAGES.png.subarray(0, 8),
    chunk("IHDR", header),
    chunk("IDAT", row),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("image uploads (POST /upload)", () => {
  it("refuses an image whose header declares more than 64 megapixels (a 30,000 × 30,000 PNG of a few bytes), storing nothing", async () => {
    const customer = await newCustomer();
    const before = await storedImages();
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(10_000);
    const answer = await upload(bomb, { token: customer.token, name: "huge.png" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      error: "The image is 30,000 × 30,000 pixels: images may have at most 64 megapixels (8,000 × 8,000)",
    });
    expect(await storedImages()).toEqual(before);
    // At the limit, the same kind of file is taken (and decoded: every row is there).
    const atLimit = await upload(pngDeclaring(8_000, 8_000, true), { token: customer.token });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.data).toMatchObject({ width: 8_000, height: 8_000 });
  });

  it("accepts PNG, JPEG, GIF and WebP, answering {success, data.url}, and serves each written again as JPEG or PNG", async () => {
    const customer = await newCustomer();
    const types: Record<string, string> = { png: "image/png", jpg: "image/jpeg" };
    for (const [ext, bytes] of Object.entries(IMAGES)) {
      const answer = await upload(bytes, { token: customer.token, name: `me.${ext}` });
      expect(answer.status, ext).toBe(201);
      expect(answer.body.success).toBe(true);
      expect(answer.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/[0-9a-f]{32}\.(jpg|png)$/);
      expect(answer.body.data).toMatchObject({ width: 1, height: 1 });
      const served = await fetch(answer.body.data.url);
      const type = types[answer.body.data.url.split(".").pop()];
      expect(answer.body.data.mime).toBe(type);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toMatch(/max-age=\d+/);
      const image = Buffer.from(await served.arrayBuffer());
      expect(image.length).toBe(answer.body.data.size);
      expect(await sharp(image).metadata()).toMatchObject({ width: 1, height: 1 });
    }
  });

  it("judges by content, not by name: a text file named .png is refused and nothing is stored", async () => {
    const customer = await newCustomer();
    const before = await storedImages();
    const answer = await upload(Buffer.from("definitely not an image"), {
      token: customer.token,
      name: "cat.png",
      type: "image/png",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: "Only PNG, JPEG, WebP and GIF images are accepted" });
    expect(await storedImages()).toEqual(before);
  });

  it("refuses files over 5 MiB with 413", async () => {
    const customer = await newCustomer();
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const answer = await upload(big, { token: customer.token, name: "huge.png" });
    expect(answer.status).toBe(413);
    expect(answer.body.success).toBe(false);
  });

  it("refuses visitors (401) and a form without the image field (400)", async () => {
    const customer = await newCustomer();
    expect((await upload(IMAGES.png)).status).toBe(401);
    const wrongField = await upload(IMAGES.png, { token: customer.token, field: "file" });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.success).toBe(false);
    const notMultipart = await rest("POST", "/upload", { token: customer.token, body: { image: "x" } });
    expect(notMultipart.status).toBe(400);
  });

  it("keeps images in the database, content-addressed: the same image twice is stored once", async () => {
    const customer = await newCustomer();
    const first = await upload(IMAGES.gif, { token: customer.token });
    const before = await storedImages();
    const second = await upload(IMAGES.gif, { token: customer.token });
    expect(second.body.data.url).toBe(first.body.data.url);
    expect(await storedImages()).toEqual(before);
    const key = path.basename(first.body.data.url).split(".")[0];
    const rows = await withDatabase(
      async (client) =>
        (
          await client.query("SELECT name, mime, size, bytes FROM images WHERE name LIKE $1 ORDER BY name", [
            `${key}-%`,
          ])
        ).rows,
    );
    // A 1x1 image: one width, in three formats.
    expect(rows.map((row) => [row.name, row.mime])).toEqual([
      [`${key}-1.avif`, "image/avif"],
      [`${key}-1.png`, "image/png"],
      [`${key}-1.webp`, "image/webp"],
    ]);
    const served = Buffer.from(await (await fetch(first.body.data.url)).arrayBuffer());
    expect(Buffer.from(rows[1].bytes).equals(served)).toBe(true);
  });

  it("serves an image with its name as ETag and a year of caching; a matching If-None-Match is 304", async () => {
    const customer = await newCustomer();
    const { body } = await upload(IMAGES.png, { token: customer.token });
    const served = await fetch(body.data.url);
    const etag = served.headers.get("etag");
    expect(etag).toBe(`"${path.basename(body.data.url)}"`);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await fetch(body.data.url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(body.data.url, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("images kept as files by an earlier version are imported by npm run images:import, keeping their URLs", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-old-uploads-"));
    try {
      const crypto = await import("node:crypto");
      const png = distinctPng();
      const name = `${crypto.createHash("sha256").update(png).digest("hex").slice(0, 32)}.png`;
      fs.writeFileSync(path.join(folder, name), png);
      fs.writeFileSync(path.join(folder, "notes.txt"), "not an image");
      expect((await fetch(`${shop().url}/uploads/${name}`)).status).toBe(404);
      const run = promisify(execFile);
      const command = [path.join(GRAPH_DIR, "dist", "ops", "import-images.js"), folder];
      const imported = await run(process.execPath, command, {
        env: { ...process.env, DATABASE_URL: shop().databaseUrl },
      }).catch((error) => error);
      expect(imported.stdout).toMatch(/Imported 1 images into postgres \(0 were already there\)/);
      expect(imported.stdout).toMatch(/left alone: notes\.txt/);
      const served = await fetch(`${shop().url}/uploads/${name}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      const again = await run(process.execPath, command, {
        env: { ...process.env, DATABASE_URL: shop().databaseUrl },
      }).catch((error) => error);
      expect(again.stdout).toMatch(/Imported 0 images into postgres \(1 were already there\)/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("an unknown upload is 404", async () => {
    expect((await fetch(`${shop().url}/uploads/${"0".repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${shop().url}/uploads/..%2F..%2Fjwt-secret`)).status).toBe(404);
  });
});
