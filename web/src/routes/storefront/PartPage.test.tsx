import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import userEvent from "@testing-library/user-event";
import { renderApp } from "@/test/renderApp";
import { imageElsewhere, partImage, uploadedImage } from "@/test/imageFixtures";
import { PartPageDocument } from "./PartPage";

const ID = "0b6f7c1e-2a3d-4c5b-8e9f-0a1b2c3d4e5f";
const SLUG = `laptop-battery-${ID}`;
/** The content names of the part's two uploads and of its review's. */
const FRONT = "f0000000000000000000000000000001";
const BACK = "b0000000000000000000000000000002";
const RAHIM = "a0000000000000000000000000000003";

const part = (overrides: Record<string, unknown> = {}) => ({
  __typename: "Part",
  id: "UGFydDox",
  databaseId: ID,
  slug: SLUG,
  name: "Laptop battery",
  partNumber: "5B10W13930",
  alternativeNumbers: ["SB10K97580"],
  img: `/uploads/${FRONT}.jpg`,
  images: [
    partImage("pi-1", uploadedImage(FRONT, 1000, 625), "The battery from the front"),
    partImage("pi-2", uploadedImage(BACK, 800, 600)),
  ],
  price: 40,
  shownPrice: 40,
  available: 5,
  minOrderQuantity: 3,
  shortDesc: "6-cell, 4400 mAh",
  retired: false,
  rating: 4.5,
  reviewCount: 1,
  compatibleModels: [
    {
      __typename: "LaptopModel",
      id: "TGFwdG9wTW9kZWw6MQ",
      brand: "Lenovo",
      model: "ThinkPad T14 Gen 2",
      name: "Lenovo ThinkPad T14 Gen 2",
    },
  ],
  reviews: {
    __typename: "ReviewConnection",
    edges: [
      {
        __typename: "ReviewEdge",
        cursor: "c1",
        node: {
          __typename: "Review",
          id: "UmV2aWV3OjE",
          name: "Rahim",
          ratings: 5,
          description: "Holds a charge all day.",
          image: uploadedImage(RAHIM, 640, 640),
          createdAt: "2026-03-04T10:00:00.000Z",
        },
      },
    ],
    pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: "c1" },
  },
  relatedParts: [
    {
      __typename: "Part",
      id: "UGFydDoy",
      databaseId: "5a6f7c1e-2a3d-4c5b-8e9f-0a1b2c3d4e5f",
      slug: "t14-keyboard-5a6f7c1e-2a3d-4c5b-8e9f-0a1b2c3d4e5f",
      name: "T14 keyboard",
      image: imageElsewhere("https://images.example/keyboard.png"),
      price: 30,
      shownPrice: 30,
      available: 9,
      minOrderQuantity: 1,
      shortDesc: "Backlit",
    },
  ],
  ...overrides,
});

/** The JSON-LD objects of the page, in order. */
const structuredData = () =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) =>
    JSON.parse(script.textContent ?? "null"),
  );

const answer = (data: object) => ({
  request: { query: PartPageDocument, variables: { id: ID } },
  result: { data: { part: data } },
});

