/** Images as the API answers them (GraphQL's Image), for the components' mocked queries. */

/** An upload of this shop (`/uploads/{key}.jpg`, `width` × `height`) with its AVIF, WebP and JPEG variants at 320 and 640 px. */
export function uploadedImage(key: string, width = 1000, height = 625) {
  const srcset = (format: string) => `/uploads/${key}-320.${format} 320w, /uploads/${key}-640.${format} 640w`;
  return {
    __typename: "Image" as const,
    url: `/uploads/${key}.jpg`,
    width,
    height,
    srcset: srcset("jpg"),
    sources: [
      { __typename: "ImageSource" as const, mime: "image/avif", srcset: srcset("avif") },
      { __typename: "ImageSource" as const, mime: "image/webp", srcset: srcset("webp") },
    ],
  };
}

/** An image elsewhere (or stored before the shop kept sizes): a URL and nothing more. */
export function imageElsewhere(url: string) {
  return { __typename: "Image" as const, url, width: null, height: null, srcset: null, sources: [] };
}

/** One of a part's images (GraphQL's PartImage): `image` with its id and alt text. */
export function partImage(id: string, image: ReturnType<typeof uploadedImage | typeof imageElsewhere>, alt = "") {
  return { ...image, __typename: "PartImage" as const, id, alt };
}
