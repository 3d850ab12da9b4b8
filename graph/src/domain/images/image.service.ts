import crypto from "node:crypto";
import sharp from "sharp";
import { Actor, authorize } from "../actor";
import { badInput, notFound } from "../errors";
import { isCompleteImage } from "./image-structure";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The most pixels an image may have (8,000 x 8,000): a few kilobytes can declare a picture that takes gigabytes to show. */
export const MAX_IMAGE_PIXELS = 64_000_000;
const thousands = (value: number) => value.toLocaleString("en-US");

/** The image's dimensions as its header declares them (sharp reads the header only, decoding nothing); refused beyond MAX_IMAGE_PIXELS. */
async function assertPixelLimit(bytes: Buffer, ext: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw badInput(`The file is not a ${ext.toUpperCase()} image this shop can read`);
  }
  if (!width || !height) throw badInput(`The file is not a ${ext.toUpperCase()} image this shop can read`);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badInput(
      `The image is ${thousands(width)} × ${thousands(height)} pixels: images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (8,000 × 8,000)`,
    );
  }
}

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
const MIME_BY_EXT = new Map<string, string>(IMAGE_TYPES.map((type) => [type.ext, type.mime]));
/** A stored image's name: the first 32 hex digits of its SHA-256, and its type. */
const IMAGE_NAME = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

/** What a file's first bytes say it is; names and declared types are not trusted. */
export const sniffImage = (head: Buffer) => IMAGE_TYPES.find((type) => type.matches(head)) ?? null;

export interface StoredImage {
  name: string;
  mime: string;
  size: number;
}

/** Where image bytes live (a folder, PostgreSQL, an object store): content-addressed by name. */
export interface ImageStore {
  has(name: string): Promise<boolean>;
  put(name: string, mime: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
}

/** Review images: checked by content, stored once per content. */
export class ImageService {
  constructor(private readonly store: ImageStore) {}

  async upload(actor: Actor, bytes: Buffer): Promise<StoredImage> {
    authorize(actor, "USER");
    if (bytes.length === 0) throw badInput('Image is Required: send it in the field "image"');
    if (bytes.length > MAX_UPLOAD_BYTES) throw new Error("The edge lets no image over the limit through");
    const type = sniffImage(bytes);
    if (!type) throw badInput("Only PNG, JPEG, WebP and GIF images are accepted");
    if (!isCompleteImage(bytes, type.ext))
      throw badInput(
        `The file is not a complete ${type.ext.toUpperCase()} image (cut short, or something else behind an image header)`,
      );
    await assertPixelLimit(bytes, type.ext);
    const name = `${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${type.ext}`;
    if (!(await this.store.has(name))) await this.store.put(name, type.mime, bytes);
    return { name, mime: type.mime, size: bytes.length };
  }

  /** Whether an image of that name is stored (without reading it). */
  async exists(name: string): Promise<boolean> {
    return IMAGE_NAME.test(name) && (await this.store.has(name));
  }

  /** An image by its name, with its type. */
  async get(name: string): Promise<{ bytes: Buffer; mime: string }> {
    const match = IMAGE_NAME.exec(name);
    const bytes = match ? await this.store.get(match[0]) : null;
    if (!match || !bytes) throw notFound("Image");
    return { bytes, mime: MIME_BY_EXT.get(match[2])! };
  }
}