describe("a part's public page", () => {
  it("shows the part, its reviews and parts for the same laptops to a visitor, with the way to reserve it", async () => {
    renderApp({ route: `/p/${SLUG}`, mocks: [answer(part())] });
    expect(await screen.findByRole("heading", { level: 1, name: "Laptop battery" })).toBeInTheDocument();
    expect(screen.getByText("In stock")).toBeInTheDocument();
    expect(screen.getByTestId("part-number")).toHaveTextContent("5B10W13930");
    expect(screen.getByTestId("part-alternative-numbers")).toHaveTextContent("SB10K97580");
    expect(screen.getByRole("link", { name: "Reserve Laptop battery" })).toHaveAttribute("href", `/parts/${ID}`);
    const reviews = screen.getByRole("region", { name: "Reviews" });
    expect(within(reviews).getByText("Holds a charge all day.")).toBeInTheDocument();
    expect(within(reviews).getByRole("img", { name: "Rated 5 out of 5" })).toBeInTheDocument();
    expect(within(reviews).getByText("March 4, 2026")).toBeInTheDocument();
    const related = screen.getByRole("region", { name: "Parts for the same laptops" });
    expect(within(related).getByRole("link", { name: "T14 keyboard" })).toHaveAttribute(
      "href",
      "/p/t14-keyboard-5a6f7c1e-2a3d-4c5b-8e9f-0a1b2c3d4e5f",
    );
  });

  it("shows the part's images: the first large and at once, each as a thumbnail in its own size, lazily, that a keyboard can choose", async () => {
    const { container } = renderApp({ route: `/p/${SLUG}`, mocks: [answer(part())] });
    await screen.findByRole("heading", { level: 1, name: "Laptop battery" });
    const thumbs = screen.getByRole("list", { name: "Images of Laptop battery" });
    // The main image is the one outside the thumbnails.
    const main = () => container.querySelector<HTMLImageElement>(".part-gallery > .card__media img")!;

    expect(main()).toHaveAccessibleName("The battery from the front");
    expect(main()).toHaveAttribute("src", `/uploads/${FRONT}.jpg`);
    expect(main()).toHaveAttribute("srcset", `/uploads/${FRONT}-320.jpg 320w, /uploads/${FRONT}-640.jpg 640w`);
    expect(main()).toHaveAttribute(
      "sizes",
      "(min-width: 1180px) 739px, (min-width: 900px) calc(66.7vw - 48px), calc(100vw - 32px)",
    );
    expect(main()).toHaveAttribute("width", "1000");
    expect(main()).toHaveAttribute("height", "625");
    expect(main()).not.toHaveAttribute("loading");
    expect(main()).toHaveAttribute("fetchpriority", "high");
    const sources = [...main().parentElement!.querySelectorAll("source")];
    expect(sources.map((source) => [source.type, source.srcset])).toEqual([
      ["image/avif", `/uploads/${FRONT}-320.avif 320w, /uploads/${FRONT}-640.avif 640w`],
      ["image/webp", `/uploads/${FRONT}-320.webp 320w, /uploads/${FRONT}-640.webp 640w`],
    ]);

    // Each image is a thumbnail button named by its alt text (the part's name and its place when it has none).
    const front = within(thumbs).getByRole("button", { name: "The battery from the front" });
    const back = within(thumbs).getByRole("button", { name: "Laptop battery, image 2" });
    expect(front).toHaveAttribute("aria-pressed", "true");
    expect(back).toHaveAttribute("aria-pressed", "false");
    const backThumb = within(back).getByRole("img", { name: "Laptop battery, image 2" });
    expect(backThumb).toHaveAttribute("srcset", `/uploads/${BACK}-320.jpg 320w, /uploads/${BACK}-640.jpg 640w`);
    expect(backThumb).toHaveAttribute("sizes", "72px");
    expect(backThumb).toHaveAttribute("width", "800");
    expect(backThumb).toHaveAttribute("height", "600");
    expect(backThumb).toHaveAttribute("loading", "lazy");

    // Tab from the first thumbnail to the second, Enter: the second is the main image, still loaded first.
    front.focus();
    await userEvent.tab();
    expect(back).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(back).toHaveAttribute("aria-pressed", "true");
    expect(front).toHaveAttribute("aria-pressed", "false");
    expect(main()).toHaveAccessibleName("Laptop battery, image 2");
    expect(main()).toHaveAttribute("src", `/uploads/${BACK}.jpg`);
    expect(main()).toHaveAttribute("width", "800");
    expect(main()).toHaveAttribute("height", "600");
    expect(main()).not.toHaveAttribute("loading");
    // Space chooses as well.
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(" ");
    expect(main()).toHaveAttribute("src", `/uploads/${FRONT}.jpg`);

    // A review's image in its 72 px box, lazily; a related part's image from elsewhere in its card's box.
    const reviewImage = within(screen.getByRole("region", { name: "Reviews" })).getByRole("img", {
      name: "Image from Rahim",
    });
    expect(reviewImage).toHaveAttribute("srcset", `/uploads/${RAHIM}-320.jpg 320w, /uploads/${RAHIM}-640.jpg 640w`);
    expect(reviewImage).toHaveAttribute("sizes", "72px");
    expect(reviewImage).toHaveAttribute("width", "640");
    expect(reviewImage).toHaveAttribute("height", "640");
    expect(reviewImage).toHaveAttribute("loading", "lazy");
    const related = within(screen.getByRole("region", { name: "Parts for the same laptops" })).getByRole("img", {
      name: "T14 keyboard",
    });
    expect(related).toHaveAttribute("src", "https://images.example/keyboard.png");
    expect(related).not.toHaveAttribute("srcset");
    expect(related).toHaveAttribute("width", "400");
    expect(related).toHaveAttribute("height", "250");
    expect(related).toHaveAttribute("loading", "lazy");
  });

  it("shows a part with one image from elsewhere in the main image's box, without thumbnails", async () => {
    const { container } = renderApp({
      route: `/p/${SLUG}`,
      mocks: [
        answer(
          part({
            img: "https://images.example/battery.png",
            images: [partImage("pi-1", imageElsewhere("https://images.example/battery.png"))],
          }),
        ),
      ],
    });
    await screen.findByRole("heading", { level: 1, name: "Laptop battery" });
    expect(screen.queryByRole("list", { name: "Images of Laptop battery" })).not.toBeInTheDocument();
    const main = screen.getByRole("img", { name: "Laptop battery" });
    expect(main).toHaveAttribute("src", "https://images.example/battery.png");
    expect(main).not.toHaveAttribute("srcset");
    expect(main).toHaveAttribute("width", "800");
    expect(main).toHaveAttribute("height", "500");
    expect(main).not.toHaveAttribute("loading");
    expect(container.querySelector(".part-gallery picture")).toBeNull();
  });

  it("tells search engines and link previews what the part is: title, description, canonical address, Open Graph, and a Product with its offer, rating and reviews", async () => {
    const { unmount } = renderApp({ route: `/p/${SLUG}`, mocks: [answer(part())] });
    await screen.findByRole("heading", { level: 1, name: "Laptop battery" });
    const origin = window.location.origin;
    await waitFor(() => expect(document.title).toBe("Laptop battery | Partshop"));
    const head = (selector: string, attribute = "content") =>
      document.head.querySelector(selector)?.getAttribute(attribute);
    expect(head('meta[name="description"]')).toBe("Laptop battery: 6-cell, 4400 mAh");
    expect(head('link[rel="canonical"]', "href")).toBe(`${origin}/p/${SLUG}`);
    expect(head('meta[property="og:type"]')).toBe("product");
    expect(head('meta[property="og:url"]')).toBe(`${origin}/p/${SLUG}`);
    expect(head('meta[property="og:image"]')).toBe(`${origin}/uploads/${FRONT}.jpg`);
    expect(head('meta[name="twitter:card"]')).toBe("summary_large_image");

    const [product, breadcrumbs] = structuredData();
    expect(product).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Laptop battery",
      description: "6-cell, 4400 mAh",
      url: `${origin}/p/${SLUG}`,
      sku: ID,
      image: `${origin}/uploads/${FRONT}.jpg`,
      brand: { "@type": "Brand", name: "Partshop" },
      offers: {
        "@type": "Offer",
        url: `${origin}/p/${SLUG}`,
        price: "40.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 1, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Rahim" },
          datePublished: "2026-03-04",
          reviewBody: "Holds a charge all day.",
          reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
      ],
    });
    expect(breadcrumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
        { "@type": "ListItem", position: 2, name: "Parts", item: `${origin}/parts` },
        { "@type": "ListItem", position: 3, name: "Laptop battery", item: `${origin}/p/${SLUG}` },
      ],
    });
    // Leaving the page puts the site's own head back.
    unmount();
    expect(document.title).not.toContain("Laptop battery");
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("offers an out-of-stock part as out of stock and a part without reviews without a rating", async () => {
    renderApp({
      route: `/p/${SLUG}`,
      mocks: [
        answer(
          part({
            available: 2,
            rating: null,
            reviewCount: 0,
            reviews: {
              __typename: "ReviewConnection",
              edges: [],
              pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
            },
          }),
        ),
      ],
    });
    await screen.findByRole("heading", { level: 1, name: "Laptop battery" });
    expect(screen.getByText("No reviews of this part yet.")).toBeInTheDocument();
    const [product] = structuredData();
    expect(product.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).not.toHaveProperty("review");
  });

  it("says a retired part is no longer sold and offers no reservation", async () => {
    renderApp({ route: `/p/${SLUG}`, mocks: [answer(part({ retired: true }))] });
    expect(await screen.findByRole("heading", { name: "No longer sold" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Reserve Laptop battery" })).not.toBeInTheDocument();
    expect(structuredData()[0].offers).toMatchObject({ availability: "https://schema.org/Discontinued" });
  });

  it("moves an address with other words to the part's own", async () => {
    renderApp({ route: `/p/old-name-${ID}`, mocks: [answer(part())] });
    expect(await screen.findByRole("heading", { level: 1, name: "Laptop battery" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(`/p/${SLUG}`);
  });

  it("is the 404 page for a part that does not exist, and for an address without an id", async () => {
    const { unmount } = renderApp({
      route: `/p/${SLUG}`,
      mocks: [
        {
          request: { query: PartPageDocument, variables: { id: ID } },
          result: { errors: [new GraphQLError("Part not found", { extensions: { code: "NOT_FOUND" } })] },
        },
      ],
    });
    expect(await screen.findByRole("heading", { name: "There's nothing here: 404!" })).toBeInTheDocument();
    unmount();
    renderApp({ route: "/p/laptop-battery" });
    expect(await screen.findByRole("heading", { name: "There's nothing here: 404!" })).toBeInTheDocument();
  });
});
