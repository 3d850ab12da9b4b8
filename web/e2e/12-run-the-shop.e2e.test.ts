import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  ADMIN,
  CUSTOMER,
  expectCount,
  expectPath,
  expectText,
  expectToast,
  expectValue,
  fact,
  eventually,
  expectImageLoaded,
  hidden,
  makePng,
  openPart,
  partCard,
  payOrder,
  readNumber,
  reservePart,
  row,
  signIn,
  visible,
} from "./support/ui";

/*
 * Running the shop, as an admin and a shopper see it: a part edited (its
 * compatible laptops too) and restocked, a stock edit that would cross an order refused, a part retired, the orders' filters
 * and CSV export, and the overview's charts and low-stock restock.
 */

const journey = useJourney("12-run-the-shop");

const BATTERY = "Li-ion Battery 11.55V 57Wh, 3-cell";
const KEYBOARD = 'Backlit US Keyboard for 14" Laptops';
const PANEL = '15.6" FHD IPS Panel 1920x1080, 30-pin eDP';
const DDR4 = "16GB DDR4-3200 SO-DIMM Memory Module";
const DDR5 = "32GB DDR5-5600 SO-DIMM Memory Module";
const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";
const DC_JACK = "DC Power Jack with Cable Harness";

const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

async function openAdminPage(page: Page, link: string, heading: string) {
  await page.goto("/dashboard");
  await dashboardMenu(page).getByRole("link", { name: link }).click();
  await visible(page.getByRole("heading", { level: 1, name: heading }));
}

/**
 * An admin uploads a photo (POST /upload, as the review form does) and puts it first among the
 * part's images (addPartImage at position 0), through the shop's API; answers the part's page.
 */
async function addMainPhoto(admin: Page, partName: string, png: Buffer, alt: string): Promise<string> {
  const answer = await admin.evaluate(
    async ({ partName, bytes, alt }) => {
      const authorization = `Bearer ${localStorage.getItem("accessToken")}`;
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
      const upload = await (await fetch("/upload", { method: "POST", headers: { authorization }, body: form })).json();
      const graphql = async (query: string, variables: object) =>
        (
          await fetch("/graphql", {
            method: "POST",
            headers: { "content-type": "application/json", authorization },
            body: JSON.stringify({ query, variables }),
          })
        ).json();
      const found = await graphql("query ($q: String) { parts(first: 1, search: $q) { edges { node { id name } } } }", {
        q: partName,
      });
      const part = found.data.parts.edges[0].node;
      const added = await graphql(
        "mutation ($partId: ID!, $input: AddPartImageInput!) { addPartImage(partId: $partId, input: $input) { name slug images { url alt } } }",
        { partId: part.id, input: { url: upload.data.url, alt, position: 0 } },
      );
      return { upload, added };
    },
    { partName, bytes: [...png], alt },
  );
  expect(answer.upload).toMatchObject({ success: true, data: { width: 900, height: 900 } });
  const part = answer.added.data.addPartImage;
  expect(part.name).toBe(partName);
  expect(part.images[0]).toEqual({ url: answer.upload.data.url, alt });
  return `/p/${part.slug}`;
}

/** Where the browser took an <img> from (its chosen candidate), and the candidates of its <picture>'s AVIF source. */
function chosenSource(image: Locator): Promise<{ currentSrc: string; avif: string[] }> {
  return image.evaluate((img: HTMLImageElement) => ({
    currentSrc: img.currentSrc,
    avif: (img.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? "")
      .split(",")
      .map((candidate) => new URL(candidate.trim().split(/\s+/)[0], location.href).href),
  }));
}

