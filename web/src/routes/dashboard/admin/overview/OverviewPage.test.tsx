import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { RestockPartDocument } from "../parts/partMutations";
import { AdminOverviewDocument, OverviewPage } from "./OverviewPage";

const days = Array.from({ length: 30 }, (_, i) => ({
  __typename: "DailySales",
  day: `2026-01-${String(i + 1).padStart(2, "0")}`,
  revenue: i === 29 ? 349.95 : i === 10 ? 100 : 0,
  paidOrders: i === 29 ? 1 : i === 10 ? 2 : 0,
}));

const overview = (lowStockParts: object[]) => ({
  data: {
    adminOverview: {
      __typename: "AdminOverview",
      days: 30,
      firstDay: "2026-01-01",
      lastDay: "2026-01-30",
      revenue: 449.95,
      paidOrders: 3,
      openUnpaidOrders: 2,
      openUnpaidValue: 949.85,
      customers: 12,
      newCustomers: 4,
      lowStockCount: lowStockParts.length,
      revenueByDay: days,
      topParts: [
        {
          __typename: "PartSales",
          part: { __typename: "Part", id: "P1", databaseId: "p-1", name: "NVMe SSD" },
          unitsSold: 5,
          revenue: 349.95,
        },
      ],
      lowStockParts,
    },
  },
});

const panel = {
  __typename: "Part",
  id: "P2",
  databaseId: "p-2",
  name: "FHD panel",
  available: 3,
  lowStockThreshold: 10,
};

describe("the overview", () => {
  it("shows the figures, a table of each chart's figures, the top parts, and restocks a low-stock part", async () => {
    renderApp({
      ui: <OverviewPage />,
      auth: createFakeAuth({ user: admin }),
      mocks: [
        { request: { query: AdminOverviewDocument }, result: overview([panel]) },
        {
          request: { query: RestockPartDocument, variables: { id: "P2", quantity: 50 } },
          result: {
            data: { restockPart: { __typename: "Part", id: "P2", name: "FHD panel", available: 53, lowStock: false } },
          },
        },
        { request: { query: AdminOverviewDocument }, result: overview([]) },
      ],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Overview" })).toBeInTheDocument();
    expect(screen.getByText("$449.95")).toBeInTheDocument();
    expect(screen.getByText("$949.85 waiting for payment")).toBeInTheDocument();
    expect(screen.getByText("4 new in the last 30 days")).toBeInTheDocument();

    const revenue = screen.getByRole("table", { name: "Revenue per day" });
    const rows = within(revenue).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    expect(within(rows[29]).getByText("$349.95")).toBeInTheDocument();
    expect(within(rows[0]).getByText("$0.00")).toBeInTheDocument();
    const orders = screen.getByRole("table", { name: "Paid orders per day" });
    expect(within(within(orders).getAllByRole("row")[11]).getByText("2")).toBeInTheDocument();

    const top = screen.getByRole("table", { name: "Top parts by units sold" });
    expect(within(top).getByRole("link", { name: "NVMe SSD" })).toHaveAttribute("href", "/dashboard/manage_parts/p-1");

    const low = screen.getByRole("table", { name: "Parts low on stock" });
    await userEvent.type(within(low).getByLabelText("Units to add to FHD panel"), "50");
    await userEvent.click(within(low).getByRole("button", { name: "Restock" }));
    expect(await screen.findByText("Restocked FHD panel: +50, now 53")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Every part on sale is above its threshold.")).toBeInTheDocument());
  });
});
