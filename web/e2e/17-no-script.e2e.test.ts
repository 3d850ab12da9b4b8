import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import { expectCount, expectPath, expectText, expectValue, partCard, visible } from "./support/ui";

const journey = useJourney("17-no-script");

const BATTERY = "Li-ion Battery 11.55V 57Wh, 3-cell"; // $49.99, fits the ThinkPad T14 Gen 2

const results = (page: Page) => page.locator(".catalogue__grid").getByRole("article");
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
/** A line of the cart page's table, by its part's name. */
const cartLine = (page: Page, partName: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: partName, exact: true }) });

/*
 * The storefront with JavaScript disabled: the server's HTML alone. Searching, filtering, sorting
 * and paging are links and GET forms with the addresses the app uses; adding to the cart is a form
 * post, and the cart page (rendered from this browser's cart) changes and removes lines by forms.
 */
describe("a shopper with no script", () => {
  it("searches, filters and sorts the catalogue, and pages through it", async () => {
    const page = await journey.newPage({ script: false });
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search parts" }).fill("thinkpad t14 batery");
    await page.getByRole("searchbox", { name: "Search parts" }).press("Enter");
    await expectPath(page, "/parts");
    expect(params(page)).toEqual({ q: "thinkpad t14 batery" });
    await visible(page.getByRole("heading", { level: 1, name: "Results for “thinkpad t14 batery”" }));
    await visible(partCard(page, BATTERY));

    // The filters are one form: its button applies them all, keeping the words.
    await page.getByLabel("In stock only").check();
    await page.getByLabel("Brand").selectOption("Lenovo");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expectPath(page, "/parts");
    expect(params(page)).toMatchObject({ q: "thinkpad t14 batery", inStock: "1", brand: "Lenovo" });
    await visible(partCard(page, BATTERY));
    // Now the brand's models are there to choose.
    await page.getByLabel("Model").selectOption("ThinkPad T14 Gen 2");
    await page.getByLabel("Min ($)").fill("20");
    await page.getByRole("button", { name: "Apply price" }).click();
    expect(params(page)).toMatchObject({ brand: "Lenovo", model: "ThinkPad T14 Gen 2", minPrice: "20" });
    await visible(partCard(page, BATTERY));

    // Sorting keeps the search.
    await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    expect(params(page)).toMatchObject({ q: "thinkpad t14 batery", brand: "Lenovo", sort: "price_desc" });
    await journey.shot(page, "filtered-and-sorted");

    // Clearing the filters keeps the words and the order.
    await page.getByRole("button", { name: "Clear filters" }).click();
    expect(params(page)).toEqual({ q: "thinkpad t14 batery", sort: "price_desc" });

    // Paging: the next parts at an address of their own.
    await page.goto("/parts");
    await expectCount(results(page), 12);
    await page.getByRole("link", { name: "Show more parts" }).click();
    expect(Object.keys(params(page))).toEqual(["after"]);
    await expectCount(results(page), 2);
  });

  it("opens a part, adds it to the cart, changes its quantity on the cart page and removes it", async () => {
    const page = await journey.newPage({ script: false });
    await page.goto("/parts?q=battery");
    await partCard(page, BATTERY).getByRole("link", { name: "View and reserve" }).click();
    await visible(page.getByRole("heading", { level: 1, name: BATTERY }));
    // Reserving is a link to the reservation page.
    expect(await page.getByRole("link", { name: `Reserve ${BATTERY}` }).getAttribute("href")).toMatch(/^\/parts\//);

    const quantity = page.getByLabel("Quantity", { exact: true });
    const minimum = Number(await quantity.getAttribute("min"));
    await quantity.fill(String(minimum + 1));
    await page.getByRole("button", { name: `Add to cart: ${BATTERY}` }).click();
    await expectPath(page, "/cart");
    await expectText(page.getByTestId("cart-notice"), `${BATTERY} is in your cart.`);
    await expectValue(
      cartLine(page, BATTERY).getByLabel(`Quantity of ${BATTERY}`, { exact: true }),
      String(minimum + 1),
    );
    await expectText(page.getByTestId("cart-items"), String(minimum + 1));
    await journey.shot(page, "cart");

    // Another add from the catalogue's card puts the minimum order more on the same line.
    await page.goto("/parts?q=battery");
    await partCard(page, BATTERY)
      .getByRole("button", { name: `Add to cart: ${BATTERY}` })
      .click();
    await expectPath(page, "/cart");
    await expectText(page.getByTestId("cart-items"), String(2 * minimum + 1));

    await cartLine(page, BATTERY)
      .getByLabel(`Quantity of ${BATTERY}`, { exact: true })
      .fill(String(minimum + 2));
    await page.getByRole("button", { name: `Update quantity of ${BATTERY}` }).click();
    await expectPath(page, "/cart");
    await expectText(page.getByTestId("cart-notice"), "Your cart is updated.");
    await expectText(page.getByTestId("cart-items"), String(minimum + 2));
    expect(await page.getByRole("link", { name: "Check out" }).getAttribute("href")).toBe("/checkout");

    await page.getByRole("button", { name: `Remove ${BATTERY} from the cart` }).click();
    await expectPath(page, "/cart");
    await visible(page.getByText("Your cart is empty."));
    await journey.shot(page, "cart-empty");
  });
});
