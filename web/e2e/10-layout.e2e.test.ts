import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths, type Access, type PagePath } from "../src/routeTable";
import { breakpointsOf, layoutWidths } from "./support/breakpoints";
import {
  measureLayout,
  waitForRelayout,
  waitForSettledPage,
  withEachFoldedMenuOpen,
  type LayoutReport,
} from "./support/layout";
import { useJourney } from "./support/journey";
import { LAYOUT_RESULTS_DIR } from "./support/paths";
import {
  ADMIN,
  CUSTOMER,
  eventually,
  expectSignedInAs,
  expectText,
  partCard,
  payOrder,
  reservePart,
  row,
  signIn,
  useNewAddress,
  visible,
} from "./support/ui";

const journey = useJourney("10-layout");

/**
 * A small phone, every breakpoint the web app's CSS declares (read from web/src: each layout at
 * the narrowest width it gets) and a desktop, in increasing order.
 */
const WIDTHS = layoutWidths();
const HEIGHT = 900;

type Role = "visitor" | "customer" | "admin";
/** Public pages as everyone; signed-in pages as a customer; admin pages as an admin. */
const ROLES_FOR: Record<Access, Role[]> = {
  public: ["visitor", "customer", "admin"],
  signedIn: ["customer"],
  admin: ["admin"],
};

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";
const PANEL = '15.6" FHD IPS Panel 1920x1080, 30-pin eDP'; // the longest name on the home page's first page
const KEYBOARD = 'Backlit US Keyboard for 14" Laptops';
const DDR5 = "32GB DDR5-5600 SO-DIMM Memory Module";
/** Long words are what push table columns apart. */
const LONG_NAMED = {
  name: "Maximilian Featherstonehaugh-Wolfeschlegelstein",
  email: "maximilian.featherstonehaugh@partshopcustomers.example",
  password: "long-named",
};

/** Real values for the route parameters, read from the seeded shop in beforeAll. */
const params: Record<string, string> = {};

/** A path the browser can open: parameters filled in, and a made-up path for the catch-all route. */
function concretePath(route: PagePath): string {
  if (route.path === "*") return "/no-such-page/anywhere";
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`No seeded value for :${name} in ${route.path}: give it one in this file's beforeAll`);
    return encodeURIComponent(value);
  });
}

/** test-results/layout/<role>/<width>/<route>.png: "/" is home, "*" is not-found. */
function screenshotName(route: PagePath): string {
  if (route.path === "/") return "home";
  if (route.path === "*") return "not-found";
  return route.path.slice(1).replace(/[/:]+/g, "-");
}

/** <route>--<menu>.png for a page with one of its folded menus open ("Dashboard menu: My Orders" is dashboard-menu). */
function openMenuScreenshotName(route: PagePath, menu: string): string {
  return `${screenshotName(route)}--${menu.split(":")[0].toLowerCase().replace(/\W+/g, "-")}`;
}

/** Every page's screenshot when asked for (a look at the whole shop); otherwise only those of pages with a problem. */
const SCREENSHOT_EVERY_PAGE = process.env.PARTSHOP_LAYOUT_SCREENSHOTS === "1";

