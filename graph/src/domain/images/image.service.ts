import crypto from "node:crypto";
import type { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
import { badInput, notFound, ShopError } from "../errors";
import { EncodedImage, encodeUpload } from "./encode";
import { isCompleteImage } from "./image-structure";
import {
  defaultVariant,
  ImageView,
  imageView,
  MIME_OF,
  parseImageName,
  splitUploadUrl,
  UploadRecord,
  uploadName,
  variantName,
} from "./variants";

export { MAX_IMAGE_PIXELS } from "./encode";
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const IMAGE_TYPES = [
  {
    ext: "png",
    mime: "image/png",
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: "jpg", mime: "image/jpeg", matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: "gif", mime: "image/gif", matches: (b: Buffer) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  {
    ext: "webp",
    mime: "image/webp",
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
] as const;

/** What a file's first bytes say it is; names and declared types are not trusted. */
export const sniffImage = (head: Buffer) => IMAGE_TYPES.find((type) => type.matches(head)) ?? null;

export interface StoredImage {
  /** Its name under /uploads/: served as its default variant. */
  name: string;
  mime: string;
  /** The default variant's size in bytes. */
  size: number;
  /** The upright image's size in pixels (the variants keep its aspect ratio). */
  width: number;
  height: number;
}

/** Where image bytes live (a folder, PostgreSQL, an object store): content-addressed by name. */
export interface ImageStore {
  has(name: string): Promise<boolean>;
  put(name: string, mime: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  /** Removes an image; nothing happens when there is none of that name. */
  delete(name: string): Promise<void>;
  /** Every name stored, in no particular order (read a page at a time). */
  names(): AsyncIterable<string>;
}

/** What re-encoding an image stored before variants did (ImageService.reencodeStored). */
export type ReencodeOutcome =
  | { name: string; outcome: "reencoded" }
  | { name: string; outcome: "current" }
  | { name: string; outcome: "refused"; why: string };

interface UploadRow {
  key: string;
  width: number;
  height: number;
  fallback: UploadRecord["fallback"];
  variants: UploadRecord["variants"];
}

/**
 * Uploaded images (reviews', parts', products'): checked by content, decoded and written again
 * as variants (see encode.ts), stored once per content. The database keeps each upload's record
 * (its size and variants, table image_uploads); the image store keeps the bytes.
 */
export class ImageService {
  constructor(
    private readonly store: ImageStore,
    private readonly db: DataSource,
  ) {}

  async upload(actor: Actor, bytes: Buffer): Promise<StoredImage> {
    authorize(actor, "USER");
    if (bytes.length === 0) throw badInput('Image is Required: send it in the field "image"');
    if (bytes.length > MAX_UPLOAD_BYTES) throw new Error("The edge lets no image over the limit through");
    const type = sniffImage(bytes);
    if (!type) throw badInput("Only PNG, JPEG, WebP and GIF images are accepted");
    const label = type.ext === "jpg" ? "JPEG" : type.ext.toUpperCase();
    if (!isCompleteImage(bytes, type.ext))
      throw badInput(`The file is not a complete ${label} image (cut short, or something else behind an image header)`);
    // Named by the bytes sent: the same upload twice is found, not decoded again.
    const key = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const known = (await this.records([key])).get(key);
    if (known) return stored(known);
    return stored(await this.storeVariants(key, await encodeUpload(bytes, label)));
  }

  /**
   * Gives an image stored byte for byte by a version before variants (its metadata, its full size)
   * the treatment of an upload: decoded, written again as variants, recorded under its key, so its
   * URL serves the default variant from now on; then the original goes. Images with variants are
   * left as they are; an image the shop would refuse today is left and reported.
   */
  async reencodeStored(name: string): Promise<ReencodeOutcome> {
    const parsed = parseImageName(name);
    if (!parsed || parsed.width !== null) return { name, outcome: "current" };
    if ((await this.records([parsed.key])).has(parsed.key)) {
      await this.store.delete(name);
      return { name, outcome: "current" };
    }
    const bytes = await this.store.get(name);
    if (!bytes) return { name, outcome: "current" };
    const type = sniffImage(bytes);
    if (!type || !isCompleteImage(bytes, type.ext))
      return { name, outcome: "refused", why: "not a complete PNG, JPEG, GIF or WebP image" };
    try {
      await this.storeVariants(
        parsed.key,
        await encodeUpload(bytes, type.ext === "jpg" ? "JPEG" : type.ext.toUpperCase()),
      );
    } catch (error) {
      if (error instanceof ShopError) return { name, outcome: "refused", why: error.message };
      throw error;
    }
    await this.store.delete(name);
    return { name, outcome: "reencoded" };
  }

  /** Every stored name of an image from before variants. */
  async *namesBeforeVariants(): AsyncGenerator<string> {
    for await (const name of this.store.names()) {
      const parsed = parseImageName(name);
      if (parsed && parsed.width === null) yield name;
    }
  }

  private async storeVariants(key: string, encoded: EncodedImage): Promise<UploadRecord> {
    for (const variant of encoded.variants) {
      const name = variantName(key, variant.width, variant.format);
      if (!(await this.store.has(name))) await this.store.put(name, MIME_OF[variant.format], variant.bytes);
    }
    const record: UploadRecord = {
      key,
      width: encoded.width,
      height: encoded.height,
      fallback: encoded.fallback,
      variants: encoded.variants.map(({ format, width, height, size }) => ({ format, width, height, size })),
    };
    // Written last: a record means every variant it lists is stored. Two processes storing the same upload store it once.
    await this.db.query(
      `INSERT INTO image_uploads (key, width, height, fallback, variants) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (key) DO NOTHING`,
      [key, record.width, record.height, record.fallback, JSON.stringify(record.variants)],
    );
    return record;
  }

  /** Whether an image of that name is served (without reading it). */
  async exists(name: string): Promise<boolean> {
    const storeName = await this.storeNameOf(name);
    return storeName !== null && (await this.store.has(storeName));
  }

  /** An image by its name under /uploads/, with its type. */
  async get(name: string): Promise<{ bytes: Buffer; mime: string }> {
    const storeName = await this.storeNameOf(name);
    const bytes = storeName ? await this.store.get(storeName) : null;
    if (!storeName || !bytes) throw notFound("Image");
    return { bytes, mime: MIME_OF[parseImageName(storeName)!.ext] };
  }

  /** False for a URL naming an upload's file under /uploads/ that is not stored; true for any other URL. */
  async servesUploadAt(url: string): Promise<boolean> {
    const upload = splitUploadUrl(url);
    return upload === null || parseImageName(upload.name) === null || (await this.exists(upload.name));
  }

  /** The views of images by URL (their sizes and variants when they are uploads of this shop), in the order asked. */
  async describe(urls: readonly string[]): Promise<ImageView[]> {
    const keyOf = (url: string) => {
      const upload = splitUploadUrl(url);
      return upload ? (parseImageName(upload.name)?.key ?? null) : null;
    };
    const records = await this.records(urls.flatMap((url) => keyOf(url) ?? []));
    return urls.map((url) => imageView(url, records.get(keyOf(url) ?? "") ?? null));
  }

  /**
   * The store's name for a name under /uploads/: a variant's is its own; an upload's own name
   * (`key.jpg`) is its default variant's, whatever its extension (an older upload of the same
   * bytes was named by its type); an upload from before variants keeps its stored name.
   */
  private async storeNameOf(name: string): Promise<string | null> {
    const parsed = parseImageName(name);
    if (!parsed) return null;
    if (parsed.width !== null) return name;
    const record = (await this.records([parsed.key])).get(parsed.key);
    if (!record) return name;
    const variant = defaultVariant(record.variants, record.fallback);
    return variantName(record.key, variant.width, variant.format);
  }

  private async records(keys: readonly string[]): Promise<Map<string, UploadRecord>> {
    if (keys.length === 0) return new Map();
    const rows: UploadRow[] = await this.db.query(
      `SELECT key, width, height, fallback, variants FROM image_uploads WHERE key = ANY($1::text[])`,
      [[...new Set(keys)]],
    );
    return new Map(rows.map((row) => [row.key, row]));
  }
}

function stored(record: UploadRecord): StoredImage {
  const variant = defaultVariant(record.variants, record.fallback);
  return {
    name: uploadName(record.key, record.fallback),
    mime: MIME_OF[record.fallback],
    size: variant.size,
    width: record.width,
    height: record.height,
  };
}
