import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { Route, Routes } from "react-router-dom";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { AllUsersDocument, AllUsersPage, DemoteAdminDocument, MakeAdminDocument } from "./AllUsersPage";
import {
  AdminCancelOrderDocument,
  AllOrdersDocument,
  ManageAllOrdersPage,
  RefundOrderDocument,
} from "./ManageAllOrdersPage";
import { DeleteProductDocument, ManageProductsDocument, ManageProductsPage } from "./ManageProductsPage";

const page = (typename: string, nodes: object[]) => ({
  __typename: `${typename}Connection`,
  edges: nodes.map((node, i) => ({ __typename: `${typename}Edge`, cursor: `c${i}`, node })),
  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
});

const user = (email: string, role: "ADMIN" | "USER") => ({
  __typename: "User",
  id: `user-${email}`,
  email,
  displayName: null,
  role,
  emailVerified: true,
});
const usersMock = {
  request: { query: AllUsersDocument, variables: { first: 20 } },
  result: { data: { users: page("User", [user("bob@example.com", "USER"), user(admin.email, "ADMIN")]) } },
};

const asAdmin = () => createFakeAuth({ user: admin });

describe("all users", () => {
  it('promotes a user and toasts "Successfully to made admin"', async () => {
    renderApp({
      ui: <AllUsersPage />,
      auth: asAdmin(),
      mocks: [
        usersMock,
        {
          request: { query: MakeAdminDocument, variables: { email: "bob@example.com" } },
          result: { data: { makeAdmin: { __typename: "User", id: "user-bob@example.com", role: "ADMIN" } } },
        },
      ],
    });
    const row = (await screen.findByText("bob@example.com")).closest("tr")!;
    expect(within(screen.getByText(admin.email).closest("tr")!).queryByRole("button")).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Make admin: bob@example.com" }));
    expect(await screen.findByText("Successfully to made admin")).toBeInTheDocument();
    await waitFor(() => expect(within(row).queryByRole("button", { name: /Make admin/ })).not.toBeInTheDocument());
    expect(within(row).getByRole("button", { name: "Remove admin: bob@example.com" })).toBeInTheDocument();
  });

  it("removes another admin's role after confirmation, but offers no button for one's own", async () => {
    Object.defineProperty(window, "confirm", { value: vi.fn(() => true), configurable: true, writable: true });
    renderApp({
      ui: <AllUsersPage />,
      auth: asAdmin(),
      mocks: [
        {
          request: { query: AllUsersDocument, variables: { first: 20 } },
          result: { data: { users: page("User", [user("carol@example.com", "ADMIN"), user(admin.email, "ADMIN")]) } },
        },
        {
          request: { query: DemoteAdminDocument, variables: { email: "carol@example.com" } },
          result: { data: { demoteAdmin: { __typename: "User", id: "user-carol@example.com", role: "USER" } } },
        },
      ],
    });
    const row = (await screen.findByText("carol@example.com")).closest("tr")!;
    expect(within(screen.getByText(admin.email).closest("tr")!).queryByRole("button")).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Remove admin: carol@example.com" }));
    expect(window.confirm).toHaveBeenCalled();
    expect(await screen.findByText("carol@example.com is no longer an admin")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row).getByRole("button", { name: "Make admin: carol@example.com" })).toBeInTheDocument(),
    );
  });

  it('toasts "Failed to make an admin" when refused', async () => {
    renderApp({
      ui: <AllUsersPage />,
      auth: asAdmin(),
      mocks: [
        usersMock,
        {
          request: { query: MakeAdminDocument, variables: { email: "bob@example.com" } },
          result: { errors: [new GraphQLError("Forbidden", { extensions: { code: "FORBIDDEN" } })] },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Make admin: bob@example.com" }));
    expect(await screen.findByText("Failed to make an admin")).toBeInTheDocument();
  });
});

const order = (n: number, paid: boolean) => ({
  __typename: "Order",
  id: `order-${n}`,
  databaseId: `o-${n}`,
  number: `10000${n}`,
  partName: `Part ${n}`,
  quantity: 1,
  price: 10,
  userName: "Bob",
  userEmail: "bob@example.com",
  paid,
  status: paid ? "PAID" : "UNPAID",
  transactionId: paid ? "pi_1" : null,
  createdAt: "2026-01-05T10:00:00.000Z",
  paidAt: paid ? "2026-01-05T11:30:00.000Z" : null,
  cancelledAt: null,
  refundedAt: null,
  disputeStatus: null,
  paymentError: null,
});

describe("manage all orders", () => {
  it("refunds a paid order after confirmation and shows it as Refunded", async () => {
    const confirm = vi.fn(() => true);
    Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
    renderApp({
      ui: <ManageAllOrdersPage />,
      auth: asAdmin(),
      mocks: [
        {
          request: { query: AllOrdersDocument, variables: { first: 20 } },
          result: { data: { orders: page("Order", [order(1, true)]) } },
        },
        {
          request: { query: RefundOrderDocument, variables: { id: "order-1" } },
          result: {
            data: {
              refundOrder: {
                __typename: "Order",
                id: "order-1",
                status: "REFUNDED",
                paid: false,
                refundedAt: "2026-01-06T09:00:00.000Z",
                part: { __typename: "Part", id: "part-x", available: 5 },
              },
            },
          },
        },
      ],
    });
    const row = (await screen.findByText("Part 1")).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: "Refund the order of bob@example.com for Part 1" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Refund \$10\.00 to bob@example\.com for Part 1\?/));
    expect(await screen.findByText("Refunded $10.00 for Part 1")).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText("Refunded", { selector: ".badge" })).toBeInTheDocument());
    expect(within(row).queryByRole("button", { name: /Refund the order/ })).not.toBeInTheDocument();
  });

  it("disables Confirm Order on a paid order and deletes an unpaid one after confirmation", async () => {
    Object.defineProperty(window, "confirm", { value: vi.fn(() => true), configurable: true, writable: true });
    renderApp({
      ui: <ManageAllOrdersPage />,
      auth: asAdmin(),
      mocks: [
        {
          request: { query: AllOrdersDocument, variables: { first: 20 } },
          result: { data: { orders: page("Order", [order(1, true), order(2, false)]) } },
        },
        {
          request: { query: AdminCancelOrderDocument, variables: { id: "order-2" } },
          result: {
            data: {
              adminCancelOrder: {
                __typename: "Order",
                id: "order-2",
                status: "CANCELLED",
                paid: false,
                cancelledAt: "2026-01-06T09:00:00.000Z",
                part: { __typename: "Part", id: "part-x", available: 4 },
              },
            },
          },
        },
      ],
    });
    const paidRow = (await screen.findByText("Part 1")).closest("tr")!;
    expect(within(paidRow).getByRole("button", { name: "Confirm Order" })).toBeDisabled();
    const unpaidRow = screen.getByText("Part 2").closest("tr")!;
    await userEvent.click(within(unpaidRow).getByRole("button", { name: "Delete order" }));
    expect(window.confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText("Part 2")).not.toBeInTheDocument());
  });
});

