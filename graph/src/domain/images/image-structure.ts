import zlib from "node:zlib";

/**
 * Whether the bytes are a whole image of their type, walked to their end: an image header on a
 * script, or the first bytes of an image cut short, is not. (Checked before the image is
 * decoded and written again, see encode.ts: a file that is not whole never reaches the decoder.)
 */
export function isCompleteImage(bytes: Buffer, ext: "png" | "jpg" | "gif" | "webp"): boolean {
  try {
    return COMPLETE[ext](bytes);
  } catch {
    // A length that points outside the bytes.
    return false;
  }
}

const COMPLETE: Record<"png" | "jpg" | "gif" | "webp", (bytes: Buffer) => boolean> = {
  png: completePng,
  jpg: completeJpeg,
  gif: completeGif,
  webp: completeWebp,
};

/** PNG: chunks with valid CRCs from IHDR to IEND, which ends the file, with image data between. */
function completePng(bytes: Buffer): boolean {
  let offset = 8;
  let first = true;
  let data = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    if (zlib.crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return false;
    if (first && (type !== "IHDR" || length !== 13)) return false;
    first = false;
    if (type === "IDAT") data = true;
    if (type === "IEND") return data && end === bytes.length;
    offset = end;
  }
  return false;
}

/** JPEG: marker segments from SOI to the start of scan, and EOI at the very end. */
function completeJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return false;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    // Start of scan: entropy-coded data runs to the EOI checked above.
    if (marker === 0xda) return true;
    offset += 2 + length;
  }
  return false;
}

/** GIF: header, screen descriptor (and colour table), blocks of sub-blocks, and the trailer last. */
function completeGif(bytes: Buffer): boolean {
  let offset = 13;
  const flags = bytes[10];
  if (flags & 0x80) offset += 3 * 2 ** ((flags & 0x07) + 1);
  // Bounds first: a table or block that runs past the end leaves offset beyond the bytes, where
  // reading one gives undefined and the walk would never end.
  const skipSubBlocks = () => {
    for (;;) {
      if (offset >= bytes.length) throw new RangeError("cut short");
      if (bytes[offset] === 0) break;
      offset += bytes[offset] + 1;
    }
    offset += 1;
  };
  let image = false;
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) return image && offset === bytes.length - 1;
    if (block === 0x21) {
      offset += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      const localFlags = bytes[offset + 9];
      offset += 10;
      if (localFlags & 0x80) offset += 3 * 2 ** ((localFlags & 0x07) + 1);
      offset += 1; // LZW minimum code size
      skipSubBlocks();
      image = true;
    } else {
      return false;
    }
  }
  return false;
}

/** WebP: a RIFF container whose size is the file's, holding one VP8, VP8L or VP8X chunk that fits. */
function completeWebp(bytes: Buffer): boolean {
  if (bytes.length < 20 || bytes.readUInt32LE(4) !== bytes.length - 8) return false;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk !== "VP8 " && chunk !== "VP8L" && chunk !== "VP8X") return false;
  const size = bytes.readUInt32LE(16);
  return size > 0 && 20 + size <= bytes.length;
}
