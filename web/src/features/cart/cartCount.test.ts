import { afterEach, describe, expect, it } from "vitest";
import { restoreServerCartCount, showVisitorCartCount } from "./cartCount";
import { setLocalLine } from "./localCart";

/** The cart link as the server renders it: a visitor's cart is unknown there, so 0. */
function serverCartLink(): HTMLElement {
  document.body.innerHTML = `<header><a href="/cart" aria-label="Cart, 0 items" data-testid="cart-link"><span data-testid="cart-count">0</span></a></header>`;
  return document.querySelector<HTMLElement>("[data-testid='cart-link']")!;
}

describe("a visitor's cart count in plain script", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("shows the units of the browser's cart at once, and follows its changes", () => {
    setLocalLine("UGFydDox", 10);
    const link = serverCartLink();
    const stop = showVisitorCartCount(link);
    expect(link.textContent).toBe("10");
    expect(link.getAttribute("aria-label")).toBe("Cart, 10 items");
    setLocalLine("UGFydDoy", 1);
    expect(link.textContent).toBe("11");
    stop();
  });

  it("gives the server's text back before React hydrates the link, and stops counting", () => {
    setLocalLine("UGFydDox", 1200);
    const link = serverCartLink();
    showVisitorCartCount(link);
    expect(link.textContent).toBe("999+");
    expect(link.getAttribute("aria-label")).toBe("Cart, 1200 items");
    restoreServerCartCount(document);
    expect(link.textContent).toBe("0");
    expect(link.getAttribute("aria-label")).toBe("Cart, 0 items");
    setLocalLine("UGFydDoy", 1);
    expect(link.textContent).toBe("0");
  });
});
