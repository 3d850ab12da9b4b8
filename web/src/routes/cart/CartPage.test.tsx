import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LOCAL_CART_KEY } from "@/features/cart/localCart";
import { AddToCartButton } from "@/features/cart/AddToCartButton";
import { SetCartQuantityDocument } from "@/features/cart/useCart";
import { JOINED_ACCOUNT_KEY } from "@/features/cart/browserCart";
import { cartAnswer, cartMock, cartPart, cartPreviewMock } from "@/test/cartFixtures";
import { fakeBrowserCart, type FakeBrowserCart } from "@/test/fakeBrowserCart";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { Navbar } from "@/features/layout/Navbar";
import { SaleAddressesDocument } from "@/features/checkout";
import { EXPRESS, HOME, OFFICE, STANDARD, quoteMock } from "@/test/saleFixtures";
import { CartPage } from "./CartPage";

const bookMock = (addresses: object[]) => ({
  request: { query: SaleAddressesDocument },
  result: { data: { viewer: { __typename: "Viewer", id: "viewer-1", addresses } } },
  maxUsageCount: 10,
});

/** What the app of old kept in this browser's storage. */
const storeLocalCart = (lines: { n: number; quantity: number }[]) =>
  localStorage.setItem(
    LOCAL_CART_KEY,
    JSON.stringify(lines.map(({ n, quantity }) => ({ partId: `part-${n}`, quantity }))),
  );

let shop: FakeBrowserCart;
beforeEach(() => {
  shop = fakeBrowserCart();
});

