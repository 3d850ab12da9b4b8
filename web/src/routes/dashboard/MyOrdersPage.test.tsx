import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { setAccessToken, getAccessToken } from "@/lib/auth/accessToken";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { CancelOrderDocument, MyOrdersDocument, MyOrdersPage, ORDERS_PAGE_SIZE } from "./MyOrdersPage";

/** happy-dom has no window.confirm: install a stub answering `answer`. */
function stubConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
  return confirm;
}

const order = (n: number, paid: boolean) => ({
  __typename: "Order",
  id: `order-${n}`,
  databaseId: `o-${n}`,
  number: `10000${n}`,
  partName: `Part ${n}`,
  quantity: 2,
  price: 80,
  status: paid ? "PAID" : "UNPAID",
  paid,
  transactionId: paid ? `pi_${n}` : null,
  createdAt: "2026-01-05T10:00:00.000Z",
  paidAt: paid ? "2026-01-05T11:30:00.000Z" : null,
  cancelledAt: null,
  reservedUntil: paid ? null : "2026-01-05T11:00:00.000Z",
  refundedAt: null,
  disputeStatus: null,
  paymentError: null,
  fulfilment: paid ? "PARTLY_SHIPPED" : null,
});

const ordersMock = (orders: object[]) => ({
  request: { query: MyOrdersDocument, variables: { first: ORDERS_PAGE_SIZE } },
  result: {
    data: {
      viewer: {
        __typename: "Viewer",
        id: "viewer-1",
        orders: {
          __typename: "OrderConnection",
          edges: orders.map((node, i) => ({ __typename: "OrderEdge", cursor: `c${i}`, node })),
          pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
        },
      },
    },
  },
});

describe("my orders", () => {
  it("lets an unpaid order be paid or cancelled and shows a paid one as Shipped, its fulfilment beside it", async () => {
    renderApp({
      ui: <MyOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [ordersMock([order(1, false), order(2, true)])],
    });
    const unpaidRow = (await screen.findByText("Part 1")).closest("tr")!;
    expect(within(unpaidRow).getByRole("link", { name: "Pay for Part 1" })).toHaveAttribute(
      "href",
      "/dashboard/payment/o-1",
    );
    expect(within(unpaidRow).getByRole("button", { name: "Cancel order for Part 1" })).toBeInTheDocument();
    // Each row's number leads to the order's page.
    expect(within(unpaidRow).getByRole("link", { name: "Order #100001" })).toHaveAttribute(
      "href",
      "/dashboard/orders/o-1",
    );
    expect(screen.getByRole("link", { name: "Past orders" })).toHaveAttribute("href", "/dashboard/past_orders");
    const paidRow = screen.getByText("Part 2").closest("tr")!;
    expect(within(paidRow).getByText("Shipped")).toBeInTheDocument();
    expect(within(paidRow).getByTestId("fulfilment-state")).toHaveTextContent("Fulfilment: Partly shipped");
    expect(within(unpaidRow).queryByTestId("fulfilment-state")).not.toBeInTheDocument();
    expect(within(paidRow).getByText("pi_2")).toBeInTheDocument();
    expect(within(paidRow).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows when each order was placed, and when it was paid", async () => {
    renderApp({
      ui: <MyOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [ordersMock([order(1, false), order(2, true)])],
    });
    const unpaidDates = within((await screen.findByText("Part 1")).closest("tr")!)
      .getByText("Placed")
      .closest("dl")!;
    expect(within(unpaidDates).getByText("Placed").nextSibling).toHaveTextContent(/Jan 5, 2026/);
    expect(within(unpaidDates).queryByText("Paid")).not.toBeInTheDocument();
    const paidDates = within(screen.getByText("Part 2").closest("tr")!).getByText("Placed").closest("dl")!;
    expect(within(paidDates).getByText("Paid")).toBeInTheDocument();
    expect(paidDates.querySelectorAll("time")[1]).toHaveAttribute("dateTime", "2026-01-05T11:30:00.000Z");
  });

  it('cancels after the browser confirmation and toasts "succeffully deleted"', async () => {
    const confirm = stubConfirm(true);
    renderApp({
      ui: <MyOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        ordersMock([order(1, false)]),
        {
          request: { query: CancelOrderDocument, variables: { id: "order-1" } },
          result: {
            data: {
              cancelOrder: {
                __typename: "Order",
                id: "order-1",
                status: "CANCELLED",
                paid: false,
                part: { __typename: "Part", id: "part-1", available: 9 },
              },
            },
          },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order for Part 1" }));
    expect(confirm).toHaveBeenCalled();
    expect(await screen.findByText("succeffully deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Part 1")).not.toBeInTheDocument());
  });

  it("keeps the order when the confirmation is declined", async () => {
    stubConfirm(false);
    renderApp({
      ui: <MyOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [ordersMock([order(1, false)])],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order for Part 1" }));
    expect(screen.getByText("Part 1")).toBeInTheDocument();
  });

  it("says until when an unpaid order is reserved, and shows a refunded one without actions", async () => {
    const refunded = {
      ...order(2, false),
      status: "REFUNDED",
      transactionId: "pi_2",
      paidAt: "2026-01-05T11:30:00.000Z",
      refundedAt: "2026-01-06T08:00:00.000Z",
      reservedUntil: null,
    };
    renderApp({
      ui: <MyOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [ordersMock([order(1, false), refunded])],
    });
    const unpaidRow = (await screen.findByText("Part 1")).closest("tr")!;
    expect(within(unpaidRow).getByText("Reserved until").nextSibling).toHaveTextContent(/Jan 5, 2026/);
    const refundedRow = screen.getByText("Part 2").closest("tr")!;
    expect(within(refundedRow).getByText("Refunded", { selector: ".badge" })).toBeInTheDocument();
    expect(within(refundedRow).getByText("Refunded", { selector: "dt" })).toBeInTheDocument();
    expect(within(refundedRow).queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(refundedRow).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows an empty state", async () => {
    renderApp({ ui: <MyOrdersPage />, auth: createFakeAuth({ user: customer }), mocks: [ordersMock([])] });
    expect(await screen.findByText("You have no orders yet.")).toBeInTheDocument();
  });

  it.each(["UNAUTHENTICATED", "FORBIDDEN"])("signs out, removes the token and goes home on %s", async (code) => {
    setAccessToken("stale-token");
    const auth = createFakeAuth({ user: customer });
    renderApp({
      route: "/dashboard/my_orders",
      ui: <MyOrdersPage />,
      auth,
      mocks: [
        {
          request: { query: MyOrdersDocument, variables: { first: ORDERS_PAGE_SIZE } },
          result: { errors: [new GraphQLError("No", { extensions: { code } })] },
        },
      ],
    });
    await waitFor(() => expect(auth.spies.signOut).toHaveBeenCalled());
    expect(getAccessToken()).toBeNull();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
  });

  it("offers a retry when loading fails for another reason", async () => {
    renderApp({
      ui: <MyOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: MyOrdersDocument, variables: { first: ORDERS_PAGE_SIZE } },
          error: new Error("Network down"),
        },
        ordersMock([order(3, false)]),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Part 3")).toBeInTheDocument();
  });
});
