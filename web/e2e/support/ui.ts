import { deflateSync } from "node:zlib";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

export const ADMIN = { email: "admin@partshop.dev", password: "partshop-admin", name: "Partshop Admin" };
export const CUSTOMER = { email: "customer@partshop.dev", password: "partshop-customer", name: "Casey Customer" };

const TIMEOUT = 15_000;

/**
 * Retries `read` + `check` (an expect(...) assertion) until the check passes or 15 s have gone by,
 * then throws the last failure. Unlike expect.poll it also works in beforeAll hooks.
 */
export async function eventually<T>(
  read: () => Promise<T> | T,
  check: (value: T) => void,
  timeout = TIMEOUT,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      check(await read());
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the element is visible (and returns it). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout: TIMEOUT });
  return locator;
}

export async function hidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout: TIMEOUT });
}

/** Waits until the element's visible text (white space collapsed) is `expected` or matches it. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  const read = () => locator.innerText({ timeout: 2_000 }).then((text) => text.replace(/\s+/g, " ").trim());
  await eventually(read, (text) =>
    typeof expected === "string" ? expect(text).toBe(expected) : expect(text).toMatch(expected),
  );
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await eventually(
    () => new URL(page.url()).pathname,
    (actual) => expect(actual).toBe(pathname),
  );
}

export async function expectCount(locator: Locator, count: number): Promise<void> {
  await eventually(
    () => locator.count(),
    (actual) => expect(actual).toBe(count),
  );
}

export async function expectValue(input: Locator, value: string): Promise<void> {
  await eventually(
    () => input.inputValue({ timeout: 2_000 }),
    (actual) => expect(actual).toBe(value),
  );
}

export async function expectDisabled(locator: Locator, disabled: boolean): Promise<void> {
  await eventually(
    () => locator.isDisabled({ timeout: 2_000 }),
    (actual) => expect(actual).toBe(disabled),
  );
}

/** A notistack toast of that variant with exactly this text. */
export async function expectToast(page: Page, variant: "success" | "error" | "info", text: string): Promise<void> {
  await visible(
    page.locator(`.notistack-MuiContent-${variant}`).filter({ has: page.getByText(text, { exact: true }) }),
  );
}

/**
 * Waits until no toast shows. Toasts sit top-right, over the cart link, and notistack keeps one open
 * while the pointer rests on it: a click aimed at what a toast covers would keep it open.
 */
export async function noToasts(page: Page): Promise<void> {
  await eventually(
    () => page.locator("#notistack-snackbar").count(),
    (count) => expect(count, "toasts still showing").toBe(0),
  );
}

/** The element's text colour is a red (the app's danger colour is #b91c1c). */
export async function expectRed(locator: Locator): Promise<void> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  expect(r > 100 && r > 2 * g && r > 2 * b, `expected a red text colour, got ${color}`).toBe(true);
}

/** The image has loaded real pixels (not a broken image). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await eventually(
    () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    (loaded) => expect(loaded, "the image has loaded").toBe(true),
  );
}

export function nav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

export async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await expectText(page.getByTestId("navbar-user").locator("span:not(.avatar)"), name);
  await visible(nav(page).getByRole("button", { name: "Sign out" }));
  expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
}

export async function expectSignedOut(page: Page): Promise<void> {
  await visible(nav(page).getByRole("link", { name: "Login" }));
  expect(await nav(page).getByRole("button", { name: "Sign out" }).count()).toBe(0);
  expect(await nav(page).getByRole("link", { name: "Dashboard" }).count()).toBe(0);
  expect(await accessToken(page)).toBeNull();
}

export function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("accessToken"));
}

/** Fills the login form (the page must show it) and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await visible(page.getByRole("heading", { name: "Login", exact: true }));
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Signs in from /login and waits for the navigation bar to show the user. */
export async function signIn(page: Page, account: { email: string; password: string; name: string }): Promise<void> {
  await page.goto("/login");
  await submitLogin(page, account.email, account.password);
  try {
    await expectSignedInAs(page, account.name);
  } catch (error) {
    throw new Error(`${account.email} was not signed in: ${await whatThePageShows(page)}`, { cause: error });
  }
}

/**
 * Where the page is and what it tells the user (alerts, the header's session), for a failure's
 * message: a sign-in that fails in a beforeAll hook leaves no screenshot.
 */
async function whatThePageShows(page: Page): Promise<string> {
  const alerts = await page
    .getByRole("alert")
    .allInnerTexts()
    .catch(() => []);
  const header = await nav(page)
    .innerText({ timeout: 1_000 })
    .catch(() => "(no navigation bar)");
  const state = await page
    .evaluate(() => ({
      app: document.documentElement.dataset.app ?? null,
      token: localStorage.getItem("accessToken") !== null,
    }))
    .catch(() => null);
  return JSON.stringify({ url: page.url(), alerts, header: header.replace(/\s+/g, " "), ...state });
}

export function partCard(page: Page, partName: string): Locator {
  return page.getByRole("article", { name: partName, exact: true });
}

/** The value next to a <dt> label in a facts list ("Available", "Minimum order"...). */
export function fact(scope: Locator, label: string): Locator {
  return scope
    .locator("dl > div")
    .filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");
}

