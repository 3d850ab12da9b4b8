import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import sharp, { type WriteableMetadata } from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  errorCode,
  gql,
  insertPart,
  newCustomer,
  rest,
  seededAdmin,
  shop,
  Shopper,
  withDatabase,
} from "./support/client";
import { uploadImage } from "./support/fixtures";
import { GRAPH_DIR } from "./support/processes";

/*
 * Images done properly: every upload is decoded and written again (upright, without
 * metadata) as a few widths in AVIF, WebP and JPEG or PNG; parts have several images in order,
 * with alt text, managed by admins.
 */

let admin: Shopper;
let customer: Shopper;

beforeAll(async () => {
  [admin, customer] = await Promise.all([seededAdmin(), newCustomer("images")]);
});

/** A photo-like JPEG: two colours side by side (left red, right blue), with noise so each upload is new. */
async function photo(width: number, height: number, metadata?: WriteableMetadata): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels.set(x < half ? [220, 20, 20] : [20, 20, 220], at);
      pixels[at + 1] += Math.floor(Math.random() * 10);
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (metadata ? image.withMetadata(metadata) : image).toBuffer();
}

async function upload(bytes: Buffer, token = customer.token) {
  const answer = await uploadImage(shop().url, token, bytes);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { url: string; mime: string; size: number; width: number; height: number };
}

