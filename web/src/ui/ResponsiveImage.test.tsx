import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { resolveSrcset, ResponsiveImage } from "./ResponsiveImage";

const KEY = "0123456789abcdef0123456789abcdef";
const upload = {
  url: `/uploads/${KEY}.jpg`,
  width: 1000,
  height: 500,
  sources: [
    { mime: "image/avif", srcset: `/uploads/${KEY}-320.avif 320w, /uploads/${KEY}-640.avif 640w` },
    { mime: "image/webp", srcset: `/uploads/${KEY}-320.webp 320w, /uploads/${KEY}-640.webp 640w` },
  ],
  srcset: `/uploads/${KEY}-320.jpg 320w, /uploads/${KEY}-640.jpg 640w`,
};

describe("responsive image", () => {
  it("offers AVIF and WebP sources and a JPEG srcset, with the image's own size and lazy loading", () => {
    const { container } = render(
      <ResponsiveImage image={upload} alt="A DC jack" sizes="400px" fallbackSize={{ width: 400, height: 260 }} />,
    );
    const img = screen.getByRole("img", { name: "A DC jack" });
    expect(img).toHaveAttribute("src", `/uploads/${KEY}.jpg`);
    expect(img).toHaveAttribute("srcset", upload.srcset);
    expect(img).toHaveAttribute("sizes", "400px");
    expect(img).toHaveAttribute("width", "1000");
    expect(img).toHaveAttribute("height", "500");
    expect(img).toHaveAttribute("loading", "lazy");
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[1]).toHaveAttribute("srcset", upload.sources[1].srcset);
    expect(sources[1]).toHaveAttribute("sizes", "400px");
  });

  it("loads a priority image at once, not lazily", () => {
    render(
      <ResponsiveImage image={upload} alt="Main" sizes="100vw" fallbackSize={{ width: 600, height: 390 }} priority />,
    );
    const img = screen.getByRole("img", { name: "Main" });
    expect(img).not.toHaveAttribute("loading");
    expect(img).toHaveAttribute("fetchpriority", "high");
  });

  it("an image elsewhere is a plain img in the fallback box", () => {
    const { container } = render(
      <ResponsiveImage
        image={{ url: "https://example.com/a.png", width: null, height: null, sources: [], srcset: null }}
        alt="Elsewhere"
        sizes="400px"
        fallbackSize={{ width: 400, height: 260 }}
      />,
    );
    expect(container.querySelector("picture")).toBeNull();
    const img = screen.getByRole("img", { name: "Elsewhere" });
    expect(img).toHaveAttribute("src", "https://example.com/a.png");
    expect(img).not.toHaveAttribute("srcset");
    expect(img).toHaveAttribute("width", "400");
    expect(img).toHaveAttribute("height", "260");
  });

  it("resolves each URL of a srcset as apiUrl does, keeping the widths", () => {
    expect(resolveSrcset("/uploads/a-320.webp 320w, https://cdn.example/b.webp 640w")).toBe(
      "/uploads/a-320.webp 320w, https://cdn.example/b.webp 640w",
    );
  });
});