export async function readNumber(locator: Locator): Promise<number> {
  const text = (await locator.innerText({ timeout: TIMEOUT })).trim();
  const value = Number(text.replace(/,/g, ""));
  if (!Number.isFinite(value)) throw new Error(`not a number: "${text}"`);
  return value;
}

/** Opens a part's reservation page from the home page's grid (signed in). */
export async function openPart(page: Page, partName: string): Promise<void> {
  await page.goto("/");
  await partCard(page, partName).getByRole("link", { name: "Reserve" }).click();
  await visible(page.getByRole("heading", { level: 1, name: partName }));
  await visible(page.getByRole("heading", { name: "Reserve this part" }));
}

/** Reserves a part at its minimum quantity through the reservation form; returns the stock before. */
export async function reservePart(
  page: Page,
  partName: string,
  details = { address: "12 Circuit Lane, Dhaka", phone: "01712345678" },
): Promise<{ before: number; quantity: number }> {
  await openPart(page, partName);
  const before = await readNumber(page.getByTestId("part-available"));
  const quantity = Number(await page.getByLabel("Quantity", { exact: true }).inputValue());
  await page.getByLabel("Address", { exact: true }).fill(details.address);
  await page.getByLabel("Phone", { exact: true }).fill(details.phone);
  await page.getByRole("button", { name: "Reserve", exact: true }).click();
  await expectToast(page, "success", "You order is sent.");
  await expectText(page.getByTestId("part-available"), String(before - quantity));
  return { before, quantity };
}

/** A row of a table, found by a cell's text. */
export function row(page: Page, text: string): Locator {
  // A part's name cell also shows its part number ("No. 5B10W13930") under the name; a user's
  // email cell is the link to the customer's detail, named "Customer detail: <email>".
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const cell = page.getByRole("cell", { name: new RegExp(`^(Customer detail: )?${escaped}(\\s*No\\. \\S+)?$`) });
  return page.getByRole("row").filter({ has: cell });
}

/** A valid PNG of `size`x`size` pixels in one colour (the review's uploaded image). */
export function makePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(
    Array.from({ length: size }, () => Buffer.from([0, ...Array.from({ length: size }, () => [r, g, b]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const CARDS = { success: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" };

/** On a payment page: fills the (sandbox) card form and submits it. */
export async function submitCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

/**
 * A US address in no tax zone (of the states the seed taxes only New York): with standard shipping
 * free over $150, a sale of more than that is charged the goods alone.
 */
export const OREGON = {
  name: "Casey Customer",
  line1: "1200 NW Naito Parkway",
  city: "Portland",
  region: "OR",
  postalCode: "97209",
  country: "US",
  phone: "+15035550100",
};

/** A US address in the seed's New York tax zone: 8.875% sales tax added at checkout, on shipping too. */
export const NEW_YORK = {
  name: "Casey Customer",
  line1: "350 Fifth Avenue",
  city: "New York",
  region: "NY",
  postalCode: "10118",
  country: "US",
  phone: "+12125550100",
};

/** On the checkout or a payment page: ships to a new address typed in the ship-to picker's form. */
export async function useNewAddress(page: Page, address = OREGON): Promise<void> {
  await page.getByRole("radio", { name: /^A new address/ }).check();
  const form = page.locator("form.address-form");
  await form.getByLabel("Name", { exact: true }).fill(address.name);
  await form.getByLabel("Address line 1", { exact: true }).fill(address.line1);
  await form.getByLabel("City", { exact: true }).fill(address.city);
  await form.getByLabel("Postal code", { exact: true }).fill(address.postalCode);
  await form.getByLabel("Country", { exact: true }).selectOption(address.country);
  await form.getByLabel("State or province", { exact: true }).selectOption(address.region);
  await form.getByLabel("Phone", { exact: true }).fill(address.phone);
  await form.getByRole("button", { name: "Use this address" }).click();
  await visible(page.getByRole("group", { name: "Shipping method" }));
}

/**
 * On a reservation's payment page whose delivery is not chosen yet: ships to the book's default (or
 * to `OREGON` when the book is empty) by the method offered first, and goes on to the card form.
 */
export async function chooseDelivery(page: Page): Promise<void> {
  const proceed = page.getByRole("button", { name: "Continue to payment" });
  const card = page.getByLabel("Card number");
  await visible(proceed.or(card));
  if (await card.isVisible()) return;
  if (await page.getByRole("radio", { name: /^A new address/ }).isChecked()) await useNewAddress(page);
  await eventually(
    () => proceed.isEnabled(),
    (enabled) => expect(enabled).toBe(true),
  );
  await proceed.click();
  await visible(card);
}

/** From my orders, pays the unpaid order for that part with the success card; returns the transaction id. */
export async function payOrder(page: Page, partName: string): Promise<string> {
  await page.goto("/dashboard/my_orders");
  await row(page, partName)
    .getByRole("link", { name: `Pay for ${partName}` })
    .click();
  await visible(page.getByRole("heading", { level: 1, name: `Pay for ${partName}` }));
  await chooseDelivery(page);
  await submitCard(page, CARDS.success);
  await visible(page.getByText("Congrats! Your payment is completed."));
  const transactionId = (await page.getByTestId("transaction-id").innerText()).trim();
  expect(transactionId).toMatch(/^pi_\w+$/);
  return transactionId;
}
