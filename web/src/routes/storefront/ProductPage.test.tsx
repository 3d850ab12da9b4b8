import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { renderApp } from "@/test/renderApp";
import { uploadedImage } from "@/test/imageFixtures";
import { ProductPageDocument } from "./ProductPage";

const ID = "7c1e0b6f-2a3d-4c5b-8e9f-0a1b2c3d4e5f";
const SLUG = `usb-c-dock-${ID}`;
/** The content name of the product's uploaded photo. */
const DOCK = "d0c00000000000000000000000000001";

const product = (overrides: Record<string, unknown> = {}) => ({
  __typename: "Product",
  id: "UHJvZHVjdDox",
  databaseId: ID,
  slug: SLUG,
  name: "USB-C dock",
  img: `/uploads/${DOCK}.jpg`,
  image: uploadedImage(DOCK, 1200, 750),
  price: 45,
  availableQuantity: 8,
  minQuantity: 2,
  description: "Two screens, 90 W charging.",
  ...overrides,
});

const answer = (data: object) => ({
  request: { query: ProductPageDocument, variables: { id: ID } },
  result: { data: { product: data } },
});

describe("a new arrival's public page", () => {
  it("shows the product to a visitor, with its title, canonical address and a Product offer for search engines", async () => {
    renderApp({ route: `/products/${SLUG}`, mocks: [answer(product())] });
    expect(await screen.findByRole("heading", { level: 1, name: "USB-C dock" })).toBeInTheDocument();
    expect(screen.getByText("$45.00")).toBeInTheDocument();
    expect(screen.getByText("Two screens, 90 W charging.")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("USB-C dock | Partshop"));
    const origin = window.location.origin;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${origin}/products/${SLUG}`,
    );
    const [data] = Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) =>
      JSON.parse(script.textContent ?? "null"),
    );
    expect(data).toMatchObject({
      "@type": "Product",
      name: "USB-C dock",
      sku: ID,
      image: `${origin}/uploads/${DOCK}.jpg`,
      offers: { "@type": "Offer", price: "45.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
  });

  it("shows the product's photo as the page's main image: its sizes and formats, its dimensions, loaded at once", async () => {
    renderApp({ route: `/products/${SLUG}`, mocks: [answer(product())] });
    const photo = await screen.findByRole("img", { name: "USB-C dock" });
    expect(photo).toHaveAttribute("src", `/uploads/${DOCK}.jpg`);
    expect(photo).toHaveAttribute("srcset", `/uploads/${DOCK}-320.jpg 320w, /uploads/${DOCK}-640.jpg 640w`);
    expect(photo).toHaveAttribute("sizes", "(min-width: 1180px) 1132px, calc(100vw - 32px)");
    expect(photo).toHaveAttribute("width", "1200");
    expect(photo).toHaveAttribute("height", "750");
    expect(photo).not.toHaveAttribute("loading");
    expect(photo).toHaveAttribute("fetchpriority", "high");
    expect([...photo.parentElement!.querySelectorAll("source")].map((source) => source.type)).toEqual([
      "image/avif",
      "image/webp",
    ]);
  });

  it("offers no price to search engines for a product not priced yet", async () => {
    renderApp({ route: `/products/${SLUG}`, mocks: [answer(product({ price: null, img: null, image: null }))] });
    expect(await screen.findByRole("img", { name: "USB-C dock (no photo yet)" })).toBeInTheDocument();
    const [data] = Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) =>
      JSON.parse(script.textContent ?? "null"),
    );
    expect(data).not.toHaveProperty("offers");
    expect(data).not.toHaveProperty("image");
  });

  it("moves an address with other words to the product's own, and is the 404 page for an unknown product", async () => {
    const { unmount } = renderApp({ route: `/products/dock-${ID}`, mocks: [answer(product())] });
    expect(await screen.findByRole("heading", { level: 1, name: "USB-C dock" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(`/products/${SLUG}`);
    unmount();
    renderApp({
      route: `/products/${SLUG}`,
      mocks: [
        {
          request: { query: ProductPageDocument, variables: { id: ID } },
          result: { errors: [new GraphQLError("Product not found", { extensions: { code: "NOT_FOUND" } })] },
        },
      ],
    });
    expect(await screen.findByRole("heading", { name: "There's nothing here: 404!" })).toBeInTheDocument();
  });
});
