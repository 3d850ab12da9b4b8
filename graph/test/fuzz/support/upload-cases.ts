import crypto from "node:crypto";
import zlib from "node:zlib";
import fc from "fast-check";
import { TINY_PNG } from "../../support/fixtures";
import { authorizationOf, Caller } from "./callers";
import { HttpRequest, printable } from "./http";
import { FuzzCase } from "./property";
import { hostileText } from "./values";

/*
 * Image uploads (POST /upload, multipart field "image"): complete images, and everything that is
 * not one (wrong types, truncated files, an image header on a script, zero bytes, just over the
 * size limit), in well-formed and broken multipart envelopes.
 */

/** The upload limit (MAX_UPLOAD_BYTES in the server). */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;

/** A file and whether it is a complete image of an accepted type. */
export interface UploadFile {
  label: string;
  bytes: Buffer;
  completeImage: boolean;
}

export interface UploadCase extends FuzzCase {
  caller: string;
  file: UploadFile;
  /** Whether the multipart form around the file is well-formed, with the file in the field "image". */
  wellFormedForm: boolean;
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A complete RGBA PNG of width x height pixels of noise (noise does not compress: `stored` makes it big). */
export function noisePng(width: number, height: number, stored = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  crypto.randomFillSync(rows);
  for (let row = 0; row < height; row++) rows[row * (width * 4 + 1)] = 0; // filter type: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows, { level: stored ? 0 : 6 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The canonical 1x1 GIF and lossless WebP. */
const TINY_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const TINY_WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** A noise PNG whose size is close to `target` bytes (stored rows: about 4 bytes a pixel). */
const pngOfSize = (target: number) => {
  const side = Math.ceil(Math.sqrt(target / 4));
  return noisePng(side, side, true);
};

const completeImages: fc.Arbitrary<UploadFile> = fc.oneof(
  fc.constant({ label: "a 1x1 PNG", bytes: TINY_PNG, completeImage: true }),
  fc.constant({ label: "a 1x1 GIF", bytes: TINY_GIF, completeImage: true }),
  fc.constant({ label: "a 1x1 WebP", bytes: TINY_WEBP, completeImage: true }),
  fc.tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 })).map(([width, height]) => ({
    label: `a ${width}x${height} PNG`,
    bytes: noisePng(width, height),
    completeImage: true,
  })),
);

const SCRIPTS = [
  "<script>alert(1)</script>",
  "<?php system($_GET['c']); ?>",
  "#!/bin/sh\nrm -rf /\n",
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  "<html><body>hi</body></html>",
];
const MAGIC = [
  { type: "PNG", bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "JPEG", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
  { type: "GIF", bytes: Buffer.from("GIF89a", "latin1") },
  { type: "WebP", bytes: Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ", "latin1") },
];

/** Files that are not complete images, each kind of them. */
const notImages: fc.Arbitrary<UploadFile> = fc.oneof(
  fc.constant({ label: "zero bytes", bytes: Buffer.alloc(0), completeImage: false }),
  fc
    .tuple(
      fc.constantFrom(TINY_PNG, TINY_GIF, TINY_WEBP, noisePng(8, 8)),
      fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    )
    .map(([image, share]) => ({
      label: `an image cut at ${Math.round(share * 100)}%`,
      bytes: image.subarray(0, Math.max(1, Math.floor(image.length * share))),
      completeImage: false,
    })),
  fc.tuple(fc.constantFrom(...MAGIC), fc.constantFrom(...SCRIPTS)).map(([magic, script]) => ({
    label: `a ${magic.type} header on a script`,
    bytes: Buffer.concat([magic.bytes, Buffer.from(script)]),
    completeImage: false,
  })),
  fc
    .constantFrom(...SCRIPTS)
    .map((script) => ({ label: "a script", bytes: Buffer.from(script), completeImage: false })),
  fc
    .uint8Array({ minLength: 1, maxLength: 512 })
    .map((bytes) => ({ label: "random bytes", bytes: Buffer.from(bytes), completeImage: false })),
  fc
    .integer({ min: 1, max: 4096 })
    .map((size) => ({ label: `${size} NUL bytes`, bytes: Buffer.alloc(size), completeImage: false })),
  hostileText.map((text) => ({ label: "text", bytes: Buffer.from(text, "utf8"), completeImage: false })),
  // Just over the limit: a complete PNG one byte too big, and an image header on a big nothing.
  fc.constant(null).map(() => {
    const big = pngOfSize(UPLOAD_LIMIT);
    const image = big.length > UPLOAD_LIMIT ? big : Buffer.concat([big, Buffer.alloc(UPLOAD_LIMIT + 1 - big.length)]);
    return { label: `a PNG of ${image.length} bytes (over the limit)`, bytes: image, completeImage: false };
  }),
  fc.constant({
    label: "a PNG header on 5 MiB + 1 of zeros",
    bytes: Buffer.concat([MAGIC[0].bytes, Buffer.alloc(UPLOAD_LIMIT + 1 - 8)]),
    completeImage: false,
  }),
);

/** How the multipart form around the file is built. */
interface FormShape {
  field: string;
  filename: string | null;
  partType: string | null;
  fieldsBefore: number;
  secondFile: boolean;
  ending: "closed" | "cut" | "no final boundary";
  contentType: "multipart" | "multipart without a boundary" | "another boundary" | "json" | "the image type";
}

const formShapes: fc.Arbitrary<FormShape> = fc.record({
  field: fc.oneof(
    { withCrossShrink: true },
    { weight: 8, arbitrary: fc.constant("image") },
    { weight: 1, arbitrary: fc.constantFrom("file", "Image", "", "image[]", "imagé") },
  ),
  filename: fc.oneof(
    { withCrossShrink: true },
    { weight: 6, arbitrary: fc.constant("photo.png") },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | null>(
        null,
        "",
        "../../etc/passwd",
        "photo.php",
        "a\u00e9.png",
        `${"a".repeat(300)}.png`,
        'a";b.png',
      ),
    },
  ),
  partType: fc.oneof(
    { withCrossShrink: true },
    { weight: 6, arbitrary: fc.constant("image/png") },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | null>(null, "text/html", "application/x-php", "image/svg+xml", ""),
    },
  ),
  fieldsBefore: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 25 }) },
  ),
  secondFile: rarelyTrue(8),
  ending: fc.oneof(
    { withCrossShrink: true },
    { weight: 8, arbitrary: fc.constant("closed" as const) },
    { weight: 1, arbitrary: fc.constantFrom("cut" as const, "no final boundary" as const) },
  ),
  contentType: fc.oneof(
    { withCrossShrink: true },
    { weight: 10, arbitrary: fc.constant("multipart" as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "multipart without a boundary" as const,
        "another boundary" as const,
        "json" as const,
        "the image type" as const,
      ),
    },
  ),
});

