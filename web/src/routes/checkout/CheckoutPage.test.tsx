import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { AddressCountriesDocument } from "@/features/addresses";
import { SaleAddressesDocument, SaleQuoteDocument } from "@/features/checkout";
import { cartMock } from "@/test/cartFixtures";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import {
  COLLECTION,
  EXPRESS,
  HOME,
  OFFICE,
  STANDARD,
  quoteMock,
  saleSummary,
  shippingOption,
} from "@/test/saleFixtures";
import { PlaceCheckoutDocument } from "./CheckoutPage";
import { CheckoutDocument } from "./CheckoutPaymentPage";

const LINES = [
  { n: 1, quantity: 3 },
  { n: 2, quantity: 2 },
];
const CART_LINES = [
  { partId: "part-1", quantity: 3 },
  { partId: "part-2", quantity: 2 },
];
const AT_HOME = { addressId: HOME.id };

const bookMock = (addresses: object[]) => ({
  request: { query: SaleAddressesDocument },
  result: { data: { viewer: { __typename: "Viewer", id: "viewer-1", addresses } } },
  maxUsageCount: 10,
});

const countriesMock = {
  request: { query: AddressCountriesDocument },
  result: {
    data: {
      countries: [
        { __typename: "Country", code: "DE", name: "Germany", regionRequired: false, regions: [] },
        { __typename: "Country", code: "GB", name: "United Kingdom", regionRequired: false, regions: [] },
      ],
    },
  },
  maxUsageCount: 10,
};

// $70.00 of goods to New York: standard $6.95 or express $19.00, taxed at 8.875%.
const homeQuotes = [
  quoteMock(
    { lines: CART_LINES, shipTo: AT_HOME },
    { subtotal: 70, tax: 6.21, total: 76.21, taxZoneName: "New York", options: [STANDARD, EXPRESS, COLLECTION] },
  ),
  quoteMock(
    { lines: CART_LINES, shipTo: AT_HOME, shippingMethodId: STANDARD.id },
    {
      subtotal: 70,
      shipping: 6.95,
      tax: 6.83,
      total: 83.78,
      taxZoneName: "New York",
      options: [STANDARD, EXPRESS, COLLECTION],
      chosen: STANDARD,
    },
  ),
  quoteMock(
    { lines: CART_LINES, shipTo: AT_HOME, shippingMethodId: EXPRESS.id },
    {
      subtotal: 70,
      shipping: 19,
      tax: 7.9,
      total: 96.9,
      taxZoneName: "New York",
      options: [STANDARD, EXPRESS, COLLECTION],
      chosen: EXPRESS,
    },
  ),
];

const placed = {
  __typename: "Checkout",
  id: "checkout-1",
  databaseId: "c-1",
  total: 70,
  amountDue: 96.9,
  orders: [
    { __typename: "Order", id: "order-1", number: "100001" },
    { __typename: "Order", id: "order-2", number: "100002" },
  ],
};

const checkoutOrder = (n: number) => ({
  __typename: "Order",
  id: `order-${n}`,
  databaseId: `o-${n}`,
  number: `10000${n}`,
  partName: `Part ${n}`,
  quantity: n === 1 ? 3 : 2,
  price: n === 1 ? 30 : 40,
  status: "UNPAID",
  paid: false,
  transactionId: null,
  userName: "Jane Doe",
  userEmail: "jane@example.com",
});

const checkoutMock = {
  request: { query: CheckoutDocument, variables: { id: "c-1" } },
  result: {
    data: {
      checkout: {
        __typename: "Checkout",
        id: "checkout-1",
        databaseId: "c-1",
        total: 70,
        amountDue: 96.9,
        orderCount: 2,
        reservedUntil: "2026-01-05T11:00:00.000Z",
        summary: saleSummary({
          subtotal: 70,
          shipping: 19,
          tax: 7.9,
          total: 96.9,
          taxZoneName: "New York",
          method: EXPRESS,
        }),
        orders: [checkoutOrder(1), checkoutOrder(2)],
      },
    },
  },
};

function openCheckout(mocks: object[]) {
  renderApp({ route: "/checkout", auth: createFakeAuth({ user: customer }), mocks: mocks as never[] });
}

