import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { renderApp } from "@/test/renderApp";
import { imageElsewhere, uploadedImage } from "@/test/imageFixtures";
import { HOME_PAGE_SIZE, HomePartsDocument } from "./PartsSection";
import { HomeProductsDocument } from "./NewArrivalsSection";
import { HomeReviewsDocument } from "./ReviewsSection";
import { NEWSLETTER_MESSAGES, SubscribeNewsletterDocument } from "./Newsletter";

const part = (n: number, image: object = imageElsewhere(`/images/part-${n}.png`)) => ({
  __typename: "Part",
  id: `part-${n}`,
  databaseId: `p-${n}`,
  slug: `part-${n}-p-${n}`,
  name: `Part ${n}`,
  image,
  price: 10 * n,
  shownPrice: 10 * n,
  available: 100 + n,
  minOrderQuantity: n,
  shortDesc: `Description ${n}`,
});

const connection = (typename: string, nodes: object[], hasNextPage: boolean, endCursor: string | null) => ({
  __typename: `${typename}Connection`,
  edges: nodes.map((node, i) => ({ __typename: `${typename}Edge`, cursor: `${endCursor}-${i}`, node })),
  pageInfo: { __typename: "PageInfo", hasNextPage, endCursor },
});

const partsPage = (after: string | undefined, nodes: object[], hasNextPage: boolean, endCursor: string) => ({
  request: {
    query: HomePartsDocument,
    variables: after ? { first: HOME_PAGE_SIZE, after } : { first: HOME_PAGE_SIZE },
  },
  result: { data: { parts: connection("Part", nodes, hasNextPage, endCursor) } },
});

const productsMock = {
  request: { query: HomeProductsDocument, variables: { first: HOME_PAGE_SIZE } },
  result: {
    data: {
      products: connection(
        "Product",
        [
          {
            __typename: "Product",
            id: "prod-1",
            databaseId: "pr-1",
            slug: "product-pr-1",
            name: "USB-C charger",
            image: null,
            price: 25,
            availableQuantity: 8,
            minQuantity: 1,
            description: "65 W",
          },
        ],
        false,
        "pc",
      ),
    },
  },
};

const reviewsMock = {
  request: { query: HomeReviewsDocument, variables: { first: HOME_PAGE_SIZE } },
  result: {
    data: {
      reviews: connection(
        "Review",
        [
          {
            __typename: "Review",
            id: "rev-1",
            name: "Sam",
            ratings: 4,
            description: "Fast shipping",
            image: uploadedImage("5a3c0000000000000000000000000000", 400, 400),
          },
        ],
        false,
        "rc",
      ),
    },
  },
};

