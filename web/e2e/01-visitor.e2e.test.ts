import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  expectCount,
  expectImageLoaded,
  expectPath,
  expectRed,
  expectText,
  expectValue,
  fact,
  hidden,
  nav,
  partCard,
  visible,
} from "./support/ui";

const journey = useJourney("01-visitor");

const SEED_REVIEWERS = ["Maria Gonzalez", "Kenji Watanabe", "Aisha Bello", "Lukas Weber", "Priya Raman", "Tom Becker"];
const SEED_PRODUCTS = ["Partshop Pro 14", "Partshop Air 13", "Partshop Work 15", "Technician Tool Kit"];

describe("a visitor", () => {
  it("sees the home page: hero, parts with dollar prices, new arrivals, starred reviews, statistics, partners, footer", async () => {
    const page = await journey.newPage();
    await page.goto("/");

    // Hero with the winter discount.
    await visible(
      page.getByRole("heading", { level: 1, name: "Genuine laptop parts, straight from the manufacturer" }),
    );
    await visible(page.getByText("Winter sale · 15% off"));
    await visible(page.getByText(/enjoy a 15% discount on every part/));
    await expectImageLoaded(page.getByRole("img", { name: "A laptop surrounded by replacement parts" }));

    // Parts grid: the first page of the seeded catalogue, prices in dollars.
    const parts = page.locator("#parts").getByRole("article");
    await expectCount(parts, 6);
    const battery = partCard(page, "Li-ion Battery 11.55V 57Wh, 3-cell");
    await expectText(battery.locator(".price"), "$49.99");
    await expectText(fact(battery, "Available"), "500");
    await expectText(fact(battery, "Minimum order"), "10");
    await visible(battery.getByText(/Replacement 3-cell lithium-ion battery pack/));
    await visible(battery.getByRole("link", { name: "Reserve" }));
    await expectImageLoaded(battery.getByRole("img", { name: "Li-ion Battery 11.55V 57Wh, 3-cell" }));
    for (const price of await parts.locator(".price").allInnerTexts())
      expect(price).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expectText(partCard(page, "32GB DDR5-5600 SO-DIMM Memory Module").locator(".price"), "$89.99");
    // "Load more" pages through the rest of the 14 parts.
    await page.getByRole("button", { name: "Load more parts" }).click();
    await expectCount(parts, 12);
    await page.getByRole("button", { name: "Load more parts" }).click();
    await expectCount(parts, 14);
    await hidden(page.getByRole("button", { name: "Load more parts" }));

    // New arrivals: the seeded products (the flagship first), prices in dollars.
    const arrivals = page.locator("#new-arrivals .product-card");
    await expectCount(arrivals, 4);
    expect(await arrivals.locator(".card__title").allInnerTexts()).toEqual(SEED_PRODUCTS);
    await expectText(arrivals.filter({ hasText: "Partshop Pro 14" }).locator(".price"), "$1,299.00");

    // Reviews with 1-5 stars: the label and the lit stars agree with each review's rating.
    const reviews = page.locator("#reviews .review-card");
    await expectCount(reviews, 6);
    expect((await reviews.locator(".review-card__name").allInnerTexts()).sort()).toEqual([...SEED_REVIEWERS].sort());
    const maria = reviews.filter({ hasText: "Maria Gonzalez" });
    await visible(maria.getByRole("img", { name: "Rated 5 out of 5" }));
    expect(await maria.locator(".star--on").count()).toBe(5);
    const lukas = reviews.filter({ hasText: "Lukas Weber" });
    await visible(lukas.getByRole("img", { name: "Rated 3 out of 5" }));
    expect(await lukas.locator(".star--on").count()).toBe(3);
    expect(await lukas.locator(".star").count()).toBe(5);

    // Business statistics, partners, social strip.
    expect(await page.locator(".stats__value").allTextContents()).toEqual(["2M+", "15M+", "80,000+", "2M+"]);
    expect(await page.locator(".stats__label").allTextContents()).toEqual([
      "consumers",
      "products sold",
      "subscribers",
      "likes",
    ]);
    await expectImageLoaded(page.getByRole("img", { name: "Logos of our partner brands" }));
    const social = page.getByRole("region", { name: "Follow us" });
    for (const name of ["Facebook", "Twitter", "Instagram", "LinkedIn", "YouTube"])
      await visible(social.getByRole("link", { name }));

    // Footer.
    const footer = page.getByRole("contentinfo");
    for (const name of ["Browse parts", "Track your orders", "Write a review", "Read our blog", "Meet the team"])
      await visible(footer.getByRole("link", { name }));
    await visible(footer.getByText(`© ${new Date().getFullYear()} Partshop. All rights reserved.`));

    // Signed out: Login, no Dashboard.
    await visible(nav(page).getByRole("link", { name: "Login" }));
    expect(await nav(page).getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    await journey.shot(page, "home");
  });

  it("subscribes to the newsletter, refusing an invalid email and recognising a repeat", async () => {
    const page = await journey.newPage();
    await page.goto("/");
    const box = page.getByRole("region", { name: "Get winter deals first" });
    const email = box.getByLabel("Email address");
    const message = box.locator("#newsletter-message");

    await email.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expectText(message, "Please enter a valid email address.");
    await expectRed(message);
    await journey.shot(page, "newsletter-invalid");

    await email.fill("reader@example.com");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expectText(message, "Thank you for subscribing! Deals are on their way.");
    await expectValue(email, "");
    await journey.shot(page, "newsletter-subscribed");

    await email.fill("reader@example.com");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expectText(message, "You are already subscribed.");
  });

  it("reads the blogs and the portfolio, from the footer and the navigation bar", async () => {
    const page = await journey.newPage();
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Read our blog" }).click();
    await expectPath(page, "/blogs");
    await visible(page.getByRole("heading", { level: 1, name: "How Partshop is built" }));
    await expectCount(page.locator(".qa-card"), 6);
    await visible(page.getByRole("heading", { name: "How does signing in work?" }));
    await journey.shot(page, "blogs");

    await nav(page).getByRole("link", { name: "Portfolio" }).click();
    await expectPath(page, "/portfolio");
    await visible(page.getByRole("heading", { level: 1, name: "Partshop web team" }));
    await visible(page.getByRole("link", { name: "team@partshop.example" }));
    await journey.shot(page, "portfolio");

    await page.getByRole("contentinfo").getByRole("link", { name: "Meet the team" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Partshop web team" }));
    await nav(page).getByRole("link", { name: "Blogs" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "How Partshop is built" }));
    await nav(page).getByRole("link", { name: "Home" }).click();
    await expectPath(page, "/");
    await visible(page.getByRole("heading", { name: "Laptop parts", exact: true }));
  });

  it('sees "There\'s nothing here: 404!" on an unknown path and can go back to the shop', async () => {
    const page = await journey.newPage();
    // A real 404 status (Chromium logs it), with the 404 page rendered on the server.
    journey.allowConsoleErrors(page, /status of 404 .*\/no\/such\/page\)$/);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toMatch(/text\/html/);
    expect(await response?.text()).toContain("There&#x27;s nothing here: 404!");
    await visible(page.getByRole("heading", { level: 1, name: "There's nothing here: 404!" }));
    await journey.shot(page, "not-found");
    await page.getByRole("link", { name: "Back to the shop" }).click();
    await expectPath(page, "/");
    await visible(page.getByRole("heading", { name: "Laptop parts", exact: true }));
  });

  it("lands on server-rendered search, home and part pages whose islands start in place on first use, without a console error or warning, and then work", async () => {
    const page = await journey.newPage();
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    /** True once React has hydrated the element (it holds React's fiber). */
    const hydrated = (selector: string) =>
      page.waitForFunction((css) => {
        const element = document.querySelector(css);
        return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
      }, selector);

    // A storefront page loads no React until it is used (docs/architecture.md, "Storefront islands"):
    // first use starts the island, and hydration keeps the server's page, never replaced by the
    // "Loading page…" fallback.
    await page.addInitScript(() => {
      (window as unknown as { fallbackSeen: boolean }).fallbackSeen = false;
      new MutationObserver(() => {
        if (document.getElementById("root")?.textContent?.includes("Loading page"))
          (window as unknown as { fallbackSeen: boolean }).fallbackSeen = true;
      }).observe(document, { subtree: true, childList: true });
    });
    const fallbackSeen = () => page.evaluate(() => (window as unknown as { fallbackSeen: boolean }).fallbackSeen);

    const search = await page.goto("/parts?inStock=1&sort=price_asc");
    expect(await search!.text()).toContain("part-result__name");
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() =>
        Object.keys(document.querySelector(".catalogue__grid article")!).some((key) => key.startsWith("__reactFiber")),
      ),
    ).toBe(false);
    await page.locator(".catalogue__grid article a").first().focus();
    await hydrated(".catalogue__grid article");
    await page.waitForLoadState("networkidle");
    expect(await fallbackSeen()).toBe(false);

    const home = await page.goto("/");
    expect(await home!.text()).toContain("Li-ion Battery 11.55V 57Wh, 3-cell");
    // A press before the island has started is held, then done once it has.
    await page.getByRole("button", { name: "Load more parts" }).click();
    await hydrated("#parts article");
    await expectCount(page.locator("#parts").getByRole("article"), 12);

    const battery = "Li-ion Battery 11.55V 57Wh, 3-cell";
    const answer = await fetch(`${journey.shop.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ parts(first: 50) { edges { node { name slug } } } }" }),
    });
    const { data } = (await answer.json()) as {
      data: { parts: { edges: Array<{ node: { name: string; slug: string } }> } };
    };
    const slug = data.parts.edges.find(({ node }) => node.name === battery)!.node.slug;
    const partPage = await page.goto(`/p/${slug}`);
    const served = await partPage!.text();
    expect(served).toContain(`<h1`);
    expect(served).toContain("In stock");
    await page.locator(".part-page a").first().focus();
    await hydrated(".part-page h1");
    await expectText(page.getByTestId("cart-count"), "0");
    await page.getByRole("button", { name: `Add to cart: ${battery}` }).click();
    await expectText(page.getByTestId("cart-count"), "10");
    expect(await page.title()).toBe(`${battery} | Partshop`);
    expect(await fallbackSeen()).toBe(false);
    expect(warnings).toEqual([]);
  });

  it("a page holding another build's code after a deploy still gets its answers: an unknown hash goes again as text", async () => {
    const page = await journey.newPage();
    await page.goto("/");
    await expectCount(page.locator("#parts").getByRole("article"), 6);
    // What this page sends from now on is another build's: hashes the shop's manifest does not hold.
    const sent: Array<{ hash?: string; query?: string }> = [];
    await page.route("**/graphql", async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}");
      if (body.extensions?.persistedQuery) body.extensions.persistedQuery.sha256Hash = "0".repeat(64);
      sent.push({ hash: body.extensions?.persistedQuery?.sha256Hash, query: body.query });
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole("button", { name: "Load more parts" }).click();
    await expectCount(page.locator("#parts").getByRole("article"), 12);
    // First the hash alone, refused as unknown; then the text, answered.
    expect(sent[0]).toEqual({ hash: "0".repeat(64), query: undefined });
    expect(sent[1].hash).toBeUndefined();
    expect(sent[1].query).toMatch(/^query \w+/);
  });

  it("uses the mobile menu on a 360 px wide screen", async () => {
    const page = await journey.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto("/");
    const menu = nav(page).getByRole("link", { name: "Blogs" });
    await hidden(menu);
    await page.getByRole("button", { name: "Open menu" }).click();
    await visible(menu);
    await journey.shot(page, "mobile-menu");
    await menu.click();
    await visible(page.getByRole("heading", { level: 1, name: "How Partshop is built" }));
    await hidden(menu);
    await visible(page.getByRole("button", { name: "Open menu" }));
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
