import busboy from "busboy";
import type { IncomingMessage } from "node:http";
import { ShopError } from "../../domain/errors";
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from "../../domain/images/image.service";
import { VARIANT_WIDTHS } from "../../domain/images/variants";
import { Services } from "../../domain/services";
import { ok, RestRoute } from "./route";
import { schemas } from "./route-doc";

const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`;
const NOT_A_FORM = "The upload is not a valid multipart form";

/** The one file in the multipart field "image" (others are skipped). */
function readImageField(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 20 },
      });
    } catch {
      return reject(new ShopError("BAD_USER_INPUT", 'Send the image as multipart/form-data with the field "image"'));
    }
    let file: Buffer | null = null;
    let failure: ShopError | null = null;
    parser.on("file", (field, stream) => {
      // A form cut short makes the file stream emit "error"; unheard, that would end the process.
      stream.on("error", () => (failure ??= new ShopError("BAD_USER_INPUT", NOT_A_FORM)));
      if (field !== "image" || file || failure) return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => (failure = new ShopError("PAYLOAD_TOO_LARGE", TOO_LARGE)));
      stream.on("end", () => {
        if (!failure) file = Buffer.concat(chunks);
      });
    });
    parser.on("error", () => reject(new ShopError("BAD_USER_INPUT", NOT_A_FORM)));
    parser.on("close", () => (failure ? reject(failure) : resolve(file ?? Buffer.alloc(0))));
    request.pipe(parser);
  });
}

/** Whether If-None-Match names this ETag (or is "*"). */
const isFresh = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag));

/**
 * The image host: the same request and answer as the image hosting service the spec's
 * client uses (multipart field `image`, answer `{success, data: {url}}`).
 */
export function imageRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "POST",
      path: "/upload",
      auth: "USER",
      rateLimit: "uploads",
      body: "stream",
      // The multipart envelope around the image.
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      tooLarge: TOO_LARGE,
      refusal: (error) => ({ success: false, error }),
      doc: {
        operationId: "uploadImage",
        summary: "Stores an image (a review's, a part's or a product's photo) and answers its URL",
        description: `The same request and answer as the image host the spec's client uses. PNG, JPEG, WebP or GIF, judged by content, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. The image is decoded and written again, upright and without its metadata (EXIF, GPS, XMP), at widths up to ${VARIANT_WIDTHS.join(", ")} pixels (never wider than it is) in AVIF, WebP and JPEG (PNG when it has transparency); its URL serves the widest JPEG or PNG, and GraphQL's Image lists every variant. Named by its content: the same image twice is stored once.`,
        tag: "Images",
        body: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: {
                  image: {
                    type: "string",
                    contentMediaType: "application/octet-stream",
                    description: "The image file",
                  },
                },
                required: ["image"],
              },
            },
          },
        },
        answers: {
          201: {
            description: "Stored",
            schema: schemas.object(
              {
                success: { const: true, description: "Always true" },
                status: { const: 201, description: "Always 201" },
                data: schemas.object(
                  {
                    url: {
                      type: "string",
                      format: "uri",
                      description: "Where the image is served (GET /uploads/{name})",
                    },
                    display_url: { type: "string", format: "uri", description: "The same URL" },
                    mime: {
                      type: "string",
                      enum: ["image/jpeg", "image/png"],
                      description: "The type the URL serves: JPEG, or PNG for an image with transparency",
                    },
                    size: { type: "integer", minimum: 1, description: "The size in bytes of what the URL serves" },
                    width: { type: "integer", minimum: 1, description: "The upright image's width in pixels" },
                    height: { type: "integer", minimum: 1, description: "The upright image's height in pixels" },
                  },
                  "The stored image",
                ),
              },
              "The image host's answer: success and data.url",
            ),
          },
        },
      },
      handle: async (request, caller) => {
        const image = await services.images.upload(caller, await readImageField(request.raw));
        const url = `${request.origin}/uploads/${image.name}`;
        const { mime, size, width, height } = image;
        return ok({ success: true, status: 201, data: { url, display_url: url, mime, size, width, height } }, 201);
      },
    },
    {
      method: "GET",
      path: "/uploads/:name",
      doc: {
        operationId: "getUploadedImage",
        summary: "An uploaded image",
        description:
          "Named by its content, it never changes: its name is its ETag, and clients and caches may keep it for a year. The name POST /upload answered serves the widest JPEG or PNG; {key}-{width}.{avif|webp|jpg|png} serves one variant (GraphQL's Image.variants lists them).",
        tag: "Images",
        params: {
          name: {
            type: "string",
            description: "The image's name, as in the URL POST /upload answered, or a variant's",
          },
        },
        headers: {
          "if-none-match": { type: "string", description: "The ETag a client holds: 304 when it is this image's" },
        },
        answers: {
          200: {
            description: "The image",
            content: Object.fromEntries(
              ["image/png", "image/jpeg", "image/webp", "image/avif", "image/gif"].map((type) => [
                type,
                { schema: { type: "string", contentMediaType: type } },
              ]),
            ),
            headers: {
              etag: { type: "string", description: "The image's name, quoted" },
              "cache-control": { type: "string", description: "public, max-age=31536000, immutable" },
            },
          },
          304: { description: "Not modified: the client's copy is this image" },
          404: { description: "No image with this name", schema: schemas.ref("Error") },
        },
      },
      handle: async (request) => {
        // Named by content: an image never changes, so clients may keep it for a year and its name is its ETag.
        const etag = `"${request.params.name}"`;
        const cached = { etag, "cache-control": "public, max-age=31536000, immutable" };
        if (isFresh(request.headers["if-none-match"], etag) && (await services.images.exists(request.params.name)))
          return { status: 304, body: null, headers: cached };
        const { bytes, mime } = await services.images.get(request.params.name);
        return { body: bytes, headers: { ...cached, "content-type": mime, "x-content-type-options": "nosniff" } };
      },
    },
  ];
}
