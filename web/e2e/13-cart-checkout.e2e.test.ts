import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  ADMIN,
  CARDS,
  CUSTOMER,
  expectCount,
  expectPath,
  expectText,
  expectToast,
  expectValue,
  fact,
  noToasts,
  partCard,
  row,
  signIn,
  submitCard,
  submitLogin,
  useNewAddress,
  NEW_YORK,
  visible,
} from "./support/ui";

const journey = useJourney("13-cart-checkout");

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4"; // $69.99, minimum order 5 (on the home page)
const HINGES = 'Hinge Set, Left and Right, for 15.6" Laptops'; // $9.99, minimum order 25
const WEBCAM = "720p HD Webcam Module with Dual Microphones"; // $8.99, minimum order 20
const KEYBOARD = 'Backlit US Keyboard for 14" Laptops'; // $28.99, 1,200 in stock, minimum order 10
const PANEL = '15.6" FHD IPS Panel 1920x1080, 30-pin eDP'; // $89.00, 350 in stock, minimum order 5

// To NEW_YORK, a line's tax is rounded half up on its own: $419.94, $249.75 and $179.80 at 8.875%
// are $37.27, $22.17 and $15.96; Express's $19.00 is taxed too ($1.69): $77.09 in all.

function cartLink(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByTestId("cart-link");
}

async function expectCartCount(page: Page, count: number): Promise<void> {
  await expectText(page.getByTestId("cart-count"), String(count));
  expect(await cartLink(page).getAttribute("aria-label")).toBe(`Cart, ${count} items`);
}

/** A line of the cart page's table, by its part's name. */
function cartLine(page: Page, partName: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: partName, exact: true }) });
}

/** The part's database id, from its Reserve link on the home page. */
async function partIdFromHome(page: Page, partName: string): Promise<string> {
  await page.goto("/");
  const href = await partCard(page, partName).getByRole("link", { name: "Reserve" }).getAttribute("href");
  return href!.split("/").pop()!;
}

