import busboy from "busboy";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import express, { Request, Response, Router } from "express";
import { Services } from "../services";
import { authorize } from "../services/actor";
import { toShopError } from "../errors";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const IMAGE_TYPES = [
  { ext: "png", mime: "image/png", matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: "jpg", mime: "image/jpeg", matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: "gif", mime: "image/gif", matches: (b: Buffer) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  {
    ext: "webp",
    mime: "image/webp",
    matches: (b: Buffer) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];
const MIME_BY_EXT = new Map(IMAGE_TYPES.map((type) => [type.ext, type.mime]));

/** What a file's first bytes say it is; names and declared types are not trusted. */
export const sniffImage = (head: Buffer) => IMAGE_TYPES.find((type) => type.matches(head)) ?? null;

type UploadFailure = { status: number; error: string };

function readImageField(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 20 } });
    } catch {
      return reject({ status: 400, error: "Send the image as multipart/form-data with the field \"image\"" } satisfies UploadFailure);
    }
    let file: Buffer | null = null;
    let failure: UploadFailure | null = null;
    parser.on("file", (field, stream) => {
      // A form cut short makes the file stream emit "error"; unheard, that would end the process.
      stream.on("error", () => {
        failure ??= { status: 400, error: "The upload is not a valid multipart form" };
      });
      if (field !== "image" || file || failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        failure = { status: 413, error: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB` };
      });
      stream.on("end", () => {
        if (!failure) file = Buffer.concat(chunks);
      });
    });
    parser.on("error", () => reject({ status: 400, error: "The upload is not a valid multipart form" } satisfies UploadFailure));
    parser.on("close", () => {
      if (failure) return reject(failure);
      if (!file || file.length === 0) return reject({ status: 400, error: "Image is Required: send it in the field \"image\"" } satisfies UploadFailure);
      resolve(file);
    });
    req.pipe(parser);
  });
}

/**
 * The offline image host: the same request and answer as the image hosting service the spec's
 * client uses (multipart field `image`, answer `{success, data: {url}}`).
 */
export function uploadRouter(services: Services, uploadsDir: string): Router {
  const router = express.Router();
  fs.mkdirSync(uploadsDir, { recursive: true });

  router.post("/upload", async (req: Request, res: Response) => {
    try {
      authorize(await services.users.authenticate(req.headers.authorization), "USER");
    } catch (error) {
      const shopError = toShopError(error);
      return res.status(shopError.status).json({ success: false, error: shopError.message });
    }
    const declaredLength = Number(req.headers["content-length"] ?? 0);
    if (declaredLength > MAX_UPLOAD_BYTES + 64 * 1024) {
      const refuse = () => res.status(413).json({ success: false, error: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB` });
      // A client still sending when the answer comes may see a broken pipe instead of the 413:
      // read (and drop) a moderately large body first; hang up on anything bigger.
      if (declaredLength <= 4 * MAX_UPLOAD_BYTES) {
        req.once("error", () => res.destroy());
        req.once("end", refuse);
        req.resume();
        return;
      }
      res.setHeader("Connection", "close");
      return refuse();
    }
    let image: Buffer;
    try {
      image = await readImageField(req);
    } catch (failure) {
      const { status, error } = failure as UploadFailure;
      return res.status(status ?? 400).json({ success: false, error: error ?? "Invalid upload" });
    }
    const type = sniffImage(image);
    if (!type) return res.status(400).json({ success: false, error: "Only PNG, JPEG, WebP and GIF images are accepted" });
    // Named by content: the same image uploaded twice is stored once.
    const name = `${crypto.createHash("sha256").update(image).digest("hex").slice(0, 32)}.${type.ext}`;
    const target = path.join(uploadsDir, name);
    if (!fs.existsSync(target)) {
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, image);
      await fs.promises.rename(temporary, target);
    }
    const url = `${req.protocol}://${req.get("host")}/uploads/${name}`;
    res.status(201).json({ success: true, status: 201, data: { url, display_url: url, mime: type.mime, size: image.length } });
  });

  router.get("/uploads/:name", (req, res) => {
    const match = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/.exec(String(req.params.name));
    if (!match) return res.status(404).json({ error: "Image not found" });
    res.sendFile(path.join(uploadsDir, match[0]), {
      headers: { "Content-Type": MIME_BY_EXT.get(match[2])!, "X-Content-Type-Options": "nosniff" },
      maxAge: "365d",
      immutable: true,
    }, (error) => {
      if (error && !res.headersSent) res.status(404).json({ error: "Image not found" });
    });
  });
  return router;
}
