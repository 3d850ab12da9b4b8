import { graphql } from "@/lib/gql";
import { apiUrl } from "@/lib/apiUrl";

/** What a component asks of an Image to show it through ResponsiveImage (read with getFragmentData). */
export const ResponsiveImageFragment = graphql(`
  fragment ResponsiveImage_image on Image {
    url
    width
    height
    srcset
    sources {
      mime
      srcset
    }
  }
`);

/** What the API tells of an image (GraphQL's Image or PartImage): its URL and, for an upload, its size and variants. */
export interface ResponsiveImageData {
  url: string;
  /** The upright image's size in pixels; null for an image elsewhere. */
  width?: number | null;
  height?: number | null;
  /** AVIF then WebP, each with its srcset. */
  sources?: ReadonlyArray<{ mime: string; srcset: string }> | null;
  /** The JPEG or PNG sizes' srcset. */
  srcset?: string | null;
}

export interface ResponsiveImageProps {
  image: ResponsiveImageData;
  alt: string;
  /** How wide the image is drawn, as the sizes attribute says it ("(max-width: 600px) 100vw, 400px"). */
  sizes: string;
  /** The box to reserve when the API knows no size (an image elsewhere): width and height in pixels. */
  fallbackSize: { width: number; height: number };
  /** Above the fold (a part page's main image): loaded at once and first; otherwise lazily. */
  priority?: boolean;
  className?: string;
}

/** A srcset with each URL resolved against the API, as apiUrl resolves one URL. */
export function resolveSrcset(srcset: string): string {
  return srcset
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [url, ...descriptor] = entry.split(/\s+/);
      return [apiUrl(url), ...descriptor].join(" ");
    })
    .join(", ");
}

/**
 * An image in the sizes and formats the API stored it in: a <picture> whose <source>s offer AVIF
 * and WebP, and whose <img> has the JPEG/PNG srcset, the image's own width and height (so the
 * browser reserves its box before it loads: no layout shift) and lazy loading below the fold.
 * An image without variants is a plain <img> in the fallback box.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  fallbackSize,
  priority = false,
  className,
}: ResponsiveImageProps) {
  const known = image.width && image.height ? { width: image.width, height: image.height } : null;
  const { width, height } = known ?? fallbackSize;
  const img = (
    <img
      src={apiUrl(image.url)}
      srcSet={image.srcset ? resolveSrcset(image.srcset) : undefined}
      sizes={image.srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? undefined : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
  const sources = image.sources?.filter((source) => source.srcset) ?? [];
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.mime} type={source.mime} srcSet={resolveSrcset(source.srcset)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
