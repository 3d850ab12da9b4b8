import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { IsAdminDocument } from "@/lib/auth/useIsAdmin";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { germanSale } from "@/test/saleFixtures";
import { OrderDetailDocument, OrderDetailPage } from "./OrderDetailPage";

const order = {
  __typename: "Order",
  id: "order-1",
  databaseId: "o-1",
  number: "100042",
  partName: "Backlit US Keyboard",
  quantity: 10,
  unitPrice: 28.99,
  price: 289.9,
  status: "CANCELLED",
  paid: false,
  address: "27 Gulshan Avenue, Dhaka",
  phone: "01812345678",
  userName: "Jane Doe",
  userEmail: "jane@example.com",
  transactionId: null,
  reservedUntil: null,
  disputeStatus: null,
  paymentError: null,
  refundedAmount: 0,
  sale: germanSale,
  timeline: [
    {
      __typename: "OrderEvent",
      at: "2026-01-05T10:00:00.000Z",
      kind: "PLACED",
      description: "Placed: 10 x Backlit US Keyboard, $289.90",
    },
    {
      __typename: "OrderEvent",
      at: "2026-01-05T10:30:00.000Z",
      kind: "EXPIRED",
      description: "Its reservation lapsed unpaid",
    },
  ],
  checkout: {
    __typename: "Checkout",
    id: "checkout-1",
    databaseId: "c-1",
    orders: [
      { __typename: "Order", id: "order-1", databaseId: "o-1", number: "100042", partName: "Backlit US Keyboard" },
      { __typename: "Order", id: "order-2", databaseId: "o-2", number: "100043", partName: "Webcam" },
    ],
  },
};

describe("an order's page", () => {
  it("shows its number, line, status and its history with times, and the orders bought with it", async () => {
    renderApp({
      route: "/dashboard/orders/o-1",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        { request: { query: OrderDetailDocument, variables: { id: "o-1" } }, result: { data: { order } } },
        {
          request: { query: IsAdminDocument, variables: { email: customer.email } },
          result: { data: { isAdmin: false } },
          maxUsageCount: 10,
        },
      ],
      ui: undefined,
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Order #100042" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("$289.90")).toBeInTheDocument();
    expect(screen.getByTestId("order-status")).toHaveTextContent("Cancelled");
    const history = within(screen.getByRole("list", { name: "Order history" })).getAllByRole("listitem");
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Jan 5, 2026.*Placed: 10 x Backlit US Keyboard, \$289\.90$/),
      expect.stringMatching(/^Jan 5, 2026.*Its reservation lapsed unpaid$/),
    ]);
    expect(within(history[0]).getByText(/Jan 5, 2026/).tagName).toBe("TIME");
    expect(screen.getByRole("link", { name: "#100043" })).toHaveAttribute("href", "/dashboard/orders/o-2");
    // A cancelled order is one of the past orders.
    expect(screen.getByRole("link", { name: "Back to past orders" })).toHaveAttribute("href", "/dashboard/past_orders");
    expect(screen.queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
    // A cancelled line no longer counts in what its order comes to.
    expect(screen.queryByRole("region", { name: "Order total" })).not.toBeInTheDocument();
  });

  it("shows its customer what the whole order comes to and where it ships", async () => {
    const shipped = { ...order, status: "PAID", paid: true, transactionId: "pi_1" };
    renderApp({
      route: "/dashboard/orders/o-1",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        { request: { query: OrderDetailDocument, variables: { id: "o-1" } }, result: { data: { order: shipped } } },
        {
          request: { query: IsAdminDocument, variables: { email: customer.email } },
          result: { data: { isAdmin: false } },
          maxUsageCount: 10,
        },
      ],
    });
    const total = await screen.findByRole("region", { name: "Order total" }, { timeout: 5000 });
    const labels = within(total)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(labels).toEqual([
      "Subtotal",
      "Shipping (Express, 2–4 working days)",
      "Tax (Germany, incl. in shown prices)",
      "Total",
    ]);
    expect(within(total).getByText("$261.28")).toBeInTheDocument();
    expect(within(total).getByText("Unter den Linden 6")).toBeInTheDocument();
    // The line's own total stays its price, as the spec shows it.
    expect(screen.getByText("$289.90")).toBeInTheDocument();
  });

  it("says so for an order that is not the customer's", async () => {
    renderApp({
      ui: <OrderDetailPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: OrderDetailDocument, variables: { id: "" } },
          result: { errors: [{ message: "No order with this id", extensions: { code: "NOT_FOUND" } }] },
        },
      ],
    });
    expect(await screen.findByText("This order does not exist.")).toBeInTheDocument();
  });
});
