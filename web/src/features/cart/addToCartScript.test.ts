import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchIslands } from "@/lib/islands/islands";
import { stepAsideForReact } from "@/lib/islands/plain";
import { installFakeBrowserCart, type FakeBrowserCart } from "@/test/fakeBrowserCart";
import { markToastHostReady, onFirstToast } from "@/ui/toastQueue";
import { addToCartInPlainScript } from "./addToCartScript";
import { showVisitorCartCount } from "./cartCount";

let signedIn = false;
addToCartInPlainScript({ visitor: () => !signedIn });

const SSD = { id: "UGFydDox", name: "NVMe SSD 1TB", available: 40, minOrderQuantity: 5 };

/** A part page as the server renders it: the header's cart link, and AddToCartButton's form with its quantity. */
function serverPartPage(): { form: HTMLFormElement; button: HTMLButtonElement; quantity: HTMLInputElement } {
  document.body.innerHTML = `<header data-island="header"><a href="/cart" aria-label="Cart, 0 items" data-testid="cart-link"><span data-testid="cart-count">0</span></a></header>
  <main data-island="page"><form method="post" action="/cart/lines" class="add-to-cart" data-plain="add-to-cart" data-part-name="${SSD.name}">
    <input type="hidden" name="part" value="${SSD.id}"><input type="hidden" name="token" value="storefront-token">
    <div class="field"><label for="q">Quantity</label><input id="q" name="quantity" type="number" min="5" max="40" step="1" value="5" required></div>
    <button type="submit" aria-label="Add to cart: ${SSD.name}">Add to cart</button>
  </form></main>`;
  return {
    form: document.querySelector("form")!,
    button: document.querySelector("button")!,
    quantity: document.querySelector<HTMLInputElement>("input[name=quantity]")!,
  };
}

/** Lets the fake shop's answers arrive. */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0));
const settled = async () => {
  for (let i = 0; i < 5; i++) await answered();
};
const notices = () => [...document.querySelectorAll<HTMLElement>("[role='alert']")];