const fetchImage = async (url: string) => {
  const response = await fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

const keyOf = (url: string) => path.basename(url).split(".")[0];
const counts = () =>
  withDatabase(async (client) => {
    const { rows } = await client.query(
      "SELECT (SELECT count(*)::int FROM images) AS images, (SELECT count(*)::int FROM image_uploads) AS uploads",
    );
    return rows[0];
  });

describe("uploads are written again, without metadata", () => {
  it("a JPEG with GPS EXIF comes back, in every variant, without any EXIF", async () => {
    const original = await photo(800, 600, {
      exif: {
        IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      },
    });
    const sent = await sharp(original).metadata();
    expect(sent.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const { url } = await upload(original);
    const key = keyOf(url);
    for (const name of [path.basename(url), `${key}-320.webp`, `${key}-640.avif`, `${key}-800.jpg`]) {
      const { response, bytes } = await fetchImage(new URL(name, url).toString());
      expect(response.status, name).toBe(200);
      const served = await sharp(bytes).metadata();
      expect(served.exif, name).toBeUndefined();
      expect(served.xmp, name).toBeUndefined();
      expect(bytes.includes(Buffer.from("PhoneMaker")), name).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0")), name).toBe(false);
    }
  });

  it("a photo taken sideways (EXIF orientation 6) comes back upright: dimensions swapped, its left side on top", async () => {
    const sideways = await photo(400, 200, { orientation: 6 });
    const answer = await upload(sideways);
    expect(answer).toMatchObject({ width: 200, height: 400, mime: "image/jpeg" });
    const { bytes } = await fetchImage(answer.url);
    const served = await sharp(bytes).metadata();
    expect(served).toMatchObject({ width: 200, height: 400 });
    expect(served.orientation).toBeUndefined();
    // Turned a quarter clockwise: the stored left (red) is now the top, the right (blue) the bottom.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(100, 20);
    const [bottomRed, , bottomBlue] = pixel(100, 380);
    expect(topRed).toBeGreaterThan(topBlue);
    expect(bottomBlue).toBeGreaterThan(bottomRed);
  });
});

describe("images stored before variants", () => {
  /** Stores bytes as a version before variants did: under the hash of their content, byte for byte. */
  const storeAsBefore = (bytes: Buffer) =>
    withDatabase(async (client) => {
      const name = `${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.jpg`;
      await client.query("INSERT INTO images (name, mime, size, bytes) VALUES ($1, 'image/jpeg', $2, $3)", [
        name,
        bytes.length,
        bytes,
      ]);
      return name;
    });
  const reencode = () =>
    promisify(execFile)(process.execPath, [path.join(GRAPH_DIR, "dist", "ops", "reencode-images.js")], {
      env: { ...process.env, DATABASE_URL: shop().databaseUrl },
    }).then(
      (done) => ({ code: 0, stdout: done.stdout }),
      (failed) => ({ code: failed.code as number, stdout: failed.stdout as string }),
    );

  it("are written again by npm run images:reencode: the same URL serves a variant without GPS data, the original goes, twice changes nothing", async () => {
    const original = await photo(900, 600, {
      exif: { IFD0: { Make: "OldPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } },
    });
    const name = await storeAsBefore(original);
    const cutShort = await storeAsBefore((await photo(300, 200)).subarray(0, 400));
    const url = `${shop().url}/uploads/${name}`;
    const before = await fetchImage(url);
    expect(before.bytes.equals(original)).toBe(true);

    const first = await reencode();
    expect(first.stdout).toMatch(/Re-encoded [1-9]\d* images stored before variants in postgres/);
    expect(first.stdout).toContain(`Left as it is, not a complete PNG, JPEG, GIF or WebP image: ${cutShort}`);
    expect(first.code).toBe(1);

    const after = await fetchImage(url);
    expect(after.response.status).toBe(200);
    const served = await sharp(after.bytes).metadata();
    expect(served).toMatchObject({ format: "jpeg", width: 900, height: 600 });
    expect(served.exif).toBeUndefined();
    expect(after.bytes.includes(Buffer.from("OldPhone"))).toBe(false);
    const key = name.split(".")[0];
    for (const variant of [`${key}-320.avif`, `${key}-640.webp`, `${key}-900.jpg`])
      expect((await fetchImage(`${shop().url}/uploads/${variant}`)).response.status, variant).toBe(200);
    const left = await withDatabase((client) =>
      client.query("SELECT name FROM images WHERE name = ANY($1) ORDER BY name", [[name, cutShort]]),
    );
    expect(left.rows.map((row) => row.name)).toEqual([cutShort]);

    const second = await reencode();
    expect(second.stdout).toMatch(/Re-encoded 0 images stored before variants/);
    expect(second.code).toBe(1);
    expect((await fetchImage(url)).bytes.equals(after.bytes)).toBe(true);
  });
});

describe("variants", () => {
  it("are stored in WebP, AVIF and JPEG at 320, 640 and the image's own width, none wider than it, with its aspect ratio", async () => {
    const { url, width, height } = await upload(await photo(1000, 500));
    expect({ width, height }).toEqual({ width: 1000, height: 500 });
    const key = keyOf(url);
    const formats = { webp: "webp", avif: "heif", jpg: "jpeg" } as const;
    for (const variantWidth of [320, 640, 1000])
      for (const [ext, format] of Object.entries(formats)) {
        const { response, bytes } = await fetchImage(new URL(`${key}-${variantWidth}.${ext}`, url).toString());
        expect(response.status, `${variantWidth}.${ext}`).toBe(200);
        expect(response.headers.get("content-type")).toBe(`image/${ext === "jpg" ? "jpeg" : ext}`);
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe(format);
        expect({ width: metadata.width, height: metadata.height }).toEqual({
          width: variantWidth,
          height: variantWidth / 2,
        });
      }
    expect((await fetch(new URL(`${key}-1280.webp`, url))).status).toBe(404);
    // The upload's own URL serves the widest JPEG.
    const own = await sharp((await fetchImage(url)).bytes).metadata();
    expect({ format: own.format, width: own.width }).toEqual({ format: "jpeg", width: 1000 });
  });

  it("an image with transparency falls back to PNG, not JPEG", async () => {
    const transparent = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 128, b: 0, alpha: Math.random() / 2 } },
    })
      .png()
      .toBuffer();
    const answer = await upload(transparent);
    expect(answer).toMatchObject({ mime: "image/png", width: 300, height: 300 });
    expect(answer.url).toMatch(/\.png$/);
    const served = await sharp((await fetchImage(answer.url)).bytes).metadata();
    expect(served).toMatchObject({ format: "png", hasAlpha: true });
  });

  it("are served under their content names with a year of immutable caching", async () => {
    const { url } = await upload(await photo(500, 500));
    for (const name of [path.basename(url), `${keyOf(url)}-320.avif`]) {
      const { response } = await fetchImage(new URL(name, url).toString());
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("etag")).toBe(`"${name}"`);
    }
  });

  it("the same upload twice stores nothing new", async () => {
    const image = await photo(700, 300);
    const first = await upload(image);
    const before = await counts();
    const second = await upload(image);
    expect(second).toEqual(first);
    expect(await counts()).toEqual(before);
  });

  it("an image too tall for its width to be shown (100 × 20,000) is refused with a 400 saying so", async () => {
    const strip = await sharp({ create: { width: 100, height: 20_000, channels: 3, background: "black" } })
      .png()
      .toBuffer();
    const before = await counts();
    const answer = await uploadImage(shop().url, customer.token, strip);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      error:
        "The image is 100 × 20,000 pixels: too tall for its width to be shown (at most 16,383 pixels high at 100 wide)",
    });
    expect(await counts()).toEqual(before);
  });

  it("a JPEG cut short after its header is refused with a 400 naming it, and nothing is stored", async () => {
    const whole = await photo(300, 300);
    const before = await counts();
    const cut = Buffer.concat([whole.subarray(0, Math.floor(whole.length / 2)), Buffer.from([0xff, 0xd9])]);
    const answer = await uploadImage(shop().url, customer.token, cut);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toMatch(/JPEG image/);
    expect(await counts()).toEqual(before);
  });
});

