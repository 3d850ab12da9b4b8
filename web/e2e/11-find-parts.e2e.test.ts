import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  CUSTOMER,
  expectCount,
  expectPath,
  expectText,
  expectToast,
  expectValue,
  makePng,
  nav,
  partCard,
  signIn,
  visible,
} from "./support/ui";

const journey = useJourney("11-find-parts");

const BATTERY = "Li-ion Battery 11.55V 57Wh, 3-cell";
const RAM = "16GB DDR4-3200 SO-DIMM Memory Module";
const CHARGER = "65W USB-C PD Laptop Charger";
const WIFI = "Wi-Fi 6E M.2 2230 Card with Bluetooth 5.3";
const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";
const T14_GEN_2 = "Lenovo ThinkPad T14 Gen 2";

const results = (page: Page) => page.locator(".catalogue__grid").getByRole("article");
const resultNames = (page: Page) => results(page).locator(".part-result__name").allInnerTexts();
const search = (page: Page) => page.getByRole("searchbox", { name: "Search parts" });
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function expectResults(page: Page, names: string[]) {
  await expectCount(results(page), names.length);
  expect(await resultNames(page)).toEqual(names);
}

describe("finding the right part", () => {
  it('"thinkpad t14 batery" in the navigation bar finds the T14 battery, and shows the laptops it fits', async () => {
    const page = await journey.newPage();
    await page.goto("/");
    await search(page).fill("thinkpad t14 batery");
    await search(page).press("Enter");
    await expectPath(page, "/parts");
    expect(params(page)).toEqual({ q: "thinkpad t14 batery" });
    await visible(page.getByRole("heading", { level: 1, name: "Results for “thinkpad t14 batery”" }));
    await expectResults(page, [BATTERY]);
    const battery = partCard(page, BATTERY);
    await expectText(battery.locator(".price"), "$49.99");
    await visible(battery.getByText("In stock"));
    await visible(
      battery.getByText(
        /Fits Lenovo ThinkPad P14s Gen 2, Lenovo ThinkPad T14 Gen 1, Lenovo ThinkPad T14 Gen 2 and 3 more/,
      ),
    );
    await expectValue(search(page), "thinkpad t14 batery");
    await journey.shot(page, "search-typo");

    // A model's name finds every part that fits it.
    await search(page).fill(T14_GEN_2);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await visible(page.getByRole("heading", { level: 1, name: `Results for “${T14_GEN_2}”` }));
    await expectCount(results(page), 4);
    expect((await resultNames(page)).sort()).toEqual([BATTERY, RAM, CHARGER, WIFI].sort());
  });

  it("filters and sorts; the address holds the search, so it can be shared and the back button works", async () => {
    const page = await journey.newPage();
    await page.goto("/parts");
    await visible(page.getByRole("heading", { level: 1, name: "All parts" }));
    await expectCount(results(page), 12);
    await page.getByRole("button", { name: "Show more parts" }).click();
    await expectCount(results(page), 14);

    // The laptop: a brand, then one of its models.
    await page.getByLabel("Brand").selectOption("Lenovo");
    await expectPath(page, "/parts");
    // Options are never "visible" to Playwright: wait for the brand's models to be there.
    await page.getByLabel("Model").locator("option", { hasText: "ThinkPad T14 Gen 2" }).waitFor({ state: "attached" });
    await page.getByLabel("Model").selectOption("ThinkPad T14 Gen 2");
    await expectCount(results(page), 4);
    expect(params(page)).toEqual({ brand: "Lenovo", model: "ThinkPad T14 Gen 2" });

    // Cheapest first, in stock only, then a price range.
    await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await expectResults(page, [WIFI, CHARGER, RAM, BATTERY]);
    await page.getByLabel("In stock only").check();
    await expectResults(page, [WIFI, CHARGER, RAM, BATTERY]);
    await page.getByLabel("Min ($)").fill("20");
    await page.getByLabel("Max ($)").fill("40");
    await page.getByRole("button", { name: "Apply price" }).click();
    await expectResults(page, [CHARGER, RAM]);
    expect(params(page)).toEqual({
      inStock: "1",
      minPrice: "20",
      maxPrice: "40",
      brand: "Lenovo",
      model: "ThinkPad T14 Gen 2",
      sort: "price_asc",
    });
    await journey.shot(page, "filtered");
    const shared = page.url();

    // Back: the search before the price range, its inputs empty again.
    await page.goBack();
    await expectResults(page, [WIFI, CHARGER, RAM, BATTERY]);
    await expectValue(page.getByLabel("Min ($)"), "");
    await page.goBack();
    await expect.poll(() => page.getByLabel("In stock only").isChecked()).toBe(false);
    await page.goForward();
    await page.goForward();
    await expectResults(page, [CHARGER, RAM]);
    await expectValue(page.getByLabel("Max ($)"), "40");

    // The address opened somewhere else shows the same search.
    const other = await journey.newPage();
    await other.goto(shared);
    await expectResults(other, [CHARGER, RAM]);
    await expectValue(other.getByLabel("Brand"), "Lenovo");
    await expectValue(other.getByLabel("Model"), "ThinkPad T14 Gen 2");
    await expectValue(other.getByLabel("Sort by"), "price_asc");
    expect(await other.getByLabel("In stock only").isChecked()).toBe(true);
  });

  it("says when nothing matches and suggests clearing the filters", async () => {
    const page = await journey.newPage();
    await page.goto("/parts?q=thinkpad+t14+batery&brand=Dell");
    await visible(page.getByText("No parts match “thinkpad t14 batery” with these filters."));
    await visible(page.getByRole("heading", { level: 2, name: "No parts found" }));
    await journey.shot(page, "nothing-found");
    await page.getByRole("button", { name: "Clear all filters" }).click();
    await expectResults(page, [BATTERY]);
    expect(params(page)).toEqual({ q: "thinkpad t14 batery" });

    await search(page).fill("flux capacitor");
    await search(page).press("Enter");
    await visible(page.getByText("No parts match “flux capacitor”."));
    await page.getByRole("link", { name: "See all parts" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "All parts" }));
    await expectCount(results(page), 12);
  });

  it("on a phone: the search box under the brand, the filters folded under a button", async () => {
    const page = await journey.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto("/");
    await search(page).fill("ddr4");
    await search(page).press("Enter");
    await expectResults(page, [RAM]);
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    await expect.poll(() => page.getByLabel("In stock only").isVisible()).toBe(false);
    await toggle.click();
    await page.getByLabel("In stock only").check();
    await visible(page.getByRole("button", { name: "Filters (1)", exact: true }));
    await expectResults(page, [RAM]);
    await journey.shot(page, "phone-filters");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe("compatibility and reviews of parts", () => {
  it("a part's page lists the laptops it fits; each leads to the parts for that laptop", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await page.goto("/parts?q=battery");
    await partCard(page, BATTERY).getByRole("link", { name: "View and reserve" }).click();
    await visible(page.getByRole("heading", { level: 1, name: BATTERY }));
    const fits = page.getByRole("region", { name: "Fits these laptops" });
    expect(await fits.getByRole("link").allInnerTexts()).toEqual([
      "Lenovo ThinkPad P14s Gen 2",
      "Lenovo ThinkPad T14 Gen 1",
      T14_GEN_2,
      "Lenovo ThinkPad T14s Gen 2",
      "Lenovo ThinkPad T490",
      "Lenovo ThinkPad T495",
    ]);
    await journey.shot(page, "part-fits");
    await fits.getByRole("link", { name: T14_GEN_2 }).click();
    await visible(page.getByRole("heading", { level: 1, name: "All parts" }));
    await expectCount(results(page), 4);
    expect(params(page)).toEqual({ brand: "Lenovo", model: "ThinkPad T14 Gen 2" });
  });

  it("a review of a part rates it: best rated lists it first, with its stars", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await page.goto("/parts?q=nvme");
    await partCard(page, SSD).getByRole("link", { name: "View and reserve" }).click();
    await page.getByRole("link", { name: "Write a review of this part" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Add a review" }));
    await expectText(page.getByTestId("reviewed-part"), `Your review of ${SSD}. Review the shop instead`);
    await page.getByLabel("Ratings").fill("5");
    await page.getByLabel("Description").fill("Fast, cool and a perfect fit in the XPS 15.");
    await page
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "ssd.png", mimeType: "image/png", buffer: makePng(32, [30, 60, 160]) });
    await page.getByRole("button", { name: "Add review" }).click();
    await expectToast(page, "success", "Review added successfully");

    await search(page).fill("");
    await search(page).press("Enter");
    await page.getByLabel("Sort by").selectOption({ label: "Best rated" });
    await expect.poll(async () => (await resultNames(page))[0]).toBe(SSD);
    const ssd = partCard(page, SSD);
    await visible(ssd.getByRole("img", { name: "Rated 5 out of 5" }));
    await visible(ssd.getByText("5.0 (1 review)"));
    await journey.shot(page, "best-rated");
    await nav(page).getByRole("link", { name: "Home" }).click();
    await expectPath(page, "/");
  });
});
