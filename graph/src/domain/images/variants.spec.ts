import { describe, expect, it } from "vitest";
import {
  defaultVariant,
  heightAt,
  ImageVariant,
  imageView,
  parseImageName,
  splitUploadUrl,
  srcset,
  variantWidths,
} from "./variants";

const KEY = "0123456789abcdef0123456789abcdef";

describe("variant widths", () => {
  it.each([
    [4000, [320, 640, 1280]],
    [1281, [320, 640, 1280]],
    [1280, [320, 640, 1280]],
    [1000, [320, 640, 1000]],
    [640, [320, 640]],
    [500, [320, 500]],
    [320, [320]],
    [1, [1]],
  ])("an image %i pixels wide is stored at %j, never wider than itself", (width, widths) => {
    expect(variantWidths(width)).toEqual(widths);
  });

  it("keeps the aspect ratio, at least one pixel high", () => {
    expect(heightAt(640, { width: 4000, height: 3000 })).toBe(480);
    expect(heightAt(320, { width: 3000, height: 4000 })).toBe(427);
    expect(heightAt(320, { width: 8000, height: 1 })).toBe(1);
  });
});

const variants: ImageVariant[] = [640, 320].flatMap((width) =>
  (["avif", "webp", "jpg"] as const).map((format) => ({ format, width, height: width / 2, size: width })),
);

describe("srcset", () => {
  it("lists one format's variants by URL and width, narrowest first", () => {
    expect(srcset(variants, "webp", (v) => `/u/${v.width}.${v.format}`)).toBe("/u/320.webp 320w, /u/640.webp 640w");
    expect(srcset(variants, "png", (v) => `/u/${v.width}`)).toBe("");
  });

  it("the default variant is the widest in the fallback format", () => {
    expect(defaultVariant(variants, "jpg")).toMatchObject({ format: "jpg", width: 640 });
  });
});

describe("image names", () => {
  it("reads an upload's own name, a variant's, and refuses anything else", () => {
    expect(parseImageName(`${KEY}.jpg`)).toEqual({ key: KEY, width: null, ext: "jpg" });
    expect(parseImageName(`${KEY}-640.avif`)).toEqual({ key: KEY, width: 640, ext: "avif" });
    for (const name of [`${KEY}-0.jpg`, `${KEY}-640.gif`, `${KEY}.svg`, "../jwt-secret", `${KEY.toUpperCase()}.png`])
      expect(parseImageName(name), name).toBeNull();
  });

  it("finds the file an /uploads/ URL names, absolute or a path", () => {
    expect(splitUploadUrl(`https://shop.example/uploads/${KEY}.jpg`)).toEqual({
      base: "https://shop.example/uploads/",
      name: `${KEY}.jpg`,
    });
    expect(splitUploadUrl(`/uploads/${KEY}.png`)).toEqual({ base: "/uploads/", name: `${KEY}.png` });
    expect(splitUploadUrl("/images/parts/dc-jack.svg")).toBeNull();
  });
});

describe("image view", () => {
  const record = { key: KEY, width: 2000, height: 1000, fallback: "jpg" as const, variants };

  it("an upload's view has its size, its variants' URLs beside its own, and a srcset per format", () => {
    const view = imageView(`/uploads/${KEY}.jpg`, record);
    expect(view).toMatchObject({ url: `/uploads/${KEY}.jpg`, width: 2000, height: 1000 });
    expect(view.variants.map((v) => v.url)).toEqual([
      `/uploads/${KEY}-320.avif`,
      `/uploads/${KEY}-320.jpg`,
      `/uploads/${KEY}-320.webp`,
      `/uploads/${KEY}-640.avif`,
      `/uploads/${KEY}-640.jpg`,
      `/uploads/${KEY}-640.webp`,
    ]);
    expect(view.sources).toEqual([
      { mime: "image/avif", srcset: `/uploads/${KEY}-320.avif 320w, /uploads/${KEY}-640.avif 640w` },
      { mime: "image/webp", srcset: `/uploads/${KEY}-320.webp 320w, /uploads/${KEY}-640.webp 640w` },
    ]);
    expect(view.srcset).toBe(`/uploads/${KEY}-320.jpg 320w, /uploads/${KEY}-640.jpg 640w`);
  });

  it("an image elsewhere has its URL only", () => {
    expect(imageView("https://example.com/a.png", null)).toEqual({
      url: "https://example.com/a.png",
      width: null,
      height: null,
      variants: [],
      sources: [],
      srcset: null,
    });
  });
});