describe("the cart page", () => {
  it("shows a visitor's cart, the one the shop keeps for this browser: lines, quantities within bounds, line totals and the total in dollars", async () => {
    shop.holds({ partId: "part-1", quantity: 3 }, { partId: "part-2", quantity: 2 });
    renderApp({
      ui: <CartPage />,
      mocks: [
        cartPreviewMock([
          { n: 1, quantity: 3 },
          { n: 2, quantity: 2 },
        ]),
      ],
    });
    const first = (await screen.findByRole("link", { name: "Part 1" })).closest("tr")!;
    expect(within(first).getByRole("spinbutton", { name: "Quantity of Part 1" })).toHaveValue(3);
    expect(within(first).getByText("Between 2 and 100")).toBeInTheDocument();
    expect(within(first).getByText("$30.00")).toBeInTheDocument();
    expect(screen.getByTestId("cart-subtotal")).toHaveTextContent("$70.00");
    expect(screen.getByText("Shipping and tax are worked out at checkout.")).toBeInTheDocument();
    expect(screen.queryByTestId("cart-total")).toBeNull();
    expect(screen.getByRole("button", { name: "Check out" })).toBeEnabled();

    // Within bounds: the minimum is the part's minimum order. Changed with the cart's own token.
    await userEvent.click(within(first).getByRole("button", { name: "Decrease quantity of Part 1" }));
    await waitFor(() =>
      expect(shop.lines()).toEqual([
        { partId: "part-1", quantity: 2 },
        { partId: "part-2", quantity: 2 },
      ]),
    );
    await userEvent.click(screen.getByRole("button", { name: "Remove Part 2 from the cart" }));
    await waitFor(() => expect(shop.lines()).toEqual([{ partId: "part-1", quantity: 2 }]));
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
  });

  it("joins the cart this browser's storage kept into the shop's once, the larger quantity of a part in both, and clears it", async () => {
    shop.holds({ partId: "part-1", quantity: 2 });
    storeLocalCart([
      { n: 1, quantity: 3 },
      { n: 3, quantity: 4 },
    ]);
    renderApp({
      ui: (
        <>
          <Navbar />
          <CartPage />
        </>
      ),
      mocks: [
        cartPreviewMock([
          { n: 1, quantity: 3 },
          { n: 3, quantity: 4 },
        ]),
      ],
    });
    expect(await screen.findByRole("link", { name: "Part 3" })).toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: "Quantity of Part 1" })).toHaveValue(3);
    expect(screen.getByRole("link", { name: "Cart, 7 items" })).toBeInTheDocument();
    expect(shop.lines()).toEqual([
      { partId: "part-1", quantity: 3 },
      { partId: "part-3", quantity: 4 },
    ]);
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
    expect(shop.requests.filter((request) => request.path === "/cart/merge")).toHaveLength(1);
  });

  it("shows each line's warning sentence and holds the checkout back while a part is sold out or retired", async () => {
    const lines = [
      { n: 1, quantity: 3, warning: "SOLD_OUT" as const, warningMessage: "Part 1 is sold out: remove it." },
      { n: 2, quantity: 2, warning: "RETIRED" as const, warningMessage: "Part 2 is no longer sold: remove it." },
    ];
    renderApp({
      ui: <CartPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [cartMock(lines), bookMock([HOME])],
    });
    expect(await screen.findByText("Part 1 is sold out: remove it.")).toBeInTheDocument();
    expect(screen.getByText("Part 2 is no longer sold: remove it.")).toBeInTheDocument();
    // Nothing to adjust on such lines: only Remove.
    expect(screen.queryByRole("spinbutton")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Check out" })).toBeDisabled();
  });

  it("changes a signed-in customer's quantity on the server and shows the new totals", async () => {
    const before = [{ n: 1, quantity: 3 }];
    const after = [{ n: 1, quantity: 4 }];
    renderApp({
      ui: <CartPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        cartMock(before),
        bookMock([]),
        {
          request: { query: SetCartQuantityDocument, variables: { line: { partId: "part-1", quantity: 4 } } },
          result: { data: { setCartQuantity: cartAnswer(after) } },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Increase quantity of Part 1" }));
    await waitFor(() => expect(screen.getByTestId("cart-subtotal")).toHaveTextContent("$40.00"));
    expect(screen.getByTestId("cart-items")).toHaveTextContent("4");
  });

  it("lists the default address's methods, and estimates shipping by the cheapest and tax for a signed-in customer's default address", async () => {
    const lines = [
      { n: 1, quantity: 3 },
      { n: 2, quantity: 2 },
    ];
    const goods = [
      { partId: "part-1", quantity: 3 },
      { partId: "part-2", quantity: 2 },
    ];
    renderApp({
      ui: <CartPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        cartMock(lines),
        bookMock([OFFICE, HOME]),
        quoteMock(
          { lines: goods, shipTo: { addressId: HOME.id } },
          { subtotal: 70, tax: 6.21, total: 76.21, taxZoneName: "New York", options: [EXPRESS, STANDARD] },
        ),
        quoteMock(
          { lines: goods, shipTo: { addressId: HOME.id }, shippingMethodId: STANDARD.id },
          {
            subtotal: 70,
            shipping: 6.95,
            tax: 6.83,
            total: 83.78,
            taxZoneName: "New York",
            options: [EXPRESS, STANDARD],
            chosen: STANDARD,
          },
        ),
      ],
    });
    expect(await screen.findByTestId("cart-total")).toHaveTextContent("$83.78");
    expect(screen.getByTestId("cart-subtotal")).toHaveTextContent("$70.00");
    expect(screen.getByText("Estimated shipping").nextSibling).toHaveTextContent("$6.95");
    expect(screen.getByText("Estimated tax (New York)").nextSibling).toHaveTextContent("$6.83");
    expect(screen.getByText("Estimated total")).toBeInTheDocument();
    expect(screen.getByTestId("cart-estimate-basis")).toHaveTextContent(
      "Estimated for your default address (New York, United States) by Standard.",
    );
    // Every method the address allows, with its price and estimate, in the shop's order.
    expect(
      within(screen.getByRole("list", { name: "Shipping to your default address" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Express: $19.00, 1–2 working days", "Standard: $6.95, 3–5 working days"]);
  });

  it("tells a signed-in customer without a default address that shipping and tax come at checkout", async () => {
    renderApp({
      ui: <CartPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [cartMock([{ n: 1, quantity: 3 }]), bookMock([])],
    });
    expect(await screen.findByText("Shipping and tax are worked out at checkout.")).toBeInTheDocument();
    expect(screen.getByTestId("cart-subtotal")).toHaveTextContent("$30.00");
    expect(screen.queryByTestId("cart-total")).toBeNull();
  });

  it("says so when the cart is empty", async () => {
    renderApp({ ui: <CartPage /> });
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse parts" })).toHaveAttribute("href", "/parts");
  });
});

describe("add to cart", () => {
  it("puts a visitor's part in the shop's cart for this browser at its minimum order, refuses more than are available, and counts it in the navigation bar", async () => {
    const part = cartPart(1, { minOrderQuantity: 5, available: 8 });
    shop.sells(part);
    renderApp({
      ui: (
        <>
          <Navbar />
          <AddToCartButton part={part} />
        </>
      ),
    });
    expect(await screen.findByRole("link", { name: "Cart, 0 items" })).toHaveAttribute("href", "/cart");
    await userEvent.click(screen.getByRole("button", { name: "Add to cart: Part 1" }));
    expect(await screen.findByText("Part 1 is in your cart.")).toBeInTheDocument();
    expect(shop.lines()).toEqual([{ partId: "part-1", quantity: 5 }]);
    expect(await screen.findByRole("link", { name: "Cart, 5 items" })).toBeInTheDocument();
    // No more than are available: the shop says why.
    await userEvent.click(screen.getByRole("button", { name: "Add to cart: Part 1" }));
    expect(await screen.findByText("Only 8 of Part 1 are available, and your cart has 5")).toBeInTheDocument();
    expect(shop.lines()).toEqual([{ partId: "part-1", quantity: 5 }]);
    expect(screen.getByRole("link", { name: "Cart, 5 items" })).toBeInTheDocument();
  });

  it("joins this browser's cart to the account's at sign-in, and leaves it at sign-out", async () => {
    localStorage.setItem("accessToken", "shop-token");
    shop.holds({ partId: "part-1", quantity: 3 });
    renderApp({
      ui: <Navbar />,
      auth: createFakeAuth({ user: customer }),
      mocks: [cartMock([{ n: 1, quantity: 3 }])],
    });
    expect(await screen.findByRole("link", { name: "Cart, 3 items" })).toBeInTheDocument();
    expect(shop.joinedTo()).toBe("Bearer shop-token");
    expect(localStorage.getItem(JOINED_ACCOUNT_KEY)).toBe(customer.uid);

    await userEvent.click(screen.getByRole("button", { name: /sign out/i }));
    await waitFor(() => expect(shop.joinedTo()).toBeNull());
    expect(localStorage.getItem(JOINED_ACCOUNT_KEY)).toBeNull();
    expect(await screen.findByRole("link", { name: "Cart, 0 items" })).toBeInTheDocument();
  });

  it("is disabled for a part with fewer units than its minimum order", () => {
    renderApp({ ui: <AddToCartButton part={cartPart(1, { minOrderQuantity: 5, available: 4 })} /> });
    expect(screen.getByRole("button", { name: "Add to cart: Part 1" })).toBeDisabled();
  });
});
