import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { PickListPage } from "./PickListPage";
import { ToShipPage } from "./ToShipPage";
import { ToShipQueueDocument } from "./toShipQueue";

const line = (
  id: string,
  number: string,
  partName: string,
  partNumber: string | null,
  quantity: number,
  shipped: number,
) => ({
  __typename: "OrderToShipLine",
  partName,
  partNumber,
  quantity,
  shipped,
  toShip: quantity - shipped,
  order: { __typename: "Order", id, databaseId: `db-${id}`, number },
});

const ORDER_A = {
  __typename: "OrderToShip",
  paidAt: "2026-01-05T10:00:00.000Z",
  customerName: "Casey Customer",
  customerEmail: "casey@example.com",
  address: "350 Fifth Avenue, New York NY 10118, United States",
  shippingMethodName: "Express",
  fulfilment: "PARTLY_SHIPPED",
  order: { __typename: "Order", id: "order-1", databaseId: "db-order-1", number: "100042" },
  shipTo: {
    __typename: "PostalAddress",
    name: "Casey Customer",
    company: "Casey Repairs",
    line1: "350 Fifth Avenue",
    line2: null,
    city: "New York",
    region: "NY",
    postalCode: "10118",
    countryName: "United States",
    phone: "+12125550100",
  },
  lines: [
    line("order-1", "100042", "1TB NVMe M.2 2280 SSD", "SSD-1TB-P4", 6, 6),
    line("order-2", "100043", "Hinge Set", "HNG-156", 25, 10),
    line("order-3", "100044", "720p HD Webcam Module", null, 20, 0),
  ],
};
const ORDER_B = {
  ...ORDER_A,
  paidAt: "2026-01-06T10:00:00.000Z",
  customerName: "Dana Dealer",
  customerEmail: "dana@example.com",
  address: "12 Circuit Lane, Dhaka",
  shippingMethodName: null,
  fulfilment: "TO_SHIP",
  order: { __typename: "Order", id: "order-7", databaseId: "db-order-7", number: "100050" },
  shipTo: null,
  lines: [line("order-7", "100050", "Backlit US Keyboard", "KB-US-14", 10, 0)],
};
const ORDER_C = {
  ...ORDER_B,
  paidAt: "2026-01-07T10:00:00.000Z",
  customerName: "Eve Engineer",
  customerEmail: "eve@example.com",
  order: { __typename: "Order", id: "order-9", databaseId: "db-order-9", number: "100060" },
  lines: [line("order-9", "100060", "Laptop Fan", "FAN-1", 5, 0)],
};

const page = (nodes: object[], totalCount: number, endCursor: string | null) => ({
  toShip: {
    __typename: "OrderToShipConnection",
    totalCount,
    edges: nodes.map((node, index) => ({ __typename: "OrderToShipEdge", cursor: `${endCursor}-${index}`, node })),
    pageInfo: { __typename: "PageInfo", hasNextPage: endCursor !== null, endCursor },
  },
});