/** From Manage Parts, the edit page of one part (found with the search box). */
async function editPart(page: Page, name: string) {
  await openAdminPage(page, "Manage Parts", "Manage Parts");
  const search = page.getByRole("search", { name: "Parts list" });
  await search.getByLabel("Search by name").fill(name.split(",")[0]);
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await row(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await visible(page.getByRole("heading", { level: 1, name: "Edit part" }));
  await expectValue(page.getByLabel("Name", { exact: true }), name);
}

describe("an admin running the shop, and a shopper", () => {
  let admin: Page;
  let shopper: Page;

  beforeAll(async () => {
    shopper = await journey.newPage({ shared: true });
    await signIn(shopper, CUSTOMER);
    await reservePart(shopper, SSD);
    await payOrder(shopper, SSD);
    await reservePart(shopper, DDR4);
    admin = await journey.newPage({ shared: true });
    await signIn(admin, ADMIN);
  }, 120_000);

  it("the admin menu: My Profile, the overview first, the spec's pages, then the To-ship queue, parts and the history", async () => {
    await admin.goto("/dashboard");
    await visible(dashboardMenu(admin).getByRole("link", { name: "History" }));
    expect(await dashboardMenu(admin).getByRole("link").allInnerTexts()).toEqual([
      "My Profile",
      "Overview",
      "All Users",
      "Manage All Orders",
      "Add Product",
      "Manage Product",
      "To ship",
      "Manage Parts",
      "Shipping",
      "Tax",
      "History",
    ]);
  });

  it("an admin edits a part and restocks it; a shopper sees the new price, description and stock", async () => {
    await editPart(admin, KEYBOARD);
    await expectValue(admin.getByLabel("Stock", { exact: true }), "1200");
    await admin.getByLabel("Price ($)").fill("31.5");
    await admin.getByLabel("Description").fill("Full-size US layout, white backlight. Now with a two-year warranty.");
    const models = admin.getByLabel("Compatible laptop models");
    await models.fill(`${(await models.inputValue()).trim()}\nFramework Laptop 13`.trim());
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expectToast(admin, "success", `Changes saved: ${KEYBOARD}`);
    await journey.shot(admin, "part-edited");

    await admin.getByLabel("Units to add").fill("250");
    await admin.getByRole("button", { name: "Restock", exact: true }).click();
    await expectToast(admin, "success", `Restocked ${KEYBOARD}: +250, now 1,450`);
    await expectText(admin.getByTestId("edit-part-stock"), "1,450");
    await expectValue(admin.getByLabel("Stock", { exact: true }), "1450");
    const recent = admin.getByRole("region", { name: "Recent changes" });
    await visible(recent.getByText("Restocked part"));
    await visible(recent.getByText("Edited part"));
    await visible(recent.getByText("Price: $28.99 → $31.50", { exact: false }));
    await journey.shot(admin, "part-restocked");

    await shopper.goto("/");
    const card = partCard(shopper, KEYBOARD);
    await expectText(card.locator(".price"), "$31.50");
    await expectText(fact(card, "Available"), "1450");
    await openPart(shopper, KEYBOARD);
    await visible(shopper.getByText("Now with a two-year warranty.", { exact: false }));
    await visible(
      shopper.getByRole("region", { name: "Fits these laptops" }).getByRole("link", { name: "Framework Laptop 13" }),
    );
    await expectText(shopper.getByTestId("part-available"), "1450");
    await journey.shot(shopper, "shopper-sees-the-edit");
  });

  it("an admin's uploaded photo is the part's main image; a shopper's browser loads it in a size and format it chose, and thumbnails switch it", async () => {
    const alt = "The DC jack on its cable harness, connector end";
    const partPath = await addMainPhoto(admin, DC_JACK, makePng(900, [40, 90, 160]), alt);

    await shopper.goto(partPath);
    await visible(shopper.getByRole("heading", { level: 1, name: DC_JACK }));
    const main = shopper.locator(".part-gallery > .card__media img");
    expect(await main.getAttribute("alt")).toBe(alt);
    // Its own size, so the browser reserves its box; variants to choose from; loaded at once.
    expect(await main.getAttribute("width")).toBe("900");
    expect(await main.getAttribute("height")).toBe("900");
    expect(await main.getAttribute("srcset")).toMatch(/-320\.jpg 320w, .*-640\.jpg 640w, .*-900\.jpg 900w$/);
    expect(await main.getAttribute("sizes")).toBeTruthy();
    expect(await main.getAttribute("loading")).toBeNull();
    await expectImageLoaded(main);
    // Chromium took the AVIF source, at one of its stored widths, not the JPEG the URL names.
    const chosen = await chosenSource(main);
    expect(chosen.currentSrc).toMatch(/\/uploads\/[0-9a-f]{32}-(320|640|900)\.avif$/);
    expect(chosen.avif).toContain(chosen.currentSrc);
    await journey.shot(shopper, "part-photo");

    // The seeded drawing is now the second image: its thumbnail, chosen with the keyboard, is shown large.
    const thumbs = shopper.getByRole("list", { name: `Images of ${DC_JACK}` });
    await expectCount(thumbs.getByRole("button"), 2);
    const first = thumbs.getByRole("button", { name: alt });
    const second = thumbs.getByRole("button", { name: `${DC_JACK}, image 2` });
    expect(await first.getAttribute("aria-pressed")).toBe("true");
    await first.focus();
    await shopper.keyboard.press("Tab");
    await shopper.keyboard.press("Enter");
    await eventually(
      () => second.getAttribute("aria-pressed"),
      (pressed) => expect(pressed).toBe("true"),
    );
    expect(await main.getAttribute("alt")).toBe(`${DC_JACK}, image 2`);
    expect(new URL(await main.evaluate((img: HTMLImageElement) => img.src)).pathname).toMatch(/^\/images\/.+\.svg$/);
    await expectImageLoaded(main);

    // The catalogue's card takes a variant too, lazily.
    await shopper.goto(`/parts?q=${encodeURIComponent("DC power jack")}`);
    const card = partCard(shopper, DC_JACK).getByRole("img", { name: DC_JACK });
    expect(await card.getAttribute("loading")).toBe("lazy");
    await expectImageLoaded(card);
    const carded = await chosenSource(card);
    expect(carded.currentSrc).toMatch(/-(320|640|900)\.avif$/);
    expect(carded.avif).toContain(carded.currentSrc);
  });

  it("refuses an edited stock figure that an order crossed, saves nothing, and shows the stock as it is now", async () => {
    await editPart(admin, DDR5);
    await expectValue(admin.getByLabel("Stock", { exact: true }), "800");
    // While the admin edits, a shopper reserves 5 units.
    const { quantity } = await reservePart(shopper, DDR5);
    await admin.getByLabel("Stock", { exact: true }).fill("1000");
    await admin.getByLabel("Minimum order quantity").fill("4");
    await admin.getByRole("button", { name: "Save changes" }).click();
    await visible(
      admin.getByText(
        `The stock of ${DDR5} changed from 800 to ${800 - quantity} while you were editing (orders or another admin moved it). Nothing was saved: check the stock and save again.`,
      ),
    );
    await expectValue(admin.getByLabel("Stock", { exact: true }), String(800 - quantity));
    await expectValue(admin.getByLabel("Minimum order quantity"), "4");
    await journey.shot(admin, "stock-conflict");
    await shopper.reload();
    await expectText(shopper.getByTestId("part-available"), String(800 - quantity));

    await admin.getByLabel("Stock", { exact: true }).fill("1000");
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expectToast(admin, "success", `Changes saved: ${DDR5}`);
    await shopper.reload();
    await expectText(shopper.getByTestId("part-available"), "1000");
  });

  it("a retired part leaves the shop, stays on the shopper's order, and cannot be reserved", async () => {
    await reservePart(shopper, BATTERY);
    const batteryUrl = new URL(shopper.url()).pathname;
    await openAdminPage(admin, "Manage Parts", "Manage Parts");
    const questions: string[] = [];
    admin.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await row(admin, BATTERY)
      .getByRole("button", { name: `Retire ${BATTERY}` })
      .click();
    await expectToast(admin, "success", `${BATTERY} is retired`);
    expect(questions).toEqual([
      `Retire ${BATTERY}? It leaves the shop (no new orders) but stays on the orders that have it.`,
    ]);
    await expectText(row(admin, BATTERY).locator('td[data-label="Status"]'), "Retired");
    await visible(row(admin, BATTERY).getByRole("button", { name: `Put ${BATTERY} back on sale` }));

    await shopper.goto("/");
    await expectCount(shopper.locator("#parts").getByRole("article"), 6);
    expect(await partCard(shopper, BATTERY).count()).toBe(0);
    await shopper.goto("/dashboard/my_orders");
    await visible(row(shopper, BATTERY));
    await shopper.goto(batteryUrl);
    await visible(shopper.getByRole("heading", { name: "No longer sold" }));
    expect(await shopper.getByRole("button", { name: "Reserve", exact: true }).count()).toBe(0);
    await journey.shot(shopper, "retired-part-page");
  });

  it("Manage All Orders: filters by state, searches, keeps Delete order and Confirm Order, and exports CSV", async () => {
    await openAdminPage(admin, "Manage All Orders", "Manage All Orders");
    const rows = admin.locator("tbody tr");
    await expectCount(rows, 4);
    // Newest first: the battery, DDR5, DDR4, then the paid SSD.
    await expectText(rows.first().locator('td[data-label="Part"]'), BATTERY);
    await expectText(rows.last().locator('td[data-label="Part"]'), SSD);
    await visible(rows.first().locator('td[data-label="Dates"]').getByText("Placed"));
    await visible(row(admin, SSD).locator('td[data-label="Dates"]').getByText("Paid"));

    await admin.getByLabel("Show", { exact: true }).selectOption("unpaid");
    await expectCount(rows, 3);
    await expectPath(admin, "/dashboard/manage_all_orders");
    expect(new URL(admin.url()).search).toBe("?status=unpaid");
    expect(await admin.getByRole("button", { name: "Confirm Order" }).count()).toBe(0);
    await admin.getByLabel("Show", { exact: true }).selectOption("paid");
    await expectCount(rows, 1);
    await expectText(rows.first().locator('td[data-label="Part"]'), SSD);
    await expectText(rows.first().locator('td[data-label="Status"]'), "Paid Fulfilment: To ship");
    await journey.shot(admin, "orders-paid");

    await admin.getByLabel("Show", { exact: true }).selectOption("");
    await admin.getByLabel("Search orders").fill("ddr");
    await admin.getByRole("search", { name: "Orders" }).getByRole("button", { name: "Search", exact: true }).click();
    await expectCount(rows, 2);
    expect((await rows.locator('td[data-label="Part"]').allInnerTexts()).map((text) => text.trim())).toEqual([
      DDR5,
      DDR4,
    ]);
    await admin.getByLabel("Search orders").fill(CUSTOMER.email);
    await admin.getByRole("search", { name: "Orders" }).getByRole("button", { name: "Search", exact: true }).click();
    await expectCount(rows, 4);
    await admin.getByLabel("Search orders").fill("nobody@example.com");
    await admin.getByRole("search", { name: "Orders" }).getByRole("button", { name: "Search", exact: true }).click();
    await visible(admin.getByText("No order matches these filters."));
    await admin.getByRole("button", { name: "Clear filters" }).click();
    await expectCount(rows, 4);

    // The export: the paid orders, as the list shows them.
    await admin.getByLabel("Show", { exact: true }).selectOption("paid");
    await expectCount(rows, 1);
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^partshop-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(csv[0]).toBe(
      "order_id,placed_at,status,paid_at,cancelled_at,customer_email,customer_name,part_id,part_name,quantity,unit_price,total,transaction_id,address,phone,order_number",
    );
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(`,paid,`);
    expect(csv[1]).toContain(`,${CUSTOMER.email},${CUSTOMER.name},`);
    expect(csv[1]).toContain(`,"${SSD}",5,69.99,349.95,pi_`);

    // Delete order still asks first, and the history records it.
    await admin.getByLabel("Show", { exact: true }).selectOption("unpaid");
    admin.once("dialog", (dialog) => void dialog.accept());
    await row(admin, DDR4).getByRole("button", { name: "Delete order" }).click();
    await expectToast(admin, "success", `Order for ${DDR4} deleted`);
    await hidden(row(admin, DDR4));
    await openAdminPage(admin, "History", "History");
    await admin.getByLabel("Show changes to").selectOption("ORDER");
    const entry = admin.locator("tbody tr").first();
    await expectText(entry.locator('td[data-label="What"]'), `Deleted order ${DDR4} for ${CUSTOMER.email}`);
    await expectText(entry.locator('td[data-label="Who"]'), ADMIN.email);
    await visible(entry.getByText("unpaid → cancelled", { exact: false }));
    await journey.shot(admin, "history-orders");
  });

  it("the overview: figures and charts from the orders, and a low-stock part restocked from it", async () => {
    // The panel becomes low on stock: its threshold above its stock.
    await editPart(admin, PANEL);
    await admin.getByLabel("Low-stock threshold").fill("400");
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expectToast(admin, "success", `Changes saved: ${PANEL}`);

    await openAdminPage(admin, "Overview", "Overview");
    const tile = (label: string) =>
      admin
        .locator(".stat-tile")
        .filter({ has: admin.getByText(label, { exact: true }) })
        .locator(".stat-tile__value");
    await expectText(tile("Revenue, last 30 days"), "$349.95");
    await expectText(tile("Paid orders, last 30 days"), "1");
    // Unpaid: DDR5 and the battery (DDR4 was deleted).
    await expectText(tile("Open unpaid orders"), "2");
    await expectText(tile("Customers"), "1");

    for (const chart of ["revenue-chart", "orders-chart"]) {
      const plot = admin.getByTestId(chart);
      await visible(plot.locator("svg.recharts-surface"));
      // One bar per day with sales: today's.
      await expectCount(plot.locator(".recharts-bar-rectangle path"), 1);
    }
    await admin.getByText("Revenue per day: the figures").click();
    const figures = admin.getByRole("table", { name: "Revenue per day" });
    await expectCount(figures.locator("tbody tr"), 30);
    await expectText(figures.locator("tbody tr").last().locator('td[data-label="Revenue"]'), "$349.95");
    await expectText(figures.locator("tbody tr").first().locator('td[data-label="Revenue"]'), "$0.00");

    const top = admin.getByRole("table", { name: "Top parts by units sold" });
    await expectText(top.locator("tbody tr").first().locator('td[data-label="Part"]'), SSD);
    await expectText(top.locator("tbody tr").first().locator('td[data-label="Units sold"]'), "5");
    await journey.shot(admin, "overview");

    const low = admin.getByRole("table", { name: "Parts low on stock" });
    await visible(row(admin, PANEL));
    await low.getByLabel(`Units to add to ${PANEL}`).fill("100");
    await row(admin, PANEL).getByRole("button", { name: "Restock" }).click();
    await expectToast(admin, "success", `Restocked ${PANEL}: +100, now 450`);
    await hidden(row(admin, PANEL));
    await journey.shot(admin, "overview-restocked");

    await shopper.goto("/");
    await expectText(fact(partCard(shopper, PANEL), "Available"), "450");
    expect(await readNumber(fact(partCard(shopper, PANEL), "Available"))).toBe(450);
  });

  it("the overview on a phone: tiles, charts and tables fit", async () => {
    await admin.setViewportSize({ width: 360, height: 800 });
    try {
      await admin.goto("/dashboard/overview");
      await visible(admin.getByTestId("revenue-chart").locator("svg.recharts-surface"));
      const widths = await admin.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.window);
      await journey.shot(admin, "overview-phone");
    } finally {
      await admin.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