function rarelyTrue(oneIn: number): fc.Arbitrary<boolean> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: oneIn - 1, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  );
}

const BOUNDARY = "fuzz-boundary-7MA4YWxkTrZu0gW";

/** How a report shows a file inside the form: its kind, size, first bytes and hash (it may be megabytes). */
const fileSummary = (file: UploadFile) =>
  Buffer.from(
    `<${file.label}: ${file.bytes.length} bytes, starting ${file.bytes.subarray(0, 24).toString("hex") || "(none)"}, sha256 ${crypto.createHash("sha256").update(file.bytes).digest("hex").slice(0, 16)}...>`,
  );

/** The multipart body and its Content-Type for a file in a form of this shape. */
function multipart(file: Buffer, shape: FormShape): { body: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  for (let index = 0; index < shape.fieldsBefore; index++)
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note${index}"\r\n\r\nhello\r\n`));
  const filePart = (field: string) => {
    const filename = shape.filename === null ? "" : `; filename="${shape.filename}"`;
    const type = shape.partType === null ? "" : `Content-Type: ${shape.partType}\r\n`;
    return Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${filename}\r\n${type}\r\n`,
        "latin1",
      ),
      file,
      Buffer.from("\r\n"),
    ]);
  };
  parts.push(filePart(shape.field));
  if (shape.secondFile) parts.push(filePart("image"));
  if (shape.ending === "closed") parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  let body = Buffer.concat(parts);
  if (shape.ending === "cut") body = body.subarray(0, Math.max(1, body.length - Math.ceil(file.length / 2) - 20));
  const contentType = {
    multipart: `multipart/form-data; boundary=${BOUNDARY}`,
    "multipart without a boundary": "multipart/form-data",
    "another boundary": "multipart/form-data; boundary=not-the-one-used",
    json: "application/json",
    "the image type": "image/png",
  }[shape.contentType];
  return { body, contentType };
}

export function uploadCases(callers: { customer: Caller; any: fc.Arbitrary<Caller> }): fc.Arbitrary<UploadCase> {
  return fc
    .record({
      // Mostly a customer: the upload route is for signed-in callers, and the point is the file.
      caller: fc.oneof({ weight: 4, arbitrary: fc.constant(callers.customer) }, { weight: 1, arbitrary: callers.any }),
      file: fc.oneof({ weight: 1, arbitrary: completeImages }, { weight: 3, arbitrary: notImages }),
      shape: formShapes,
      chunked: rarelyTrue(6),
    })
    .map(({ caller, file, shape, chunked }) => {
      const { body, contentType } = multipart(file.bytes, shape);
      const shown = multipart(fileSummary(file), shape).body.toString("latin1");
      const request: HttpRequest = {
        method: "POST",
        path: "/upload",
        headers: { accept: "application/json", "content-type": contentType, ...authorizationOf(caller) },
        body,
        chunked,
        shownAuthorization: caller.shown,
        shownBody: `${shape.ending === "cut" ? "(cut short) " : ""}${JSON.stringify(shown)}`,
        // A big upload pauses after its first bytes: a refusal given in the pause was given without reading it.
        pauseAfter: body.length > 1024 * 1024 ? { bytes: 64 * 1024, ms: 150 } : undefined,
      };
      const wellFormedForm = shape.field === "image" && shape.ending === "closed" && shape.contentType === "multipart";
      return printable({ request, caller: caller.name, file, wellFormedForm });
    });
}
