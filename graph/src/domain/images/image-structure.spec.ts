import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCompleteImage } from "./image-structure";

/** A GIF's header and logical screen descriptor, `flags` its packed field (0x80: a global colour table follows). */
const gifHead = (flags: number) =>
  Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([1, 0, 1, 0, flags, 0, 0])]);

describe("whether bytes are a whole image", () => {
  it("says no, at once, to a GIF whose colour table runs past its end", () => {
    // A local colour table of 768 bytes declared by an image descriptor near the end of the file.
    const bytes = Buffer.concat([gifHead(0), Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x87])]);
    expect(isCompleteImage(bytes, "gif")).toBe(false);
  });

  it("says no to a GIF cut inside its sub-blocks, and yes to a whole one", () => {
    const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
    const whole = Buffer.concat([gifHead(0), image, Buffer.from([0x3b])]);
    expect(isCompleteImage(whole, "gif")).toBe(true);
    for (let cut = 13; cut < whole.length; cut++) expect(isCompleteImage(whole.subarray(0, cut), "gif")).toBe(false);
  });

  it("ends on any bytes behind an image header, whatever they claim", () => {
    const headers: Record<"png" | "jpg" | "gif" | "webp", Buffer> = {
      png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      jpg: Buffer.from([0xff, 0xd8, 0xff]),
      gif: gifHead(0x87),
      webp: Buffer.from("RIFF\0\0\0\0WEBP", "latin1"),
    };
    fc.assert(
      fc.property(
        fc.constantFrom("png", "jpg", "gif", "webp" as const),
        fc.uint8Array({ maxLength: 300 }),
        (ext, rest) => {
          expect(typeof isCompleteImage(Buffer.concat([headers[ext], rest]), ext)).toBe("boolean");
        },
      ),
      { numRuns: 2000 },
    );
  });
});