describe("the To-ship queue", () => {
  it("lists the paid orders waiting, each with its customer, ship-to, method, state and lines ordered, shipped and left, and pages on", async () => {
    renderApp({
      ui: <ToShipPage />,
      auth: createFakeAuth({ user: admin }),
      mocks: [
        {
          request: { query: ToShipQueueDocument, variables: {} },
          result: { data: page([ORDER_A, ORDER_B], 3, "c1") },
        },
        {
          request: { query: ToShipQueueDocument, variables: { after: "c1" } },
          result: { data: page([ORDER_C], 3, null) },
        },
      ],
    });
    const queue = await screen.findByRole("list", { name: "Orders to ship" });
    expect(screen.getByTestId("to-ship-count")).toHaveTextContent("3 orders wait, the oldest payment first.");
    const orders = () => within(queue).getAllByRole("listitem");
    expect(orders()).toHaveLength(2);

    const first = orders()[0];
    expect(within(first).getByRole("link", { name: "Order #100042" })).toHaveAttribute(
      "href",
      "/dashboard/orders/db-order-1",
    );
    expect(first).toHaveAccessibleName("Order #100042");
    expect(within(first).getByTestId("fulfilment-state")).toHaveTextContent("Fulfilment: Partly shipped");
    expect(within(first).getByText("Jan 5, 2026", { exact: false }).tagName).toBe("TIME");
    expect(within(first).getByText("casey@example.com")).toBeInTheDocument();
    expect(within(first).getByText("Express")).toBeInTheDocument();
    expect(Array.from(first.querySelectorAll(".ship-to__line")).map((element) => element.textContent)).toEqual([
      "Casey Customer",
      "Casey Repairs",
      "350 Fifth Avenue",
      "New York NY 10118",
      "United States",
      "+12125550100",
    ]);
    const rows = within(first).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["1TB NVMe M.2 2280 SSD #100042", "SSD-1TB-P4", "6", "6", "0"],
      ["Hinge Set #100043", "HNG-156", "25", "10", "15"],
      ["720p HD Webcam Module #100044", "—", "20", "0", "20"],
    ]);

    // A reservation paid without a chosen delivery ships to the address it gave.
    const second = orders()[1];
    expect(within(second).getByTestId("fulfilment-state")).toHaveTextContent("Fulfilment: To ship");
    expect(within(second).getByText("12 Circuit Lane, Dhaka")).toBeInTheDocument();
    expect(within(second).getByText("Not chosen")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more orders" }));
    await waitFor(() => expect(orders()).toHaveLength(3));
    expect(orders().map((order) => within(order).getByRole("heading").textContent)).toEqual([
      "Order #100042",
      "Order #100050",
      "Order #100060",
    ]);
    expect(screen.queryByRole("button", { name: "Load more orders" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pick list" })).toHaveAttribute("href", "/dashboard/to_ship/pick_list");
  });

  it("says so when nothing waits", async () => {
    renderApp({
      ui: <ToShipPage />,
      auth: createFakeAuth({ user: admin }),
      mocks: [
        {
          request: { query: ToShipQueueDocument, variables: {} },
          result: { data: page([], 0, null) },
        },
      ],
    });
    expect(await screen.findByText("Nothing to ship: every paid order has left the warehouse.")).toBeInTheDocument();
  });
});

describe("the pick list", () => {
  it("lists what is left to pick of each order by part number, with where it goes, and prints", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    try {
      renderApp({
        ui: <PickListPage />,
        auth: createFakeAuth({ user: admin }),
        mocks: [
          {
            request: { query: ToShipQueueDocument, variables: {} },
            result: { data: page([ORDER_A, ORDER_B], 2, null) },
          },
        ],
      });
      const list = await screen.findByRole("list", { name: "Orders to pick" });
      // The SSDs have all gone: 15 hinges and 20 webcams, then 10 keyboards.
      expect(screen.getByTestId("pick-list-summary")).toHaveTextContent(
        "45 units for 2 orders, the oldest payment first.",
      );
      const [first, second] = within(list).getAllByRole("listitem");
      expect(within(first).getByRole("heading")).toHaveTextContent("Order #100042 Casey Customer");
      const picks = (order: HTMLElement) =>
        within(order)
          .getAllByRole("row")
          .slice(1)
          .map((row) =>
            within(row)
              .getAllByRole("cell")
              .slice(1)
              .map((cell) => cell.textContent),
          );
      expect(picks(first)).toEqual([
        ["15", "HNG-156", "Hinge Set"],
        ["20", "—", "720p HD Webcam Module"],
      ]);
      expect(within(first).getByText("New York NY 10118")).toBeInTheDocument();
      expect(picks(second)).toEqual([["10", "KB-US-14", "Backlit US Keyboard"]]);
      expect(within(second).getByText("12 Circuit Lane, Dhaka")).toBeInTheDocument();

      await userEvent.click(screen.getByRole("button", { name: "Print" }));
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
