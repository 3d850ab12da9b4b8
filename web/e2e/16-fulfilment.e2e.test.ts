import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { layoutWidths } from "./support/breakpoints";
import { describeViolations, runAxe } from "./support/axe";
import { useJourney } from "./support/journey";
import { measureLayout, waitForRelayout } from "./support/layout";
import { pdfText } from "./support/pdf";
import {
  ADMIN,
  CARDS,
  CUSTOMER,
  eventually,
  expectCount,
  expectPath,
  expectText,
  expectValue,
  fact,
  NEW_YORK,
  partCard,
  row,
  signIn,
  submitCard,
  useNewAddress,
  visible,
} from "./support/ui";

const journey = useJourney("16-fulfilment");

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4"; // minimum order 5
const HINGES = 'Hinge Set, Left and Right, for 15.6" Laptops'; // minimum order 25
const WEBCAM = "720p HD Webcam Module with Dual Microphones"; // minimum order 20
const UPS_TRACKING = "1Z999AA10123456784";
const DHL_TRACKING = "JD014600006281230704";

interface Mail {
  subject: string;
  text?: string;
  html?: string;
  to: Array<{ address: string }>;
}

/** Every email the shop sent to `email`, as its mail catcher holds them. */
async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${journey.shop.inboxUrl}/api/email`);
  expect(response.ok, `maildev answered ${response.status}`).toBe(true);
  const mails = (await response.json()) as Mail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase()));
}

/** The email's text or HTML carries the link (HTML escapes its ampersands). */
const carriesLink = (mail: Mail, url: string) =>
  Boolean(mail.text?.includes(url) || mail.html?.includes(url) || mail.html?.includes(url.replace(/&/g, "&amp;")));

/** Amounts as "$1,234.56" become "1234.56": how a document may print them, with or without the sign and commas. */
const plainAmount = (shown: string) => shown.replace(/[$,\s]/g, "");

/** Every amount with cents a text holds, written plainly ("1,234.56" → "1234.56"). */
const amountsIn = (text: string) => (text.match(/\d{1,3}(?:,\d{3})*\.\d{2}|\d+\.\d{2}/g) ?? []).map(plainAmount);

/** An order of the To-ship queue (or of the pick list), by the number of one of its lines. */
function queuedOrder(page: Page, numbers: readonly string[]): Locator {
  return page
    .locator("li.to-ship__order, li.pick-list__order")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^Order #(${numbers.join("|")})\\b`) }) });
}

/** A parcel on the order page, by its place (1 for the first). */
function parcel(page: Page, place: number): Locator {
  return page
    .getByRole("list", { name: "Shipments" })
    .locator(":scope > li")
    .nth(place - 1);
}