describe("home page", () => {
  it("shows the hero, the parts grid, new arrivals, reviews with stars and the statistics", async () => {
    renderApp({ mocks: [partsPage(undefined, [part(1)], false, "c1"), productsMock, reviewsMock] });
    expect(screen.getByText(/15% discount/)).toBeInTheDocument();
    const card = (await screen.findByRole("heading", { name: "Part 1" })).closest("article")!;
    expect(within(card).getByText("$10.00")).toBeInTheDocument();
    expect(within(card).getByText("101")).toBeInTheDocument();
    expect(within(card).getByText("Description 1")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Reserve" })).toHaveAttribute("href", "/parts/p-1");
    expect(within(card).getByRole("img", { name: "Part 1" })).toBeInTheDocument();
    // A card's name opens the part's public page, a new arrival's its own.
    expect(within(card).getByRole("link", { name: "Part 1" })).toHaveAttribute("href", "/p/part-1-p-1");
    expect(await screen.findByRole("link", { name: "USB-C charger" })).toHaveAttribute(
      "href",
      "/products/product-pr-1",
    );
    // Search engines learn whose shop this is.
    const organization = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')?.textContent ?? "null",
    );
    expect(organization).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Partshop",
      url: `${window.location.origin}/`,
      logo: `${window.location.origin}/favicon.svg`,
    });
    expect(await screen.findByRole("img", { name: "Rated 4 out of 5" })).toBeInTheDocument();
    for (const text of ["2M+", "15M+", "80,000+", "consumers", "products sold", "subscribers", "likes"]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole("img", { name: "Logos of our partner brands" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Facebook" })).toBeInTheDocument();
  });

  it("draws each card's image in the sizes and formats the API stored, with its dimensions, lazily; an image from elsewhere in the card's box", async () => {
    const KEY = "c0000000000000000000000000000001";
    const cardSizes =
      "(min-width: 1180px) 370px, (min-width: 960px) calc(33.4vw - 24px), (min-width: 600px) calc(50vw - 26px), calc(100vw - 32px)";
    renderApp({
      mocks: [
        partsPage(undefined, [part(1, uploadedImage(KEY, 1280, 800)), part(2)], false, "c2"),
        productsMock,
        reviewsMock,
      ],
    });
    const uploaded = await screen.findByRole("img", { name: "Part 1" });
    expect(uploaded).toHaveAttribute("src", `/uploads/${KEY}.jpg`);
    expect(uploaded).toHaveAttribute("srcset", `/uploads/${KEY}-320.jpg 320w, /uploads/${KEY}-640.jpg 640w`);
    expect(uploaded).toHaveAttribute("sizes", cardSizes);
    expect(uploaded).toHaveAttribute("width", "1280");
    expect(uploaded).toHaveAttribute("height", "800");
    expect(uploaded).toHaveAttribute("loading", "lazy");
    const sources = [...uploaded.parentElement!.querySelectorAll("source")];
    expect(sources.map((source) => [source.type, source.getAttribute("sizes")])).toEqual([
      ["image/avif", cardSizes],
      ["image/webp", cardSizes],
    ]);

    const elsewhere = screen.getByRole("img", { name: "Part 2" });
    expect(elsewhere).toHaveAttribute("src", "/images/part-2.png");
    expect(elsewhere).not.toHaveAttribute("srcset");
    expect(elsewhere.parentElement!.tagName).not.toBe("PICTURE");
    expect(elsewhere).toHaveAttribute("width", "400");
    expect(elsewhere).toHaveAttribute("height", "250");
    expect(elsewhere).toHaveAttribute("loading", "lazy");

    // A review's photo in its 56 px circle; a new arrival without a photo keeps its initial.
    const photo = await screen.findByRole("img", { name: "Photo from Sam" });
    expect(photo).toHaveAttribute("srcset", expect.stringContaining("-320.jpg 320w"));
    expect(photo).toHaveAttribute("sizes", "56px");
    expect(photo).toHaveAttribute("width", "400");
    expect(photo).toHaveAttribute("height", "400");
    expect(photo).toHaveAttribute("loading", "lazy");
    expect(screen.getByRole("img", { name: "USB-C charger (no photo yet)" })).toBeInTheDocument();
  });

  it("loads the next page of parts with Load more (cursor pagination in the cache)", async () => {
    renderApp({
      mocks: [
        partsPage(undefined, [part(1), part(2)], true, "c2"),
        partsPage("c2", [part(3)], false, "c3"),
        productsMock,
        reviewsMock,
      ],
    });
    expect(await screen.findByRole("heading", { name: "Part 2" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more parts" }));
    expect(await screen.findByRole("heading", { name: "Part 3" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Part 1" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more parts" })).not.toBeInTheDocument();
  });

  it("shows an error with Retry, then the parts", async () => {
    renderApp({
      mocks: [
        {
          request: { query: HomePartsDocument, variables: { first: HOME_PAGE_SIZE } },
          error: new Error("Failed to fetch"),
        },
        partsPage(undefined, [part(7)], false, "c7"),
        productsMock,
        reviewsMock,
      ],
    });
    expect(await screen.findByText("Could not load the parts")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Part 7" })).toBeInTheDocument();
  });

  it("shows empty states", async () => {
    renderApp({
      mocks: [
        partsPage(undefined, [], false, "e"),
        { ...productsMock, result: { data: { products: connection("Product", [], false, null) } } },
        { ...reviewsMock, result: { data: { reviews: connection("Review", [], false, null) } } },
      ],
    });
    expect(await screen.findByText("No parts are listed yet. Please check back soon.")).toBeInTheDocument();
    expect(await screen.findByText("No reviews yet. Be the first to write one!")).toBeInTheDocument();
  });
});

describe("newsletter", () => {
  const subscribeMock = (email: string, result: object) => ({
    request: { query: SubscribeNewsletterDocument, variables: { email } },
    ...result,
  });

  async function subscribe(email: string, mocks: object[] = []) {
    renderApp({ mocks: [partsPage(undefined, [], false, "e"), productsMock, reviewsMock, ...(mocks as never[])] });
    if (email) await userEvent.type(screen.getByLabelText("Email address"), email);
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
  }

  it("thanks a new subscriber", async () => {
    await subscribe("new@example.com", [
      subscribeMock("new@example.com", {
        result: {
          data: {
            subscribeNewsletter: { __typename: "NewsletterPayload", subscribed: true, alreadySubscribed: false },
          },
        },
      }),
    ]);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.subscribed)).toBeInTheDocument();
  });

  it("says when the email is already subscribed", async () => {
    await subscribe("old@example.com", [
      subscribeMock("old@example.com", {
        result: {
          data: { subscribeNewsletter: { __typename: "NewsletterPayload", subscribed: true, alreadySubscribed: true } },
        },
      }),
    ]);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.alreadySubscribed)).toBeInTheDocument();
  });

  it("rejects an invalid email without calling the server", async () => {
    await subscribe("not-an-email");
    expect(await screen.findByText(NEWSLETTER_MESSAGES.invalidEmail)).toBeInTheDocument();
  });

  it("shows the invalid-email message when the server refuses the address", async () => {
    await subscribe("odd@example.com", [
      subscribeMock("odd@example.com", {
        result: { errors: [new GraphQLError("Invalid email", { extensions: { code: "BAD_USER_INPUT" } })] },
      }),
    ]);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.invalidEmail)).toBeInTheDocument();
  });
});