async function saveScreenshot(
  page: Page,
  role: Role,
  width: number,
  name: string,
  report: LayoutReport,
): Promise<void> {
  if (!SCREENSHOT_EVERY_PAGE && report.problems.length === 0) return;
  const file = path.join(LAYOUT_RESULTS_DIR, role, String(width), `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
}

/** Every width of one route, while the other roles' pages load beside it on this machine's cores. */
const ROUTE_TIMEOUT = 180_000;

const results: ({ role: Role; width: number; route: string; landedOn: string } & LayoutReport)[] = [];
const pages: Partial<Record<Role, Page>> = {};

/** Registers a customer with a long name and email, who orders a part with a long name. */
async function addLongNamedCustomer(): Promise<void> {
  const page = await journey.newPage();
  await page.goto("/register");
  await page.getByLabel("Name", { exact: true }).fill(LONG_NAMED.name);
  await page.getByLabel("Email", { exact: true }).fill(LONG_NAMED.email);
  await page.getByLabel("Password", { exact: true }).fill(LONG_NAMED.password);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expectSignedInAs(page, LONG_NAMED.name);
  await reservePart(page, KEYBOARD);
  await page.context().close();
}

/** Adds a part to the signed-in customer's cart from the home page, and waits for the cart icon to count it. */
async function addToCart(page: Page, partName: string, expectedCount: number): Promise<void> {
  await page.goto("/");
  await partCard(page, partName)
    .getByRole("button", { name: `Add to cart: ${partName}` })
    .click();
  await expectText(page.getByTestId("cart-count"), String(expectedCount));
}

/** Places a checkout of one part and leaves it unpaid (its payment page); returns its id. */
async function placeUnpaidCheckout(page: Page, partName: string): Promise<string> {
  await addToCart(page, partName, 5);
  await page.goto("/checkout");
  await useNewAddress(page);
  const place = page.getByRole("button", { name: /^Place order \(/ });
  await visible(place);
  await place.click();
  await visible(page.getByRole("heading", { level: 1, name: "Pay for your order" }));
  let checkoutId = "";
  await eventually(
    () => new URL(page.url()).pathname,
    (pathname) => {
      expect(pathname).toMatch(/^\/checkout\/[^/]+$/);
      checkoutId = pathname.split("/").pop()!;
    },
  );
  return checkoutId;
}

/** A review of the part by the long-named customer, in long words, as the part's page lists it. */
async function addLongReview(page: Page, partId: string): Promise<void> {
  const status = await page.evaluate(
    async ({ partId, name }) => {
      const answer = await fetch("/review", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          authorization: `Bearer ${localStorage.getItem("accessToken")}`,
        },
        body: JSON.stringify({
          name,
          ratings: 4,
          description:
            "Fits the ThinkPad exactly; the colours are Incomprehensibilities-level accurate and the 30-pin eDP connector clicked in first time.",
          img: `${location.origin}/favicon.svg`,
          partId,
        }),
      });
      return answer.status;
    },
    { partId, name: LONG_NAMED.name },
  );
  expect(status).toBe(201);
}

/** An address in the customer's book with long words, as the Addresses page lists it. */
async function addLongAddress(page: Page): Promise<void> {
  const errors = await page.evaluate(async (name) => {
    const answer = await fetch("/graphql", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${localStorage.getItem("accessToken")}`,
      },
      body: JSON.stringify({
        query: "mutation($input: AddressInput!) { addAddress(input: $input) { address { id } } }",
        variables: {
          input: {
            name,
            company: "Featherstonehaugh Notebook Refurbishment Gesellschaft",
            line1: "Rechtsschutzversicherungsgesellschaftenstraße 1234",
            line2: "Hinterhaus, Dachgeschoss links",
            city: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch",
            postalCode: "LL61 5UJ",
            country: "GB",
            phone: "+441248714795",
          },
        },
      }),
    });
    return (await answer.json()).errors ?? null;
  }, LONG_NAMED.name);
  expect(errors).toBeNull();
}

// Every kind of row the tables show: a paid order (Shipped, Confirm Order) and unpaid ones
// (Pay, Cancel, Delete order), long part names, a long customer name and email.
beforeAll(async () => {
  fs.rmSync(LAYOUT_RESULTS_DIR, { recursive: true, force: true });
  pages.visitor = await journey.newPage({ shared: true });
  await addLongNamedCustomer();
  const customer = await journey.newPage({ shared: true });
  await signIn(customer, CUSTOMER);
  await customer.goto("/");
  const reserveHref = await partCard(customer, SSD).getByRole("link", { name: "Reserve" }).getAttribute("href");
  params.partsId = reserveHref!.split("/").pop()!;
  // The public pages: the part with the longest name, with a long review; the first new arrival.
  const panelHref = await partCard(customer, PANEL)
    .getByRole("link", { name: PANEL, exact: true })
    .getAttribute("href");
  params.partSlug = panelHref!.split("/").pop()!;
  const productHref = await customer.locator("#new-arrivals").getByRole("link").first().getAttribute("href");
  params.productSlug = productHref!.split("/").pop()!;
  await addLongReview(customer, params.partSlug.slice(-36));
  await reservePart(customer, PANEL);
  await payOrder(customer, PANEL);
  await reservePart(customer, SSD);
  await customer.goto("/dashboard/my_orders");
  const payHref = await (
    await visible(row(customer, SSD).getByRole("link", { name: `Pay for ${SSD}` }))
  ).getAttribute("href");
  params.id = payHref!.split("/").pop()!;
  // A checkout waiting for its payment; then a part in the cart, for the cart and checkout pages.
  params.checkoutId = await placeUnpaidCheckout(customer, DDR5);
  await addToCart(customer, KEYBOARD, 10);
  await addLongAddress(customer);
  pages.customer = customer;
  const admin = await journey.newPage({ shared: true });
  await signIn(admin, ADMIN);
  // A customer's detail: the long-named customer's, as All Users links to it.
  await admin.goto("/dashboard/all_users");
  const customerHref = await (
    await visible(admin.getByRole("link", { name: `Customer detail: ${LONG_NAMED.email}` }))
  ).getAttribute("href");
  params.userId = customerHref!.split("/").pop()!;
  pages.admin = admin;
}, 120_000);