/** The page fits every width the layout journey checks: nothing wider than the window, no control cut off. */
async function expectFitsEveryWidth(page: Page): Promise<void> {
  const problems: string[] = [];
  for (const width of layoutWidths()) {
    await page.setViewportSize({ width, height: 900 });
    await waitForRelayout(page);
    problems.push(...(await measureLayout(page)).problems.map((problem) => `${width} px: ${problem}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(problems, `${new URL(page.url()).pathname}:\n  ${problems.join("\n  ")}`).toEqual([]);
}

/** No serious or critical accessibility violation (axe-core) on the page as it is. */
async function expectAccessible(page: Page): Promise<void> {
  const blocking = (await runAxe(page)).filter(({ impact }) => impact === "serious" || impact === "critical");
  expect(blocking, describeViolations(blocking)).toEqual([]);
}

describe("after the payment: an order packed, shipped in two parcels with tracking, and invoiced", () => {
  let customer: Page;
  let admin: Page;
  /** The checkout's amounts as it showed them ("$849.49"). */
  const checkout: Record<"subtotal" | "shipping" | "tax" | "total", string> = {
    subtotal: "",
    shipping: "",
    tax: "",
    total: "",
  };
  let numbers: string[] = [];

  beforeAll(async () => {
    customer = await journey.newPage({ shared: true });
    admin = await journey.newPage({ shared: true });
    await Promise.all([signIn(customer, CUSTOMER), signIn(admin, ADMIN)]);
  }, 120_000);

  it("a customer checks out three parts to New York and pays", async () => {
    for (const [search, part] of [
      ["ssd", SSD],
      ["hinge", HINGES],
      ["webcam", WEBCAM],
    ]) {
      await customer.goto(`/parts?q=${search}`);
      await partCard(customer, part)
        .getByRole("button", { name: `Add to cart: ${part}` })
        .click();
      await visible(customer.locator(".notistack-MuiContent-success").filter({ hasText: part }));
    }
    await customer.goto("/checkout");
    await expectCount(customer.locator(".checkout-line"), 3);
    await useNewAddress(customer, NEW_YORK);
    await customer.getByRole("radio", { name: /^Express/ }).check();
    await expectText(customer.getByTestId("checkout-shipping"), "$19.00");
    for (const amount of ["subtotal", "shipping", "tax", "total"] as const) {
      checkout[amount] = (await customer.getByTestId(`checkout-${amount}`).innerText()).trim();
      expect(checkout[amount]).toMatch(/^\$[\d,]+\.\d{2}$/);
    }
    await customer.getByRole("button", { name: `Place order (${checkout.total})` }).click();
    await visible(customer.getByRole("heading", { level: 1, name: "Pay for your order" }));
    await submitCard(customer, CARDS.success);
    await visible(customer.getByRole("heading", { level: 1, name: "Thank you! Your order is confirmed." }));
    numbers = (await customer.locator(".checkout-line a.checkout-line__number").allInnerTexts()).map((number) =>
      number.replace(/^#/, ""),
    );
    expect(numbers).toHaveLength(3);
  });

  it("an admin finds it in To ship with what is left of each line, and on the printable pick list", async () => {
    await admin.goto("/dashboard");
    await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "To ship" }).click();
    await expectPath(admin, "/dashboard/to_ship");
    await visible(admin.getByRole("heading", { level: 1, name: "To ship" }));
    const order = queuedOrder(admin, numbers);
    await visible(order);
    await expectText(order.getByTestId("fulfilment-state"), "Fulfilment: To ship");
    await visible(order.getByText(CUSTOMER.email));
    await visible(order.getByText("350 Fifth Avenue"));
    await visible(order.getByText(/^Express/));
    for (const [part, quantity] of [
      [SSD, "5"],
      [HINGES, "25"],
      [WEBCAM, "20"],
    ]) {
      const line = order.getByRole("row").filter({ hasText: part });
      await expectText(line.locator('td[data-label="Ordered"]'), quantity);
      await expectText(line.locator('td[data-label="Shipped"]'), "0");
      await expectText(line.locator('td[data-label="Left"]'), quantity);
    }
    await expectAccessible(admin);
    await journey.shot(admin, "to-ship");

    await admin.getByRole("link", { name: "Pick list" }).click();
    await visible(admin.getByRole("heading", { level: 1, name: "Pick list" }));
    const picks = queuedOrder(admin, numbers);
    await expectCount(picks.locator("tbody tr"), 3);
    await expectText(picks.locator("tbody tr").filter({ hasText: WEBCAM }).locator(".pick-list__number"), "20");
    await visible(picks.getByText("New York NY 10118"));
    await visible(admin.getByRole("button", { name: "Print" }));
    await expectAccessible(admin);
    // On paper: the list alone, without the shop's navigation, the dashboard's menu or the buttons.
    await admin.emulateMedia({ media: "print" });
    try {
      for (const chrome of [
        admin.getByRole("navigation", { name: "Main" }),
        admin.getByRole("navigation", { name: "Dashboard" }),
        admin.getByRole("button", { name: "Print" }),
      ])
        expect(await chrome.isVisible()).toBe(false);
      await visible(picks);
      await journey.shot(admin, "pick-list-printed");
    } finally {
      await admin.emulateMedia({ media: "screen" });
    }
  });

  it("ships the SSDs and hinges by UPS, then the webcams by DHL, and marks both parcels delivered", async () => {
    await admin.goto("/dashboard/to_ship");
    await queuedOrder(admin, numbers)
      .getByRole("link", { name: /^Order #/ })
      .click();
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/dashboard\/orders\/[^/]+$/);
    const form = admin.getByRole("form", { name: "Ship" });
    await visible(form);
    // Each line starts at what is left of it.
    await expectValue(form.getByLabel(`Quantity of ${SSD}`), "5");
    await expectValue(form.getByLabel(`Quantity of ${HINGES}`), "25");
    await expectValue(form.getByLabel(`Quantity of ${WEBCAM}`), "20");
    await expectText(admin.getByTestId("order-fulfilment"), "To ship");
    await expectFitsEveryWidth(admin);
    await expectAccessible(admin);

    // The first parcel: the SSDs and the hinges.
    await form.getByLabel(`Quantity of ${WEBCAM}`).fill("0");
    await form.getByLabel("Carrier").selectOption("ups");
    await form.getByLabel("Tracking number").fill(UPS_TRACKING);
    await form.getByRole("button", { name: "Record shipment" }).click();
    await visible(admin.locator(".notistack-MuiContent-success").filter({ hasText: UPS_TRACKING }));
    await expectText(admin.getByTestId("order-fulfilment"), "Partly shipped");
    await expectCount(admin.getByRole("list", { name: "Shipments" }).locator(":scope > li"), 1);
    await visible(parcel(admin, 1).getByRole("link", { name: UPS_TRACKING }));
    // What is left: the webcams alone.
    await expectCount(form.getByRole("spinbutton"), 1);
    await expectValue(form.getByLabel(`Quantity of ${WEBCAM}`), "20");
    await journey.shot(admin, "first-parcel");

    // Later, the second: the webcams.
    await form.getByLabel("Carrier").selectOption("dhl");
    await form.getByLabel("Tracking number").fill(DHL_TRACKING);
    await form.getByRole("button", { name: "Record shipment" }).click();
    await visible(admin.locator(".notistack-MuiContent-success").filter({ hasText: DHL_TRACKING }));
    await expectText(admin.getByTestId("order-fulfilment"), "Shipped");
    await expectCount(admin.getByRole("list", { name: "Shipments" }).locator(":scope > li"), 2);
    await expectCount(admin.getByRole("form", { name: "Ship" }), 0);

    for (const place of [1, 2]) {
      await parcel(admin, place)
        .getByRole("button", { name: /^Mark parcel \d+ \(.+\) delivered$/ })
        .click();
      await expectText(fact(parcel(admin, place), "Delivered"), /\d{4}/);
    }
    await expectText(admin.getByTestId("order-fulfilment"), "Delivered");
    await expectText(fact(admin.getByRole("region", { name: "What was ordered" }), "Delivered"), /\d{4}/);
    await journey.shot(admin, "shipped-and-delivered");

    // Nothing is left to ship: the order has left the queue.
    await admin.goto("/dashboard/to_ship");
    await visible(admin.getByRole("heading", { level: 1, name: "To ship" }));
    await visible(admin.locator("main .to-ship__orders, main .state--empty").first());
    expect(await queuedOrder(admin, numbers).count()).toBe(0);
  });

  it("the customer sees both parcels with their tracking links, and the spec's Shipped with the real state beside it", async () => {
    await customer.goto("/dashboard/my_orders");
    const ssd = row(customer, SSD);
    await expectText(ssd.locator('td[data-label="Status"] > .badge'), "Shipped");
    await expectText(ssd.getByTestId("fulfilment-state"), "Fulfilment: Delivered");
    await ssd.locator('td[data-label="Order"] a').click();
    await visible(customer.getByRole("heading", { level: 1, name: /^Order #\d+$/ }));
    await expectText(customer.getByTestId("order-status"), "Shipped");
    await expectText(customer.getByTestId("order-fulfilment"), "Delivered");
    await expectCount(customer.getByRole("list", { name: "Shipments" }).locator(":scope > li"), 2);
    const ups = parcel(customer, 1).getByRole("link", { name: UPS_TRACKING });
    const dhl = parcel(customer, 2).getByRole("link", { name: DHL_TRACKING });
    expect(await ups.getAttribute("href")).toContain(UPS_TRACKING);
    expect(await dhl.getAttribute("href")).toContain(DHL_TRACKING);
    await visible(parcel(customer, 1).getByText(`5 × ${SSD}`, { exact: false }));
    await visible(parcel(customer, 1).getByText(`25 × ${HINGES}`, { exact: false }));
    await visible(parcel(customer, 2).getByText(`20 × ${WEBCAM}`, { exact: false }));
    // A customer ships nothing and marks nothing delivered.
    expect(await customer.getByRole("form", { name: "Ship" }).count()).toBe(0);
    expect(await customer.getByRole("button", { name: /^Mark parcel/ }).count()).toBe(0);
    await expectFitsEveryWidth(customer);
    await expectAccessible(customer);
    await journey.shot(customer, "customer-order-page");
  });

  it("the customer receives two shipping emails, each with its parcel's tracking link", async () => {
    await customer.goto("/dashboard/my_orders");
    await row(customer, SSD).locator('td[data-label="Order"] a').click();
    const links = {
      [UPS_TRACKING]: await parcel(customer, 1).getByRole("link", { name: UPS_TRACKING }).getAttribute("href"),
      [DHL_TRACKING]: await parcel(customer, 2).getByRole("link", { name: DHL_TRACKING }).getAttribute("href"),
    };
    // The outbox sends them a moment after each shipment is recorded.
    let parcels: Mail[] = [];
    await eventually(
      async () =>
        (parcels = (await mailsTo(CUSTOMER.email)).filter(
          (mail) => carriesLink(mail, UPS_TRACKING) || carriesLink(mail, DHL_TRACKING),
        )),
      // One email a parcel, no more.
      (found) =>
        expect(found.map((mail) => (carriesLink(mail, UPS_TRACKING) ? UPS_TRACKING : DHL_TRACKING)).sort()).toEqual(
          [UPS_TRACKING, DHL_TRACKING].sort(),
        ),
      30_000,
    );
    // Each with its own parcel's tracking link, as the order page gives it.
    for (const [tracking, url] of Object.entries(links)) {
      const mail = parcels.find((candidate) => carriesLink(candidate, tracking))!;
      expect(carriesLink(mail, url!), `the email for ${tracking} links to ${url}`).toBe(true);
    }
  });

  it("the invoice downloaded from the order page carries the amounts the checkout showed", async () => {
    await customer.goto("/dashboard/my_orders");
    await row(customer, SSD).locator('td[data-label="Order"] a').click();
    const documents = customer.getByRole("region", { name: "Invoice and credit notes" });
    const invoiceNumber = (await documents.getByTestId("invoice").locator("strong").innerText()).trim();
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const [download] = await Promise.all([
      customer.waitForEvent("download"),
      documents.getByRole("button", { name: "Download invoice" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const bytes = new Uint8Array(fs.readFileSync(await download.path()));
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain(invoiceNumber);
    const amounts = amountsIn(text);
    for (const [name, shown] of Object.entries(checkout))
      expect(amounts, `the invoice's ${name} (${shown})`).toContain(plainAmount(shown));
    // Each line, by the first words of its part's name (a long name may wrap on the page).
    for (const part of [SSD, HINGES, WEBCAM])
      expect(text.replace(/\s+/g, " ")).toContain(part.split(" ").slice(0, 3).join(" "));
  });
});