/** An admin sets a part's stock (the edit a stock-taking would make), through the shop's GraphQL API. */
async function setStock(admin: Page, partId: string, from: number, to: number): Promise<void> {
  const answer = await admin.evaluate(
    async ({ partId, from, to }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem("accessToken")}` },
        body: JSON.stringify({
          query: "mutation ($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { available } }",
          variables: { id: partId, input: { available: to, expectedAvailable: from } },
        }),
      });
      return response.json();
    },
    { partId, from, to },
  );
  expect(answer).toEqual({ data: { updatePart: { available: to } } });
}

describe("the cart and its checkout", () => {
  it("a visitor fills a cart with three parts, signs in keeping it, ships them by express to New York (taxed) and is charged that total once", async () => {
    const page = await journey.newPage();
    await page.goto("/");
    await expectCartCount(page, 0);

    // From the home page's grid: the part's minimum order goes in.
    await partCard(page, SSD)
      .getByRole("button", { name: `Add to cart: ${SSD}` })
      .click();
    await expectToast(page, "success", `${SSD} is in your cart.`);
    await expectCartCount(page, 5);

    // From the catalogue's search results.
    await page.goto("/parts?q=hinge");
    await partCard(page, HINGES)
      .getByRole("button", { name: `Add to cart: ${HINGES}` })
      .click();
    await expectCartCount(page, 30);

    // From the part's own page.
    await page.goto("/parts?q=webcam");
    await partCard(page, WEBCAM).getByRole("link", { name: "View and reserve" }).click();
    await visible(page.getByRole("heading", { level: 1, name: WEBCAM }));
    await page.getByRole("button", { name: `Add to cart: ${WEBCAM}` }).click();
    await expectCartCount(page, 50);
    await journey.shot(page, "three-parts-added");

    // The cart page: the lines, their quantities within bounds, the total in dollars.
    await noToasts(page);
    await cartLink(page).click();
    await expectPath(page, "/cart");
    await visible(page.getByRole("heading", { level: 1, name: "Your cart" }));
    await expectCount(page.locator("tbody tr"), 3);
    await expectValue(page.getByRole("spinbutton", { name: `Quantity of ${SSD}` }), "5");
    const decrease = page.getByRole("button", { name: `Decrease quantity of ${SSD}` });
    expect(await decrease.isDisabled()).toBe(true);
    await page.getByRole("button", { name: `Increase quantity of ${SSD}` }).click();
    await expectValue(page.getByRole("spinbutton", { name: `Quantity of ${SSD}` }), "6");
    await expectText(cartLine(page, SSD).locator('td[data-label="Total"]'), "$419.94");
    // 6 × $69.99 + 25 × $9.99 + 20 × $8.99
    await expectText(page.getByTestId("cart-subtotal"), "$849.49");
    await visible(page.getByText("Shipping and tax are worked out at checkout."));
    await expectCartCount(page, 51);
    await journey.shot(page, "cart-page");

    // Checking out signs the visitor in first, and comes back with the cart kept.
    await page.getByRole("button", { name: "Check out" }).click();
    await expectPath(page, "/login");
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expectPath(page, "/checkout");
    await visible(page.getByRole("heading", { level: 1, name: "Checkout" }));
    const lines = page.locator(".checkout-line");
    await expectCount(lines, 3);
    await expectText(lines.nth(0), "6 × " + SSD + " $419.94");
    await expectText(lines.nth(1), "25 × " + HINGES + " $249.75");
    await expectText(lines.nth(2), "20 × " + WEBCAM + " $179.80");
    await expectText(page.getByTestId("checkout-subtotal"), "$849.49");
    expect(await page.evaluate(() => localStorage.getItem("partshop.cart"))).toBeNull();
    await expectCartCount(page, 51);

    // No saved address: a new one in New York, whose 8.875% sales tax is added at checkout.
    await useNewAddress(page, NEW_YORK);
    await page.getByRole("radio", { name: /^Express/ }).check();
    await expectText(page.getByTestId("checkout-shipping"), "$19.00");
    await expectText(page.getByTestId("checkout-tax"), "$77.09");
    await expectText(page.getByTestId("checkout-total"), "$945.58");
    await journey.shot(page, "checkout");

    // Every card confirmation the browser sees: the amount charged and its outcome.
    const charges: Array<Promise<{ amount: number; status: string }>> = [];
    page.on("response", (response) => {
      if (/\/v1\/payment_intents\/pi_\w+\/confirm$/.test(new URL(response.url()).pathname))
        charges.push(response.json());
    });

    // One button places every line; one card payment pays for them all.
    await page.getByRole("button", { name: "Place order ($945.58)" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/[^/]+$/);
    await visible(page.getByRole("heading", { level: 1, name: "Pay for your order" }));
    await expectText(page.getByTestId("checkout-amount-due"), "$945.58");
    await expectCartCount(page, 0);
    await journey.shot(page, "payment");
    await submitCard(page, CARDS.success);

    await visible(page.getByRole("heading", { level: 1, name: "Thank you! Your order is confirmed." }));
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/[^/]+\/confirmation$/);
    await visible(page.getByText("We received your payment of $945.58", { exact: false }));
    // The card was charged once, exactly the total the checkout showed.
    expect(await Promise.all(charges)).toEqual([expect.objectContaining({ amount: 94558, status: "succeeded" })]);
    const numbers = await page.locator(".checkout-line a.checkout-line__number").allInnerTexts();
    expect(numbers).toHaveLength(3);
    for (const number of numbers) expect(number).toMatch(/^#\d+$/);
    await visible(page.getByRole("heading", { name: "What happens next" }));
    await journey.shot(page, "confirmation");

    // My Orders: the three orders, paid (Shipped), each with its number.
    await page.getByRole("link", { name: "Go to my orders" }).click();
    await expectPath(page, "/dashboard/my_orders");
    await expectCount(page.locator("tbody tr"), 3);
    for (const part of [SSD, HINGES, WEBCAM]) {
      await expectText(row(page, part).locator('td[data-label="Status"] > .badge'), "Shipped");
    }
    const shown = await page.locator('td[data-label="Order"] a').allInnerTexts();
    expect([...shown].sort()).toEqual([...numbers].sort());
    await journey.shot(page, "my-orders-paid");

    // An order's page: its number, line, status and timeline.
    await row(page, SSD).locator('td[data-label="Order"] a').click();
    await visible(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ }));
    await expectText(fact(page.locator("main"), "Quantity"), "6");
    await expectText(page.getByTestId("order-status"), "Shipped");
    const timeline = page.getByRole("list", { name: "Order history" }).getByRole("listitem");
    await expectCount(timeline, 2);
    await expectText(timeline.nth(0).locator("time"), /\d/);
    await visible(page.getByRole("heading", { name: "Bought together" }));
    // What the whole order came to, as it was frozen when it was placed.
    const summary = page.locator("section.sale-summary");
    await expectText(fact(summary, "Subtotal"), "$849.49");
    await expectText(fact(summary, "Total"), "$945.58");
    await visible(summary.getByText("Express, 1–2 working days", { exact: false }));
    await visible(summary.getByText("(New York)", { exact: true }));
    await visible(summary.getByText("New York NY 10118", { exact: true }));
    await journey.shot(page, "order-detail");
  });

  it("refuses the checkout naming a line sold out meanwhile, and reserves none of its lines", async () => {
    const admin = await journey.newPage();
    await signIn(admin, ADMIN);
    const panelId = await partIdFromHome(admin, PANEL);

    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await page.goto("/");
    await expectText(fact(partCard(page, KEYBOARD), "Available"), "1200");
    await partCard(page, KEYBOARD)
      .getByRole("button", { name: `Add to cart: ${KEYBOARD}` })
      .click();
    await expectCartCount(page, 10);
    await partCard(page, PANEL)
      .getByRole("button", { name: `Add to cart: ${PANEL}` })
      .click();
    await expectCartCount(page, 15);

    await cartLink(page).click();
    await page.getByRole("button", { name: "Check out" }).click();
    await expectPath(page, "/checkout");
    await expectCount(page.locator(".checkout-line"), 2);
    await useNewAddress(page);
    await visible(page.getByRole("button", { name: /^Place order \(/ }));

    // Meanwhile the panels sell out: fewer are left than the minimum order.
    await setStock(admin, panelId, 350, 3);

    journey.allowConsoleErrors(page, /status of 400|BAD_USER_INPUT/);
    await page.getByRole("button", { name: /^Place order/ }).click();
    const refusal = page.getByTestId("checkout-error");
    await visible(refusal);
    expect(await refusal.innerText()).toContain(PANEL);
    await expectPath(page, "/checkout");
    await journey.shot(page, "refused-sold-out");

    // Nothing was reserved: no order, the keyboards' stock unchanged, both lines still in the cart.
    await page.goto("/dashboard/my_orders");
    await visible(page.getByRole("heading", { level: 1, name: "My Orders" }));
    await visible(page.locator("main table, main .state--empty").first());
    for (const part of [KEYBOARD, PANEL]) expect(await row(page, part).count()).toBe(0);
    await page.goto("/");
    await expectText(fact(partCard(page, KEYBOARD), "Available"), "1200");
    await cartLink(page).click();
    await expectCount(page.locator("tbody tr"), 2);
    // The cart says why the panels cannot be checked out.
    const warning = cartLine(page, PANEL).locator(".cart-line__warning");
    await visible(warning);
    expect(await warning.innerText()).toContain(PANEL);
    expect(await page.getByRole("button", { name: "Check out" }).isDisabled()).toBe(true);
    await journey.shot(page, "cart-warning");
  });
});
