import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { badInput } from "../errors";
import { FallbackFormat, heightAt, ImageVariant, variantWidths, VariantFormat } from "./variants";

/** The most pixels an image may have (8,000 x 8,000): a few kilobytes can declare a picture that takes gigabytes to show. */
export const MAX_IMAGE_PIXELS = 64_000_000;
/** The tallest a variant may be: WebP's limit (AVIF's is larger). */
const MAX_VARIANT_HEIGHT = 16_383;
const thousands = (value: number) => value.toLocaleString("en-US");

/** What an upload became: its upright size, its fallback format and every variant's bytes. */
export interface EncodedImage {
  width: number;
  height: number;
  fallback: FallbackFormat;
  variants: Array<ImageVariant & { bytes: Buffer }>;
}

const unreadable = (label: string) => badInput(`The file is not a ${label} image this shop can read`);

/**
 * The image's upright dimensions as its header declares them (sharp reads the header only,
 * decoding nothing); refused beyond MAX_IMAGE_PIXELS before a pixel is decoded.
 */
async function uprightSize(bytes: Buffer, label: string): Promise<{ width: number; height: number; alpha: boolean }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(label);
  }
  const { width, height } = metadata;
  if (!width || !height) throw unreadable(label);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badInput(
      `The image is ${thousands(width)} × ${thousands(height)} pixels: images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (8,000 × 8,000)`,
    );
  }
  return { ...(metadata.autoOrient ?? { width, height }), alpha: metadata.hasAlpha };
}

/** How each format is written: small files at a quality a product photo keeps; AVIF's effort kept low, it is the slow one. */
function encoder(format: VariantFormat): (image: Sharp) => Sharp {
  switch (format) {
    case "avif":
      return (image) => image.avif({ quality: 55, effort: 2 });
    case "webp":
      return (image) => image.webp({ quality: 80 });
    case "jpg":
      return (image) => image.jpeg({ quality: 82, mozjpeg: true });
    case "png":
      return (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true });
  }
}

/**
 * Decodes an upload and writes it again as variants: orientation applied (the pixels turned
 * upright, so no viewer depends on an EXIF tag), every piece of metadata left behind (EXIF, GPS,
 * XMP, comments; colours converted to sRGB and no profile kept), at each width of variantWidths
 * in AVIF, WebP and the fallback. `label` names the upload's type in messages ("PNG").
 */
export async function encodeUpload(bytes: Buffer, label: string): Promise<EncodedImage> {
  const size = await uprightSize(bytes, label);
  const widths = variantWidths(size.width);
  if (heightAt(widths[widths.length - 1], size) > MAX_VARIANT_HEIGHT)
    throw badInput(
      `The image is ${thousands(size.width)} × ${thousands(size.height)} pixels: too tall for its width to be shown (at most ${thousands(MAX_VARIANT_HEIGHT)} pixels high at ${thousands(widths[widths.length - 1])} wide)`,
    );
  const fallback: FallbackFormat = size.alpha ? "png" : "jpg";
  // Decoded once, upright, at the widest variant's size; the narrower ones are made from that.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Any decoding warning (a JPEG whose data runs out, corrupt data) refuses it: what the shop serves is whole.
    upright = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" })
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable(label);
  }
  const { data, info } = upright;
  const raw = { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
  const formats: VariantFormat[] = ["avif", "webp", fallback];
  const variants = await Promise.all(
    widths.flatMap((width) =>
      formats.map(async (format) => {
        const height = heightAt(width, size);
        const encoded = encoder(format)(sharp(data, { raw }).resize({ width, height, fit: "fill" }));
        const out = await encoded.toBuffer();
        return { format, width, height, size: out.length, bytes: out };
      }),
    ),
  ).catch(() => {
    throw badInput(`The ${label} image could not be written again in the sizes and formats this shop serves`);
  });
  return { width: size.width, height: size.height, fallback, variants };
}