describe("checkout", () => {
  it("ships to the default address by the cheapest method, re-quotes for express, places with that choice and shows what the card will be charged", async () => {
    openCheckout([
      cartMock(LINES),
      bookMock([HOME, OFFICE]),
      ...homeQuotes,
      {
        request: {
          query: PlaceCheckoutDocument,
          variables: { input: { lines: CART_LINES, shipTo: AT_HOME, shippingMethodId: EXPRESS.id } },
        },
        result: { data: { placeCheckout: placed } },
      },
      checkoutMock,
    ]);
    const shipTo = await screen.findByRole("group", { name: "Ship to" });
    expect(within(shipTo).getByRole("radio", { name: /100 Market Street/ })).toBeChecked();
    expect(within(shipTo).getByRole("radio", { name: /1 Harbour Road/ })).not.toBeChecked();
    expect(screen.getByText("3 × Part 1")).toBeInTheDocument();

    const methods = await screen.findByRole("group", { name: "Shipping method" });
    expect(within(methods).getByRole("radio", { name: /^Standard/ })).toBeChecked();
    expect(await screen.findByTestId("checkout-total")).toHaveTextContent("$83.78");
    expect(screen.getByTestId("checkout-shipping")).toHaveTextContent("$6.95");

    await userEvent.click(within(methods).getByRole("radio", { name: /^Express/ }));
    await waitFor(() => expect(screen.getByTestId("checkout-total")).toHaveTextContent("$96.90"));
    expect(screen.getByTestId("checkout-shipping")).toHaveTextContent("$19.00");
    expect(screen.getByText("Tax (New York)").nextSibling).toHaveTextContent("$7.90");

    await userEvent.click(screen.getByRole("button", { name: "Place order ($96.90)" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/checkout/c-1"));
    expect(await screen.findByRole("heading", { level: 1, name: "Pay for your order" })).toBeInTheDocument();
    expect(screen.getByTestId("checkout-amount-due")).toHaveTextContent("$96.90");
    // Above the card form: the amounts the card will be charged, as the checkout froze them.
    expect(screen.getByTestId("checkout-summary-shipping")).toHaveTextContent("$19.00");
    expect(screen.getByTestId("checkout-summary-tax")).toHaveTextContent("$7.90");
    expect(screen.getByTestId("checkout-summary-total")).toHaveTextContent("$96.90");
    expect(screen.getByTestId("checkout-shipping-method")).toHaveTextContent("Express: 1–2 working days");
  });

  it("asks a customer without saved addresses for a new one, and shows the server's refusal on its field", async () => {
    const typed = {
      name: "Emmy Noether",
      company: null,
      line1: "Unter den Linden 6",
      line2: null,
      city: "Berlin",
      region: null,
      postalCode: "1011",
      country: "DE",
      phone: "+49 30 209312345",
    };
    openCheckout([
      cartMock(LINES),
      bookMock([]),
      countriesMock,
      {
        request: { query: SaleQuoteDocument, variables: { input: { lines: CART_LINES, shipTo: { address: typed } } } },
        result: {
          errors: [
            new GraphQLError('"1011" is not a postal code of Germany', {
              extensions: {
                code: "BAD_USER_INPUT",
                fields: { "shipTo.address.postalCode": ['"1011" is not a postal code of Germany'] },
              },
            }),
          ],
        },
      },
    ]);
    expect(await screen.findByRole("radio", { name: "A new address" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Place order" })).toBeDisabled();
    await userEvent.type(await screen.findByLabelText("Name"), typed.name);
    await userEvent.type(screen.getByLabelText("Address line 1"), typed.line1);
    await userEvent.type(screen.getByLabelText("City"), typed.city);
    await userEvent.type(screen.getByLabelText("Postal code"), typed.postalCode);
    await userEvent.selectOptions(screen.getByLabelText("Country"), "DE");
    await userEvent.type(screen.getByLabelText("Phone"), typed.phone);
    await userEvent.click(screen.getByRole("button", { name: "Use this address" }));

    const message = await screen.findByText('"1011" is not a postal code of Germany');
    expect(message).toHaveAttribute("id", "checkout-new-postalCode-error");
    expect(screen.getByLabelText("Postal code")).toHaveValue("1011");
    expect(screen.getByLabelText("Postal code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Place order" })).toBeDisabled();
  });

  it("shows the server's refusal naming the part, marks its line and stays on the checkout", async () => {
    const message = "Part 2 is sold out: fewer than its minimum order of 2 are available";
    openCheckout([
      cartMock(LINES),
      bookMock([HOME]),
      ...homeQuotes,
      {
        request: {
          query: PlaceCheckoutDocument,
          variables: { input: { lines: CART_LINES, shipTo: AT_HOME, shippingMethodId: STANDARD.id } },
        },
        result: { errors: [new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", line: 1 } })] },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Place order ($83.78)" }));
    expect(await screen.findByTestId("checkout-error")).toHaveTextContent(message);
    expect(screen.getByText("2 × Part 2").closest("li")).toHaveClass("checkout-line--refused");
    expect(screen.getByTestId("location")).toHaveTextContent("/checkout");
  });

  it("puts a refusal naming the shipping method on the method list", async () => {
    const message = "Express cannot carry dangerous goods";
    openCheckout([
      cartMock(LINES),
      bookMock([HOME]),
      ...homeQuotes,
      {
        request: {
          query: PlaceCheckoutDocument,
          variables: { input: { lines: CART_LINES, shipTo: AT_HOME, shippingMethodId: STANDARD.id } },
        },
        result: {
          errors: [
            new GraphQLError(message, {
              extensions: { code: "BAD_USER_INPUT", fields: { shippingMethodId: [message] } },
            }),
          ],
        },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Place order ($83.78)" }));
    const methods = screen.getByRole("group", { name: "Shipping method" });
    expect(await within(methods).findByRole("alert")).toHaveTextContent(message);
    expect(methods).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("checkout-error")).toBeNull();
  });

  it("says why nothing can ship the cart there, and places nothing", async () => {
    const refusal = "Nothing can ship these parts to Australia: the battery is dangerous goods";
    const heavy = shippingOption({ ...EXPRESS, refused: "Express cannot carry dangerous goods" });
    openCheckout([
      cartMock(LINES),
      bookMock([HOME]),
      quoteMock(
        { lines: CART_LINES, shipTo: AT_HOME },
        { subtotal: 70, tax: 0, total: 70, options: [{ ...EXPRESS, refused: heavy.unavailableReason! }], refusal },
      ),
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(screen.getByRole("radio", { name: /^Express/ })).toBeDisabled();
    expect(screen.getByText("Express cannot carry dangerous goods")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place order" })).toBeDisabled();
  });

  it("sends a visitor to sign in first", async () => {
    renderApp({ route: "/checkout" });
    // The login page is fetched when first opened: give it time.
    expect(await screen.findByRole("heading", { name: "Login" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });
});
