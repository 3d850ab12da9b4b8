import busboy from "busboy";
import type { IncomingMessage } from "node:http";
import { ShopError } from "../../domain/errors";
import { MAX_UPLOAD_BYTES } from "../../domain/images/image.service";
import { Services } from "../../domain/services";
import { ok, RestRoute } from "./route";

const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`;
const NOT_A_FORM = "The upload is not a valid multipart form";

/** The one file in the multipart field "image" (others are skipped). */
function readImageField(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 20 } });
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
  ifNoneMatch !== undefined && (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag));

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
      handle: async (request, caller) => {
        const image = await services.images.upload(caller, await readImageField(request.raw));
        const url = `${request.origin}/uploads/${image.name}`;
        return ok({ success: true, status: 201, data: { url, display_url: url, mime: image.mime, size: image.size } }, 201);
      },
    },
    {
      method: "GET",
      path: "/uploads/:name",
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
