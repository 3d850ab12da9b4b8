import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { cartMock } from "@/test/cartFixtures";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { CheckoutProfileDocument, PlaceCheckoutDocument } from "./CheckoutPage";
import { CheckoutDocument } from "./CheckoutPaymentPage";

const LINES = [
  { n: 1, quantity: 3 },
  { n: 2, quantity: 2 },
];

const profileMock = (profile: { address: string; phone: string } | null) => ({
  request: { query: CheckoutProfileDocument },
  result: {
    data: {
      viewer: {
        __typename: "Viewer",
        id: "viewer-1",
        profile: profile && { __typename: "Profile", ...profile },
      },
    },
  },
  maxUsageCount: 10,
});

const placeRequest = {
  query: PlaceCheckoutDocument,
  variables: {
    input: {
      address: "27 Gulshan Avenue, Dhaka",
      phone: "01812345678",
      lines: [
        { partId: "part-1", quantity: 3 },
        { partId: "part-2", quantity: 2 },
      ],
    },
  },
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

describe("checkout", () => {
  it("offers the profile's address and phone, places every line with one click and goes on to pay", async () => {
    renderApp({
      route: "/checkout",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        cartMock(LINES),
        profileMock({ address: "27 Gulshan Avenue, Dhaka", phone: "01812345678" }),
        {
          request: placeRequest,
          result: {
            data: {
              placeCheckout: {
                __typename: "Checkout",
                id: "checkout-1",
                databaseId: "c-1",
                total: 70,
                amountDue: 70,
                orders: [
                  { __typename: "Order", id: "order-1", number: "100001" },
                  { __typename: "Order", id: "order-2", number: "100002" },
                ],
              },
            },
          },
        },
        {
          request: { query: CheckoutDocument, variables: { id: "c-1" } },
          result: {
            data: {
              checkout: {
                __typename: "Checkout",
                id: "checkout-1",
                databaseId: "c-1",
                total: 70,
                amountDue: 70,
                orderCount: 2,
                reservedUntil: "2026-01-05T11:00:00.000Z",
                orders: [checkoutOrder(1), checkoutOrder(2)],
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByLabelText("Address")).toHaveValue("27 Gulshan Avenue, Dhaka");
    expect(screen.getByLabelText("Phone")).toHaveValue("01812345678");
    expect(screen.getByText("3 × Part 1")).toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$70.00");
    await userEvent.click(screen.getByRole("button", { name: "Place order ($70.00)" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/checkout/c-1"));
    expect(await screen.findByRole("heading", { level: 1, name: "Pay for your order" })).toBeInTheDocument();
    expect(screen.getByTestId("checkout-amount-due")).toHaveTextContent("$70.00");
  });

  it("asks for an address and phone like the reservation form when the profile has none", async () => {
    renderApp({
      route: "/checkout",
      auth: createFakeAuth({ user: customer }),
      mocks: [cartMock(LINES), profileMock(null)],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Place order ($70.00)" }));
    expect(await screen.findByText("Address is Required")).toBeInTheDocument();
    expect(screen.getByText("Phone is Required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Phone"), "call me");
    await userEvent.click(screen.getByRole("button", { name: "Place order ($70.00)" }));
    expect(await screen.findByText("Phone must be a number")).toBeInTheDocument();
  });

  it("shows the server's refusal naming the part, marks its line and stays on the checkout", async () => {
    const message = "Part 2 is sold out: fewer than its minimum order of 2 are available";
    renderApp({
      route: "/checkout",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        cartMock(LINES),
        profileMock({ address: "27 Gulshan Avenue, Dhaka", phone: "01812345678" }),
        {
          request: placeRequest,
          result: { errors: [new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", line: 1 } })] },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Place order ($70.00)" }));
    expect(await screen.findByTestId("checkout-error")).toHaveTextContent(message);
    expect(screen.getByText("2 × Part 2").closest("li")).toHaveClass("checkout-line--refused");
    expect(screen.getByTestId("location")).toHaveTextContent("/checkout");
  });

  it("sends a visitor to sign in first", async () => {
    renderApp({ route: "/checkout" });
    // The login page is fetched when first opened: give it time.
    expect(await screen.findByRole("heading", { name: "Login" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });
});