describe("manage all orders: filters and export", () => {
  it("filters by state and searches, with the filters in the address; shows when each order was placed and paid", async () => {
    renderApp({
      route: "/dashboard/manage_all_orders",
      ui: (
        <Routes>
          <Route path="/dashboard/manage_all_orders" element={<ManageAllOrdersPage />} />
        </Routes>
      ),
      auth: asAdmin(),
      mocks: [
        {
          request: { query: AllOrdersDocument, variables: { first: 20 } },
          result: { data: { orders: page("Order", [order(1, true), order(2, false)]) } },
        },
        {
          request: { query: AllOrdersDocument, variables: { first: 20, status: "UNPAID" } },
          result: { data: { orders: page("Order", [order(2, false)]) } },
        },
        {
          request: { query: AllOrdersDocument, variables: { first: 20, status: "UNPAID", search: "bob@example.com" } },
          result: { data: { orders: page("Order", []) } },
        },
      ],
    });
    const paidRow = (await screen.findByText("Part 1")).closest("tr")!;
    expect(within(paidRow).getByText("Placed").closest("div")).toHaveTextContent(/Placed\s*Jan 5, 2026/);
    expect(within(paidRow).getByText("Paid", { selector: "dt" })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Show"), "unpaid");
    await waitFor(() => expect(screen.queryByText("Part 1")).not.toBeInTheDocument());
    expect(await screen.findByText("Part 2")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Search orders"), "bob@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No order matches these filters.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeInTheDocument();
  });

  it("exports the filtered orders as CSV with the access token, and says why when refused", async () => {
    localStorage.setItem("accessToken", "token-1");
    const fetchSpy = vi.fn(
      async () => new Response(JSON.stringify({ error: "Only admins can do this" }), { status: 403 }),
    );
    vi.stubGlobal("fetch", fetchSpy);
    try {
      renderApp({
        route: "/dashboard/manage_all_orders?status=paid&search=ssd",
        ui: (
          <Routes>
            <Route path="/dashboard/manage_all_orders" element={<ManageAllOrdersPage />} />
          </Routes>
        ),
        auth: asAdmin(),
        mocks: [
          {
            request: { query: AllOrdersDocument, variables: { first: 20, status: "PAID", search: "ssd" } },
            result: { data: { orders: page("Order", [order(1, true)]) } },
          },
        ],
      });
      await screen.findByText("Part 1");
      await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      expect(await screen.findByText("Only admins can do this")).toBeInTheDocument();
      expect(fetchSpy).toHaveBeenCalledWith(expect.stringMatching(/\/admin\/orders\.csv\?status=paid&search=ssd$/), {
        headers: { authorization: "Bearer token-1" },
      });
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem("accessToken");
    }
  });
});

describe("manage products", () => {
  it('deletes a product and toasts "Product: {name} is deleted."', async () => {
    renderApp({
      ui: <ManageProductsPage />,
      auth: asAdmin(),
      mocks: [
        {
          request: { query: ManageProductsDocument, variables: { first: 20 } },
          result: {
            data: {
              products: page("Product", [
                { __typename: "Product", id: "prod-1", name: "Fan", img: null, price: 12, availableQuantity: 3 },
              ]),
            },
          },
        },
        {
          request: { query: DeleteProductDocument, variables: { id: "prod-1" } },
          result: { data: { deleteProduct: { __typename: "DeleteProductPayload", deletedId: "prod-1", name: "Fan" } } },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Fan" }));
    expect(await screen.findByText("Product: Fan is deleted.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Fan" })).not.toBeInTheDocument());
  });
});
