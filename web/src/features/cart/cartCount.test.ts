import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeBrowserCart, type FakeBrowserCart } from "@/test/fakeBrowserCart";
import { addToBrowserCart } from "./browserCartStore";
import { restoreServerCartCount, showVisitorCartCount } from "./cartCount";

/** The cart link as the server renders it: a visitor's cart is unknown there, so 0. */
function serverCartLink(): HTMLElement {
  document.body.innerHTML = `<header><a href="/cart" aria-label="Cart, 0 items" data-testid="cart-link"><span data-testid="cart-count">0</span></a></header>`;
  return document.querySelector<HTMLElement>("[data-testid='cart-link']")!;
}

/** Lets the fake shop's answers arrive. */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a visitor's cart count in plain script", () => {
  let shop: FakeBrowserCart;
  beforeEach(() => {
    shop = installFakeBrowserCart();
  });
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("shows the units of the shop's cart for this browser, and follows its changes", async () => {
    shop.holds({ partId: "UGFydDox", quantity: 10 });
    const link = serverCartLink();
    const stop = showVisitorCartCount(link);
    await answered();
    expect(link.textContent).toBe("10");
    expect(link.getAttribute("aria-label")).toBe("Cart, 10 items");
    await addToBrowserCart("UGFydDoy", 2);
    expect(link.textContent).toBe("12");
    stop();
  });

  it("shows the count the shop answers a change with, before the cart's lines are read again", async () => {
    const link = serverCartLink();
    showVisitorCartCount(link);
    await answered();
    // The shop's summary waits from now on, until let through.
    const reached = globalThis.fetch;
    let letThrough = () => undefined as void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === "/cart/summary") await held;
      return reached(input, init);
    });
    const adding = addToBrowserCart("UGFydDoy", 3);
    await vi.waitFor(() => expect(link.textContent).toBe("3"));
    expect(shop.requests.at(-1)).toMatchObject({ method: "POST", path: "/cart/lines" });
    letThrough();
    await adding;
    expect(link.textContent).toBe("3");
  });

  it("gives the server's text back before React hydrates the link, and stops counting", async () => {
    shop.holds({ partId: "UGFydDox", quantity: 1200 });
    const link = serverCartLink();
    showVisitorCartCount(link);
    await answered();
    expect(link.textContent).toBe("999+");
    expect(link.getAttribute("aria-label")).toBe("Cart, 1200 items");
    restoreServerCartCount(document);
    expect(link.textContent).toBe("0");
    expect(link.getAttribute("aria-label")).toBe("Cart, 0 items");
    await addToBrowserCart("UGFydDoy", 2);
    expect(link.textContent).toBe("0");
  });
});