const IMAGE_FIELDS = "url width height srcset sources { mime srcset } variants { url format mime width height size }";
const PART_IMAGES = `id databaseId img image { url width } images { id position alt ${IMAGE_FIELDS} }`;

const partImages = async (id: string) => {
  const answer = await gql(`query($id: ID!) { part(id: $id) { ${PART_IMAGES} } }`, { id });
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.part;
};

const addPartImage = (partId: string, input: Record<string, unknown>, token = admin.token) =>
  gql(
    `mutation($partId: ID!, $input: AddPartImageInput!) { addPartImage(partId: $partId, input: $input) { ${PART_IMAGES} } }`,
    { partId, input },
    token,
  );

async function history(entityId: string) {
  const answer = await gql(
    `query($id: ID!) { auditLog(entityId: $id, first: 100) { edges { node { action actorEmail before after } } } }`,
    { id: entityId },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.auditLog.edges.map((edge: any) => edge.node);
}

describe("a part's images", () => {
  it("admins add several in order (uploads and URLs), reorder them, set alt text and remove one; each change is in History and img answers the first", async () => {
    const partId = await insertPart({ available: 5 });
    const start = await partImages(partId);
    expect(start.images.map((image: any) => [image.url, image.alt, image.width])).toEqual([
      ["/images/parts/dc-jack.svg", "", null],
    ]);
    const uploaded = await upload(await photo(900, 600), admin.token);
    const added = await addPartImage(partId, { url: uploaded.url, alt: "The jack from above" });
    expect(added.body.errors).toBeUndefined();
    const elsewhere = await addPartImage(partId, {
      url: "https://example.com/jack-side.png",
      alt: "Side",
      position: 1,
    });
    expect(elsewhere.body.errors).toBeUndefined();
    let part = elsewhere.body.data.addPartImage;
    expect(part.images.map((image: any) => [image.position, image.url, image.alt])).toEqual([
      [0, "/images/parts/dc-jack.svg", ""],
      [1, "https://example.com/jack-side.png", "Side"],
      [2, uploaded.url, "The jack from above"],
    ]);
    const upload2 = part.images[2];
    expect(upload2).toMatchObject({ width: 900, height: 600 });
    expect(upload2.variants.filter((v: any) => v.format === "webp").map((v: any) => [v.width, v.height])).toEqual([
      [320, 213],
      [640, 427],
      [900, 600],
    ]);
    expect(upload2.sources.map((source: any) => source.mime)).toEqual(["image/avif", "image/webp"]);
    expect(upload2.sources[1].srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-900\.webp 900w$/);
    expect(upload2.srcset).toMatch(/-320\.jpg 320w/);

    const [first, second, third] = part.images.map((image: any) => image.id);
    const reordered = await gql(
      `mutation($partId: ID!, $ids: [ID!]!) { reorderPartImages(partId: $partId, imageIds: $ids) { ${PART_IMAGES} } }`,
      { partId, ids: [third, first, second] },
      admin.token,
    );
    expect(reordered.body.errors).toBeUndefined();
    part = reordered.body.data.reorderPartImages;
    expect(part.images.map((image: any) => image.id)).toEqual([third, first, second]);
    expect(part.img).toBe(uploaded.url);
    expect(part.image).toEqual({ url: uploaded.url, width: 900 });
    // The spec's REST shape still answers one image: the first.
    expect((await rest("GET", `/parts/${partId}`)).body.img).toBe(uploaded.url);

    const alt = await gql(
      `mutation($id: ID!) { setPartImageAlt(imageId: $id, alt: "  The jack, side view  ") { images { id alt } } }`,
      { id: second },
      admin.token,
    );
    expect(alt.body.errors).toBeUndefined();
    expect(alt.body.data.setPartImageAlt.images.find((image: any) => image.id === second).alt).toBe(
      "The jack, side view",
    );

    const removed = await gql(
      `mutation($id: ID!) { removePartImage(imageId: $id) { img images { id position } } }`,
      { id: third },
      admin.token,
    );
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.removePartImage).toEqual({
      img: "/images/parts/dc-jack.svg",
      images: [
        { id: first, position: 0 },
        { id: second, position: 1 },
      ],
    });

    const entries = await history(partId);
    expect(entries.map((entry: any) => entry.action)).toEqual(Array(5).fill("PART_UPDATED"));
    const latest = entries[0];
    expect(latest.actorEmail).toBe(admin.email);
    expect(latest.before.images.map((image: any) => image.url)).toEqual([
      uploaded.url,
      "/images/parts/dc-jack.svg",
      "https://example.com/jack-side.png",
    ]);
    expect(latest.after).toMatchObject({
      img: "/images/parts/dc-jack.svg",
      images: [
        { url: "/images/parts/dc-jack.svg", alt: "" },
        { url: "https://example.com/jack-side.png", alt: "The jack, side view" },
      ],
    });
  });

  it("refuses what would leave a part wrong, saying why, and changes nothing", async () => {
    const partId = await insertPart({ available: 5 });
    const [only] = (await partImages(partId)).images;
    const last = await gql(`mutation($id: ID!) { removePartImage(imageId: $id) { id } }`, { id: only.id }, admin.token);
    expect(errorCode(last)).toBe("BAD_USER_INPUT");
    expect(last.body.errors[0].message).toBe("A part needs at least one image: add another before removing this one");
    const missingUpload = await addPartImage(partId, { url: `/uploads/${"a".repeat(32)}.jpg` });
    expect(errorCode(missingUpload)).toBe("BAD_USER_INPUT");
    expect(missingUpload.body.errors[0].message).toMatch(/No image is uploaded at \/uploads\/a+\.jpg/);
    const script = await addPartImage(partId, { url: "javascript:alert(1)" });
    expect(errorCode(script)).toBe("BAD_USER_INPUT");
    const longAlt = await addPartImage(partId, { url: "https://example.com/a.png", alt: "x".repeat(251) });
    expect(errorCode(longAlt)).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(longAlt.body.errors)).toMatch(/Alt text must be at most 250 characters/);
    const wrongOrder = await gql(
      `mutation($partId: ID!, $ids: [ID!]!) { reorderPartImages(partId: $partId, imageIds: $ids) { id } }`,
      { partId, ids: [only.id, only.id] },
      admin.token,
    );
    expect(errorCode(wrongOrder)).toBe("BAD_USER_INPUT");
    expect((await partImages(partId)).images).toHaveLength(1);
    expect(await history(partId)).toEqual([]);
  });

  it("a customer cannot add, reorder, describe or remove a part's images", async () => {
    const partId = await insertPart({ available: 5 });
    const [only] = (await partImages(partId)).images;
    const answers = [
      await addPartImage(partId, { url: "https://example.com/a.png" }, customer.token),
      await gql(
        `mutation($partId: ID!, $ids: [ID!]!) { reorderPartImages(partId: $partId, imageIds: $ids) { id } }`,
        { partId, ids: [only.id] },
        customer.token,
      ),
      await gql(
        `mutation($id: ID!) { setPartImageAlt(imageId: $id, alt: "x") { id } }`,
        { id: only.id },
        customer.token,
      ),
      await gql(`mutation($id: ID!) { removePartImage(imageId: $id) { id } }`, { id: only.id }, customer.token),
      // A visitor (no token at all).
      await gql(
        `mutation($partId: ID!) { addPartImage(partId: $partId, input: { url: "https://example.com/a.png" }) { id } }`,
        { partId },
      ),
    ];
    expect(answers.map(errorCode)).toEqual(["FORBIDDEN", "FORBIDDEN", "FORBIDDEN", "FORBIDDEN", "UNAUTHENTICATED"]);
    expect((await partImages(partId)).images).toEqual([only]);
  });

  it("a part's new img (updatePart) replaces its first image", async () => {
    const partId = await insertPart({ available: 5 });
    await addPartImage(partId, { url: "https://example.com/second.png" });
    const updated = await gql(
      `mutation($id: ID!) { updatePart(id: $id, input: { img: "https://example.com/new-first.png" }) { images { url position } } }`,
      { id: partId },
      admin.token,
    );
    expect(updated.body.errors).toBeUndefined();
    const { images } = await partImages(partId);
    expect(images.map((image: any) => image.url)).toEqual([
      "https://example.com/new-first.png",
      "https://example.com/second.png",
    ]);
  });
});

describe("reviews' and products' images", () => {
  it("a review's and a product's uploaded photo show their sizes and variants", async () => {
    const { url } = await upload(await photo(640, 480));
    const review = await gql(
      `mutation($input: AddReviewInput!) { addReview(input: $input) { image { ${IMAGE_FIELDS} } } }`,
      { input: { name: "Pat", ratings: 5, description: "Sharp photo", img: url } },
      customer.token,
    );
    expect(review.body.errors).toBeUndefined();
    expect(review.body.data.addReview.image).toMatchObject({ url, width: 640, height: 480 });
    const product = await gql(
      `mutation($input: AddProductInput!) { addProduct(input: $input) { image { ${IMAGE_FIELDS} } } }`,
      { input: { name: "Dock", img: url } },
      admin.token,
    );
    expect(product.body.errors).toBeUndefined();
    const image = product.body.data.addProduct.image;
    expect(image.variants.map((v: any) => `${v.width}.${v.format}`)).toEqual([
      "320.avif",
      "320.jpg",
      "320.webp",
      "640.avif",
      "640.jpg",
      "640.webp",
    ]);
  });
});