afterAll(() => {
  fs.mkdirSync(LAYOUT_RESULTS_DIR, { recursive: true });
  // The roles ran at once: the report lists them in order all the same.
  const roleOrder: Role[] = ["visitor", "customer", "admin"];
  results.sort((a, b) => roleOrder.indexOf(a.role) - roleOrder.indexOf(b.role));
  fs.writeFileSync(path.join(LAYOUT_RESULTS_DIR, "report.json"), JSON.stringify(results, null, 2));
  const summary = WIDTHS.map((width) => {
    const atWidth = results.filter((result) => result.width === width);
    const widest = atWidth.reduce((max, result) => (result.pageWidth > max.pageWidth ? result : max), atWidth[0]);
    const problems = atWidth.reduce((sum, result) => sum + result.problems.length, 0);
    return widest
      ? `${width} px: widest page ${widest.pageWidth} px (${widest.role} ${widest.route}), ${problems} problem(s)`
      : `${width} px: not measured`;
  });
  console.log(`Layout (${results.length} pages measured):\n  ${summary.join("\n  ")}`);
});

describe("the layout check itself", () => {
  it("reads the breakpoints from the CSS: each width where a layout starts or stops, in px or em", () => {
    const css = `
      .a { color: red }
      @media (min-width: 640px) { .a { color: blue } }
      @media (max-width: 1023.98px) { .b { display: none } }
      @media screen and (width >= 48em) { .c { display: grid } }
      @media (width < 1200px) and (orientation: landscape) { .d { width: 50% } }
      @media (prefers-reduced-motion: reduce) { * { animation: none } }
      /* @media (min-width: 500px) */
    `;
    expect(breakpointsOf(css)).toEqual([640, 1024, 768, 1200]);
    expect(() => breakpointsOf("@media (min-width: 40ch) {}")).toThrow(/cannot read: \(min-width: 40ch\)/);
    expect(() => breakpointsOf("@media (600px <= width <= 900px) {}")).toThrow(/cannot read/);
    expect(WIDTHS[0]).toBe(360);
    expect(WIDTHS.at(-1)).toBe(1920);
    expect(WIDTHS.length).toBeGreaterThan(2);
  });

  it("catches a page wider than the window and a button cut off by its scroll box, and ignores visually hidden text", async () => {
    const page = await journey.newPage({ viewport: { width: 360, height: HEIGHT } });
    await page.goto("/blogs");
    await waitForSettledPage(page, false);
    expect((await measureLayout(page)).problems).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector("main")!;
      const wide = document.createElement("div");
      wide.style.width = "500px";
      wide.textContent = "wider than a phone";
      const box = document.createElement("div");
      box.className = "clipping-box";
      box.style.cssText = "width: 200px; overflow: hidden; white-space: nowrap";
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Cut off";
      button.style.cssText = "margin-left: 150px; width: 120px";
      const hiddenLink = document.createElement("a");
      hiddenLink.href = "/";
      hiddenLink.className = "visually-hidden";
      hiddenLink.textContent = "Hidden link";
      box.append(button, hiddenLink);
      main.prepend(wide, box);
    });
    expect((await measureLayout(page)).problems).toEqual([
      "the page is 500 px wide in a 360 px window",
      'button "Cut off" is cut off by div.clipping-box (overflow hidden)',
    ]);
  });
});

// The three roles at once, each on its own page (their suites run concurrently), and each role's
// routes one after another on that page (its tests are sequential). A route is loaded once, at
// the narrowest width, then the window widens through the others: the layout follows the window
// (the CSS's media queries; no script reads the width), so a page loaded at each width would
// measure the same.
for (const role of ["visitor", "customer", "admin"] as const) {
  describe(`as ${role}`, { concurrent: true }, () => {
    for (const route of pagePaths().filter(({ access }) => ROLES_FOR[access].includes(role))) {
      it.sequential(`${route.path} fits at ${WIDTHS.join(", ")} px`, { timeout: ROUTE_TIMEOUT }, async () => {
        const page = pages[role]!;
        // The 404 page answers a real 404: Chromium logs the document's status.
        if (route.path === "*") journey.allowConsoleErrors(page, /status of 404 .*\/no-such-page\/anywhere\)$/);
        const failures: string[] = [];
        await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
        await page.goto(concretePath(route));
        await waitForSettledPage(page, role !== "visitor");
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) {
            await page.setViewportSize({ width, height: HEIGHT });
            await waitForRelayout(page);
          }
          const report = await measureLayout(page);
          const landedOn = new URL(page.url()).pathname;
          results.push({ role, width, route: route.path, landedOn, ...report });
          await saveScreenshot(page, role, width, screenshotName(route), report);
          failures.push(...report.problems.map((problem) => `${width} px (${landedOn}): ${problem}`));
          await withEachFoldedMenuOpen(page, async (menu) => {
            const unfolded = await measureLayout(page);
            results.push({ role, width, route: `${route.path} (${menu} open)`, landedOn, ...unfolded });
            failures.push(...unfolded.problems.map((problem) => `${width} px (${landedOn}, ${menu} open): ${problem}`));
            await saveScreenshot(page, role, width, openMenuScreenshotName(route, menu), unfolded);
          });
        }
        expect(failures, `${role} at ${route.path}:\n  ${failures.join("\n  ")}`).toEqual([]);
      });
    }
  });
}
