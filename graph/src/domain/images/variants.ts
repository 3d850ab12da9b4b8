/*
 * What an upload is stored as: a few widths, each in AVIF, WebP and a fallback every browser shows
 * (JPEG, or PNG when the image has transparency). Pure: names, widths and srcset strings.
 */

/** The widths an upload is stored at (never wider than the image itself). */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

export type VariantFormat = "avif" | "webp" | "jpg" | "png";
export type FallbackFormat = "jpg" | "png";

export const MIME_OF: Record<VariantFormat | "gif", string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** One stored size of an upload in one format. */
export interface ImageVariant {
  format: VariantFormat;
  width: number;
  height: number;
  /** Bytes. */
  size: number;
}

/**
 * The widths an image `originalWidth` pixels wide is stored at: each standard width narrower
 * than it, and then its own width when it is narrower than the widest one (never upscaled).
 */
export function variantWidths(originalWidth: number): number[] {
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  const below = VARIANT_WIDTHS.filter((width) => width < originalWidth);
  return originalWidth > widest ? below : [...below, originalWidth];
}

/** The height of a `width` wide copy of a `original.width` × `original.height` image (aspect ratio kept, at least 1). */
export const heightAt = (width: number, original: { width: number; height: number }): number =>
  Math.max(1, Math.round((width * original.height) / original.width));

/** An upload's content name: the first 32 hex digits of the SHA-256 of the bytes sent. */
export const CONTENT_KEY = /^[0-9a-f]{32}$/;

/** A variant's name in the store and under /uploads/: `{key}-{width}.{format}`. */
export const variantName = (key: string, width: number, format: VariantFormat): string => `${key}-${width}.${format}`;

/** An upload's own name (its URL's last segment): `{key}.{fallback}`, served as its default variant. */
export const uploadName = (key: string, fallback: FallbackFormat): string => `${key}.${fallback}`;

/** The variant an upload's own URL serves: the fallback format at the widest stored width. */
export function defaultVariant(variants: readonly ImageVariant[], fallback: FallbackFormat): ImageVariant {
  const candidates = variants.filter((variant) => variant.format === fallback);
  return candidates.reduce((widest, variant) => (variant.width > widest.width ? variant : widest));
}

/** A name under /uploads/: an upload's own (`key.ext`), one of its variants (`key-width.ext`), or an older upload's. */
export interface ParsedName {
  key: string;
  width: number | null;
  ext: VariantFormat | "gif";
}

const NAME = /^([0-9a-f]{32})(?:-([1-9][0-9]{0,4}))?\.(png|jpg|gif|webp|avif)$/;

export function parseImageName(name: string): ParsedName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const ext = match[3] as ParsedName["ext"];
  if (match[2] !== undefined && ext === "gif") return null;
  return { key: match[1], width: match[2] === undefined ? null : Number(match[2]), ext };
}

/** The part of a URL before its last segment, and that segment, when the URL names a file under /uploads/. */
export function splitUploadUrl(url: string): { base: string; name: string } | null {
  const match = /^(.*\/uploads\/)([^/?#]+)$/.exec(url);
  return match ? { base: match[1], name: match[2] } : null;
}

/** An HTML srcset: each variant of the format by URL and width, narrowest first ("…-320.webp 320w, …"). */
export function srcset(
  variants: readonly ImageVariant[],
  format: VariantFormat,
  urlOf: (variant: ImageVariant) => string,
): string {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${urlOf(variant)} ${variant.width}w`)
    .join(", ");
}

/** What the shop knows of an upload: its upright size, its fallback format and the variants stored. */
export interface UploadRecord {
  key: string;
  width: number;
  height: number;
  fallback: FallbackFormat;
  variants: ImageVariant[];
}

/** An image as the API shows it: its URL and, for an upload of this shop, its size and variants. */
export interface ImageView {
  url: string;
  /** Null for an image elsewhere or uploaded before the shop kept sizes. */
  width: number | null;
  height: number | null;
  variants: Array<ImageVariant & { url: string; mime: string }>;
  /** For a <picture>'s <source> elements: AVIF first, then WebP. */
  sources: Array<{ mime: string; srcset: string }>;
  /** The fallback format's srcset, for the <img> itself; null without variants. */
  srcset: string | null;
}

/** The view of the image at `url`, given the record of the upload it names (null: none). */
export function imageView(url: string, record: UploadRecord | null): ImageView {
  const upload = splitUploadUrl(url);
  if (!record || !upload) return { url, width: null, height: null, variants: [], sources: [], srcset: null };
  const urlOf = (variant: ImageVariant) => `${upload.base}${variantName(record.key, variant.width, variant.format)}`;
  const formats: VariantFormat[] = ["avif", "webp"];
  return {
    url,
    width: record.width,
    height: record.height,
    variants: [...record.variants]
      .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format))
      .map((variant) => ({ ...variant, url: urlOf(variant), mime: MIME_OF[variant.format] })),
    sources: formats.map((format) => ({ mime: MIME_OF[format], srcset: srcset(record.variants, format, urlOf) })),
    srcset: srcset(record.variants, record.fallback, urlOf),
  };
}