describe("add to cart in plain script", () => {
  let shop: FakeBrowserCart;
  beforeEach(() => {
    signedIn = false;
    shop = installFakeBrowserCart();
    shop.sells(SSD);
  });
  afterEach(() => {
    document.body.innerHTML = "";
    vi.useRealTimers();
  });

  it("adds the chosen quantity through the cart route, counts it in the header and says so as the app's toast does", async () => {
    const { button, quantity } = serverPartPage();
    showVisitorCartCount(document.querySelector("[data-testid='cart-link']")!);
    await settled();
    quantity.value = "7";
    button.click();
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe("Adding…");
    await settled();
    expect(shop.requests.filter(({ method }) => method === "POST")).toEqual([
      expect.objectContaining({
        path: "/cart/lines",
        body: { part: SSD.id, quantity: 7 },
        headers: expect.objectContaining({ "x-csrf-token": "storefront-token" }),
      }),
    ]);
    expect(shop.lines()).toEqual([{ partId: SSD.id, quantity: 7 }]);
    expect(document.querySelector("[data-testid='cart-count']")!.textContent).toBe("7");
    const [notice] = notices();
    expect(notice.classList).toContain("notistack-MuiContent-success");
    expect(notice.querySelector("#notistack-snackbar")!.textContent).toBe(`${SSD.name} is in your cart.`);
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Add to cart");
  });

  it("adds once however often the button is pressed while the part is on its way", async () => {
    const { form, button } = serverPartPage();
    button.click();
    form.requestSubmit();
    button.click();
    await settled();
    expect(shop.requests.filter(({ method }) => method === "POST")).toHaveLength(1);
    expect(shop.lines()).toEqual([{ partId: SSD.id, quantity: 5 }]);
  });

  it("shows the shop's refusal as an error toast, and adds nothing", async () => {
    shop.sells({ ...SSD, available: 6 });
    shop.holds({ partId: SSD.id, quantity: 5 });
    const { button } = serverPartPage();
    button.click();
    await settled();
    const [notice] = notices();
    expect(notice.classList).toContain("notistack-MuiContent-error");
    expect(notice.textContent).toBe(`Only 6 of ${SSD.name} are available, and your cart has 5`);
    expect(shop.lines()).toEqual([{ partId: SSD.id, quantity: 5 }]);
    expect(button.disabled).toBe(false);
  });

  it("posts the form as a page when the shop cannot be reached by script", async () => {
    const reached = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "POST" ? Promise.reject(new TypeError("Failed to fetch")) : reached(input, init),
    );
    const posted = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const { form, button } = serverPartPage();
    button.click();
    await settled();
    expect(posted).toHaveBeenCalledOnce();
    expect(posted.mock.contexts[0]).toStrictEqual(form);
    expect(notices()).toEqual([]);
  });

  it("closes its toast after 5 seconds, not while the pointer rests on it", async () => {
    const { button } = serverPartPage();
    button.click();
    await settled();
    vi.useFakeTimers();
    const [notice] = notices();
    notice.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(6000);
    expect(notice.isConnected).toBe(true);
    notice.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(5000);
    expect(notice.isConnected).toBe(false);
  });

  it("holds the quantity to the part's minimum order and stock in the shop's words, without starting the page", () => {
    const { quantity } = serverPartPage();
    const loader = vi.fn(() => new Promise<never>(() => undefined));
    watchIslands({ page: loader });
    for (const [typed, said] of [
      ["3", "The minimum order quantity is 5"],
      ["41", "Only 40 available"],
      ["6", ""],
    ]) {
      quantity.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      quantity.value = typed;
      quantity.dispatchEvent(new Event("input", { bubbles: true }));
      quantity.dispatchEvent(new Event("change", { bubbles: true }));
      expect(quantity.validationMessage).toBe(said);
    }
    expect(loader).not.toHaveBeenCalled();
  });

  it("when React takes the page mid-add, the button is given back as the server rendered it", async () => {
    const { button } = serverPartPage();
    button.click();
    expect(button.textContent).toBe("Adding…");
    stepAsideForReact(document.querySelector("main")!)();
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Add to cart");
    const appToast = vi.fn();
    onFirstToast(appToast);
    await settled();
    // The part still went in, and is said by the app's toast; from now on React answers the form.
    expect(shop.lines()).toEqual([{ partId: SSD.id, quantity: 5 }]);
    expect(notices()).toEqual([]);
    expect(appToast).toHaveBeenCalledOnce();
    button.click();
    await settled();
    expect(shop.requests.filter(({ method }) => method === "POST")).toHaveLength(1);
  });

  it("once React has the page, a toast still showing becomes the app's (notistack's), not a second one beside it", async () => {
    shop.sells({ ...SSD, available: 4 });
    const { button } = serverPartPage();
    button.click();
    await settled();
    expect(notices()).toHaveLength(1);
    const enqueueSnackbar = vi.fn();
    markToastHostReady({ enqueueSnackbar } as unknown as typeof import("notistack"));
    stepAsideForReact(document.querySelector("main")!)();
    await settled();
    expect(notices()).toEqual([]);
    expect(enqueueSnackbar).toHaveBeenCalledWith(`Only 4 of ${SSD.name} are available`, { variant: "error" });
  });

  it("holds a signed-in shopper's press for React, and presses again once React has the page", async () => {
    signedIn = true;
    const { form, button } = serverPartPage();
    button.click();
    await settled();
    expect(shop.requests.filter(({ method }) => method === "POST")).toEqual([]);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const redo = stepAsideForReact(document.querySelector("main")!);
    form.addEventListener("submit", submitted);
    redo();
    expect(submitted).toHaveBeenCalledOnce();
    expect(shop.requests.filter(({ method }) => method === "POST")).toEqual([]);
  });
});
