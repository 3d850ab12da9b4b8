import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { renderApp } from "@/test/renderApp";
import { PartPageDocument } from "./PartPage";

const ID = "0b6f7c1e-2a3d-4c5b-8e9f-0a1b2c3d4e5f";
const SLUG = `laptop-battery-${ID}`;

const part = (overrides: Record<string, unknown> = {}) => ({
  __typename: "Part",
  id: "UGFydDox",
  databaseId: ID,
  slug: SLUG,
  name: "Laptop battery",
  partNumber: "5B10W13930",
  alternativeNumbers: ["SB10K97580"],
  img: "/images/battery.png",
  price: 40,
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
          img: "/uploads/rahim.png",
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
      img: "/images/keyboard.png",
      price: 30,
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
    expect(head('meta[property="og:image"]')).toBe(`${origin}/images/battery.png`);
    expect(head('meta[name="twitter:card"]')).toBe("summary_large_image");

    const [product, breadcrumbs] = structuredData();
    expect(product).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Laptop battery",
      description: "6-cell, 4400 mAh",
      url: `${origin}/p/${SLUG}`,
      sku: ID,
      image: `${origin}/images/battery.png`,
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
