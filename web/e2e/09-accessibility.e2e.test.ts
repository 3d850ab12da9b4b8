import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, runAxe, type AxeViolation } from "./support/axe";
import { useJourney } from "./support/journey";
import { RESULTS_DIR } from "./support/paths";
import {
  ADMIN,
  CUSTOMER,
  chooseDelivery,
  expectCount,
  openPart,
  partCard,
  reservePart,
  row,
  signIn,
  visible,
} from "./support/ui";

const journey = useJourney("09-accessibility");

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";
const BATTERY = "Li-ion Battery 11.55V 57Wh, 3-cell";

/** Every page checked, with what it must show before axe looks at it (no spinners or skeletons). */
const report: Record<string, AxeViolation[]> = {};

async function check(page: Page, name: string) {
  await page
    .locator('[role="status"]:has(.spinner__circle), .skeleton')
    .first()
    .waitFor({ state: "detached", timeout: 15_000 });
  const violations = await runAxe(page);
  report[name] = violations;
  await journey.shot(page, name);
  const blocking = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(blocking, `${name}: serious or critical accessibility violations:\n${describeViolations(blocking)}`).toEqual(
    [],
  );
}

describe("accessibility (axe-core): no serious or critical violations", () => {
  let customer: Page;
  let admin: Page;
  let visitor: Page;

  beforeAll(async () => {
    visitor = await journey.newPage({ shared: true });
    customer = await journey.newPage({ shared: true });
    await signIn(customer, CUSTOMER);
    await reservePart(customer, SSD);
    admin = await journey.newPage({ shared: true });
    await signIn(admin, ADMIN);
  }, 90_000);

  afterAll(() => {
    fs.mkdirSync(path.join(RESULTS_DIR, "09-accessibility"), { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, "09-accessibility", "axe-report.json"), JSON.stringify(report, null, 2));
  });

  it("the check itself catches a violation (an image without alt text on the page)", async () => {
    const page = await journey.newPage();
    await page.goto("/blogs");
    await visible(page.getByRole("heading", { level: 1, name: "How Partshop is built" }));
    await page.evaluate(() => {
      const img = document.createElement("img");
      img.src = "/favicon.svg";
      document.querySelector("main")!.append(img);
    });
    const violations = await runAxe(page);
    expect(violations.map(({ id, impact }) => ({ id, impact }))).toContainEqual({
      id: "image-alt",
      impact: "critical",
    });
  });

  it("home", async () => {
    await visitor.goto("/");
    await expectCount(visitor.locator("#parts").getByRole("article"), 6);
    await expectCount(visitor.locator("#reviews .review-card"), 6);
    await check(visitor, "home");
  });

  it("login", async () => {
    await visitor.goto("/login");
    await visible(visitor.getByRole("button", { name: "Continue with Google" }));
    await check(visitor, "login");
  });

  it("register, with its validation messages showing", async () => {
    await visitor.goto("/register");
    await visitor.getByRole("button", { name: "Register", exact: true }).click();
    await visible(visitor.getByText("Name is Required", { exact: true }));
    await check(visitor, "register");
  });

  it("blogs", async () => {
    await visitor.goto("/blogs");
    await visible(visitor.getByRole("heading", { level: 1, name: "How Partshop is built" }));
    await check(visitor, "blogs");
  });

  it("portfolio", async () => {
    await visitor.goto("/portfolio");
    await visible(visitor.getByRole("heading", { level: 1, name: "Partshop web team" }));
    await check(visitor, "portfolio");
  });

  it("not found", async () => {
    // The 404 page answers a real 404: Chromium logs the document's status.
    journey.allowConsoleErrors(visitor, /status of 404 .*\/nowhere\)$/);
    expect((await visitor.goto("/nowhere"))?.status()).toBe(404);
    await visible(visitor.getByRole("heading", { level: 1, name: "There's nothing here: 404!" }));
    await check(visitor, "not-found");
  });

  it("the catalogue: a search with filters and its results", async () => {
    await visitor.goto("/parts?q=battery&inStock=1&brand=Lenovo&sort=price_asc");
    await visible(visitor.locator(".catalogue__grid article").first());
    await check(visitor, "catalogue");
  });

  it("the catalogue when nothing matches", async () => {
    await visitor.goto("/parts?q=flux+capacitor&maxPrice=1");
    await visible(visitor.getByRole("button", { name: "Clear all filters" }));
    await check(visitor, "catalogue-nothing-found");
  });

  it("the catalogue on a phone (360 px), its filters open", async () => {
    const page = await journey.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto("/parts?q=keyboard");
    await visible(page.locator(".catalogue__grid article").first());
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    await visible(page.getByLabel("In stock only"));
    await check(page, "catalogue-mobile-filters-open");
  });

  it("a part's reservation page", async () => {
    await openPart(customer, SSD);
    await check(customer, "part");
  });

  it("a part page with the cart's notice: the plain script's, then notistack's once React has the page", async () => {
    const page = await journey.newPage();
    await page.goto("/parts?q=battery");
    await partCard(page, BATTERY).getByRole("link", { name: "View and reserve" }).click();
    await visible(page.getByRole("heading", { level: 1, name: BATTERY }));
    await page.getByRole("button", { name: `Add to cart: ${BATTERY}` }).click();
    await visible(page.locator(".plain-notice").getByText(`${BATTERY} is in your cart.`));
    await check(page, "part-cart-notice-plain");
    // Starting the page's island hands the notice still showing to notistack (cartNotice.ts).
    await page.locator(".part-page a").first().focus();
    await visible(page.locator(".notistack-MuiContent:not(.plain-notice)").getByText(`${BATTERY} is in your cart.`));
    await check(page, "part-cart-notice-notistack");
  });

  it("dashboard profile", async () => {
    await customer.goto("/dashboard");
    await visible(customer.getByRole("heading", { level: 1, name: "My Profile" }));
    await visible(customer.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }));
    await check(customer, "dashboard-profile");
  });

  it("my orders", async () => {
    await customer.goto("/dashboard/my_orders");
    await visible(row(customer, SSD));
    await check(customer, "my-orders");
  });

  it("payment", async () => {
    await row(customer, SSD)
      .getByRole("link", { name: `Pay for ${SSD}` })
      .click();
    await chooseDelivery(customer);
    await check(customer, "payment");
  });

  it("add a review", async () => {
    await customer.goto("/dashboard/add_review");
    await visible(customer.getByRole("heading", { level: 1, name: "Add a review" }));
    await check(customer, "add-review");
  });

  for (const [route, heading] of [
    ["all_users", "All Users"],
    ["manage_all_orders", "Manage All Orders"],
    ["add_product", "Add Product"],
    ["manage_product", "Manage Products"],
  ]) {
    it(`admin: ${heading}`, async () => {
      await admin.goto(`/dashboard/${route}`);
      await visible(admin.getByRole("heading", { level: 1, name: heading }));
      if (route !== "add_product") await visible(admin.locator("tbody tr").first());
      await check(admin, `admin-${route}`);
    });
  }

  it("admin: Overview, with its charts and the figures' table open", async () => {
    await admin.goto("/dashboard/overview");
    await visible(admin.getByRole("heading", { level: 1, name: "Overview" }));
    await visible(admin.getByTestId("revenue-chart").locator("svg.recharts-surface"));
    await admin.getByText("Revenue per day: the figures").click();
    await visible(admin.getByRole("table", { name: "Revenue per day" }));
    await check(admin, "admin-overview");
  });

  it("admin: Manage Parts", async () => {
    await admin.goto("/dashboard/manage_parts");
    await visible(admin.getByRole("heading", { level: 1, name: "Manage Parts" }));
    await visible(admin.locator("tbody tr").first());
    await check(admin, "admin-manage-parts");
  });

  it("admin: Add a part, with its validation messages showing", async () => {
    await admin.goto("/dashboard/manage_parts/new");
    await visible(admin.getByRole("heading", { level: 1, name: "Add a part" }));
    await admin.getByRole("button", { name: "Add part" }).click();
    await visible(admin.getByText("Name is required", { exact: true }));
    await check(admin, "admin-add-part");
  });

  it("admin: Edit part, with its restock form and recent changes", async () => {
    await admin.goto("/dashboard/manage_parts");
    await row(admin, SSD)
      .getByRole("link", { name: `Edit ${SSD}` })
      .click();
    await visible(admin.getByRole("heading", { level: 1, name: "Edit part" }));
    await visible(admin.getByRole("heading", { name: "Recent changes" }));
    await check(admin, "admin-edit-part");
  });

  it("admin: History", async () => {
    // Something to show: a restock.
    await admin.goto("/dashboard/manage_parts");
    await row(admin, SSD)
      .getByRole("link", { name: `Edit ${SSD}` })
      .click();
    await admin.getByLabel("Units to add").fill("5");
    await admin.getByRole("button", { name: "Restock", exact: true }).click();
    await visible(admin.getByRole("region", { name: "Recent changes" }).getByText("Restocked part"));
    await admin.goto("/dashboard/history");
    await visible(admin.getByRole("heading", { level: 1, name: "History" }));
    await visible(admin.locator("tbody tr").first());
    await check(admin, "admin-history");
  });

  it("admin: Manage All Orders with a filter", async () => {
    await admin.goto("/dashboard/manage_all_orders?status=unpaid");
    await visible(admin.getByRole("heading", { level: 1, name: "Manage All Orders" }));
    await visible(admin.locator("tbody tr").first());
    await check(admin, "admin-orders-filtered");
  });

  it("the mobile layout of the home page (360 px)", async () => {
    const page = await journey.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto("/");
    await expectCount(page.locator("#parts").getByRole("article"), 6);
    await page.getByRole("button", { name: "Open menu" }).click();
    await check(page, "home-mobile-menu-open");
  });

  it("the dashboard on a phone (360 px): orders as cards, the dashboard menu open", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER); // on a laptop: signIn looks for Sign out in the unfolded navigation bar
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/dashboard/my_orders");
    // A card's cells are named with their label too ("Part 1TB..."), so find the order by its text.
    await visible(page.locator("tbody tr").filter({ hasText: SSD }));
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await menu.getByRole("button", { name: "Dashboard menu: My Orders" }).click();
    await visible(menu.getByRole("link", { name: "Add a review" }));
    await check(page, "dashboard-mobile-menu-open");
  });
});
