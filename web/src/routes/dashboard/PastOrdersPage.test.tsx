import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { ORDERS_PAGE_SIZE } from "./MyOrdersPage";
import { PastOrdersDocument, PastOrdersPage } from "./PastOrdersPage";

const pastOrder = (n: number, status: "CANCELLED" | "REFUNDED") => ({
  __typename: "Order",
  id: `order-${n}`,
  databaseId: `o-${n}`,
  number: `10000${n}`,
  partName: `Part ${n}`,
  quantity: 2,
  price: 80,
  status,
  paid: false,
  transactionId: status === "REFUNDED" ? `pi_${n}` : null,
  createdAt: "2026-01-05T10:00:00.000Z",
  paidAt: status === "REFUNDED" ? "2026-01-05T11:00:00.000Z" : null,
  cancelledAt: status === "CANCELLED" ? "2026-01-05T12:00:00.000Z" : null,
  reservedUntil: null,
  refundedAt: status === "REFUNDED" ? "2026-01-06T08:00:00.000Z" : null,
  disputeStatus: null,
  paymentError: null,
  fulfilment: null,
});

describe("past orders", () => {
  it("lists cancelled and refunded orders with their numbers and when they ended, without actions", async () => {
    renderApp({
      ui: <PastOrdersPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: PastOrdersDocument, variables: { first: ORDERS_PAGE_SIZE } },
          result: {
            data: {
              viewer: {
                __typename: "Viewer",
                id: "viewer-1",
                pastOrders: {
                  __typename: "OrderConnection",
                  edges: [pastOrder(1, "CANCELLED"), pastOrder(2, "REFUNDED")].map((node, i) => ({
                    __typename: "OrderEdge",
                    cursor: `c${i}`,
                    node,
                  })),
                  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
                },
              },
            },
          },
        },
      ],
    });
    const cancelled = (await screen.findByText("Part 1")).closest("tr")!;
    expect(within(cancelled).getByText("Cancelled", { selector: ".badge" })).toBeInTheDocument();
    expect(within(cancelled).getByText("Cancelled", { selector: "dt" })).toBeInTheDocument();
    expect(within(cancelled).getByRole("link", { name: "Order #100001" })).toHaveAttribute(
      "href",
      "/dashboard/orders/o-1",
    );
    const refunded = screen.getByText("Part 2").closest("tr")!;
    expect(within(refunded).getByText("Refunded", { selector: ".badge" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument();
  });
});
