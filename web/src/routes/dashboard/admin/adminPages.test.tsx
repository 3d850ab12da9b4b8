import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { Route, Routes } from "react-router-dom";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { uploadedImage } from "@/test/imageFixtures";
import { AllUsersDocument, AllUsersPage, DemoteAdminDocument, MakeAdminDocument } from "./AllUsersPage";
import {
  AdminCancelOrderDocument,
  AllOrdersDocument,
  ManageAllOrdersPage,
  RefundOrderDocument,
} from "./ManageAllOrdersPage";
import {
  DeleteProductDocument,
  deleteQuestion,
  ManageProductsDocument,
  ManageProductsPage,
} from "./ManageProductsPage";
import { UpdateProductDocument } from "./ProductEditForm";
import { CustomerDocument, CustomerPage } from "./CustomerPage";

const page = (typename: string, nodes: object[]) => ({
  __typename: `${typename}Connection`,
  edges: nodes.map((node, i) => ({ __typename: `${typename}Edge`, cursor: `c${i}`, node })),
  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
});

const user = (email: string, role: "ADMIN" | "USER") => ({
  __typename: "User",
  id: `user-${email}`,
  databaseId: `db-${email}`,
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
  total: 10,
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
  fulfilment: paid ? "TO_SHIP" : null,
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
    // Beside the spec's status, where the paid order's parcels stand.
    expect(within(paidRow).getByTestId("fulfilment-state")).toHaveTextContent("Fulfilment: To ship");
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
  const fan = {
    __typename: "Product",
    id: "prod-1",
    name: "Fan",
    img: null,
    image: null,
    price: 12,
    availableQuantity: 3,
    description: "A quiet fan",
  };
  const productsMock = {
    request: { query: ManageProductsDocument, variables: { first: 20 } },
    result: { data: { products: page("Product", [fan]) } },
  };

  it('deletes a product once the admin confirms, and toasts "Product: {name} is deleted."', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
    renderApp({
      ui: <ManageProductsPage />,
      auth: asAdmin(),
      mocks: [
        productsMock,
        {
          request: { query: DeleteProductDocument, variables: { id: "prod-1" } },
          result: { data: { deleteProduct: { __typename: "DeleteProductPayload", deletedId: "prod-1", name: "Fan" } } },
        },
      ],
    });
    // Declined: nothing is deleted.
    await userEvent.click(await screen.findByRole("button", { name: "Delete Fan" }));
    expect(confirm).toHaveBeenCalledWith(deleteQuestion("Fan"));
    expect(screen.getByRole("button", { name: "Delete Fan" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete Fan" }));
    expect(await screen.findByText("Product: Fan is deleted.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Fan" })).not.toBeInTheDocument());
  });

  it("shows a product's uploaded photo as a 48 px thumbnail from its variants, and says when one has none", async () => {
    const KEY = "d0c00000000000000000000000000002";
    const dock = { ...fan, id: "prod-2", name: "Dock", img: `/uploads/${KEY}.jpg`, image: uploadedImage(KEY) };
    renderApp({
      ui: <ManageProductsPage />,
      auth: asAdmin(),
      mocks: [{ ...productsMock, result: { data: { products: page("Product", [fan, dock]) } } }],
    });
    const photo = await screen.findByRole("img", { name: "Dock" });
    expect(photo).toHaveAttribute("srcset", `/uploads/${KEY}-320.jpg 320w, /uploads/${KEY}-640.jpg 640w`);
    expect(photo).toHaveAttribute("sizes", "48px");
    expect(photo).toHaveAttribute("width", "1000");
    expect(photo).toHaveAttribute("loading", "lazy");
    expect(screen.getByText("Fan", { selector: "td *, td" }).closest("tr")).toHaveTextContent("No photo");
  });

  it("edits a product in place: the row shows the saved values, and the server's refusal is shown as it says it", async () => {
    const saved = { ...fan, price: 10.5, availableQuantity: 7, description: "A quieter fan" };
    renderApp({
      ui: <ManageProductsPage />,
      auth: asAdmin(),
      mocks: [
        productsMock,
        {
          request: {
            query: UpdateProductDocument,
            variables: {
              id: "prod-1",
              input: { name: "Fan", price: 10.555, availableQuantity: 3, description: "A quiet fan", img: "" },
            },
          },
          result: { errors: [new GraphQLError("Price must be an amount in dollars with at most two decimals")] },
        },
        {
          request: {
            query: UpdateProductDocument,
            variables: {
              id: "prod-1",
              input: { name: "Fan", price: 10.5, availableQuantity: 7, description: "A quieter fan", img: "" },
            },
          },
          result: { data: { updateProduct: saved } },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Fan" }));
    const form = screen.getByRole("form", { name: "Edit Fan" });
    const price = within(form).getByLabelText("Price ($)");
    await userEvent.clear(price);
    await userEvent.type(price, "10.555");
    await userEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Price must be an amount in dollars with at most two decimals")).toBeInTheDocument();

    await userEvent.clear(price);
    await userEvent.type(price, "10.5");
    const stock = within(form).getByLabelText("Available quantity");
    await userEvent.clear(stock);
    await userEvent.type(stock, "7");
    const description = within(form).getByLabelText("Description");
    await userEvent.clear(description);
    await userEvent.type(description, "A quieter fan");
    await userEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Fan is saved")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit Fan" })).not.toBeInTheDocument());
    const row = screen.getByText("Fan", { selector: "td *, td" }).closest("tr")!;
    expect(row).toHaveTextContent("$10.50");
    expect(row).toHaveTextContent("7");
  });
});

describe("all users: search and a customer's detail", () => {
  it("searches by name or email, and links each user to their detail", async () => {
    renderApp({
      route: "/dashboard/all_users",
      ui: (
        <Routes>
          <Route path="/dashboard/all_users" element={<AllUsersPage />} />
        </Routes>
      ),
      auth: asAdmin(),
      mocks: [
        usersMock,
        {
          request: { query: AllUsersDocument, variables: { first: 20, search: "zoe" } },
          result: { data: { users: page("User", [user("zoe@example.com", "USER")]) } },
        },
      ],
    });
    await screen.findByText("bob@example.com");
    await userEvent.type(screen.getByLabelText("Search by name or email"), "zoe");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    const link = await screen.findByRole("link", { name: "Customer detail: zoe@example.com" });
    expect(link).toHaveAttribute("href", "/dashboard/all_users/db-zoe@example.com");
    expect(screen.queryByText("bob@example.com")).not.toBeInTheDocument();
  });

  it("shows the customer's profile, totals, and orders with their numbers, statuses and fulfilment", async () => {
    renderApp({
      route: "/dashboard/all_users/u-1",
      ui: (
        <Routes>
          <Route path="/dashboard/all_users/:userId" element={<CustomerPage />} />
        </Routes>
      ),
      auth: asAdmin(),
      mocks: [
        {
          request: { query: CustomerDocument, variables: { id: "u-1", first: 20 } },
          result: {
            data: {
              customer: {
                __typename: "Customer",
                user: {
                  __typename: "User",
                  id: "g-1",
                  databaseId: "u-1",
                  email: "zoe@example.com",
                  displayName: "Zoë Brontë",
                  role: "USER",
                  emailVerified: true,
                },
                profile: {
                  __typename: "Profile",
                  userName: "Zoë",
                  address: "12 Harbour Road",
                  phone: "0123456789",
                  education: "Bristol",
                  linkedin: "https://www.linkedin.com/in/zoe",
                },
                totals: {
                  __typename: "CustomerTotals",
                  orders: 2,
                  paidOrders: 1,
                  unpaidOrders: 1,
                  paid: 25,
                  unpaid: 9.99,
                  refunded: 0,
                },
                orders: page("Order", [
                  {
                    __typename: "Order",
                    id: "o-2",
                    databaseId: "d-2",
                    number: "100043",
                    partName: "Fan",
                    quantity: 1,
                    price: 9.99,
                    status: "UNPAID",
                    fulfilment: null,
                    createdAt: "2026-01-06T10:00:00.000Z",
                  },
                  {
                    __typename: "Order",
                    id: "o-1",
                    databaseId: "d-1",
                    number: "100042",
                    partName: "SSD",
                    quantity: 2,
                    price: 25,
                    status: "PAID",
                    fulfilment: "SHIPPED",
                    createdAt: "2026-01-05T10:00:00.000Z",
                  },
                ]),
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByRole("heading", { name: "Zoë Brontë" })).toBeInTheDocument();
    expect(screen.getByText("12 Harbour Road")).toBeInTheDocument();
    const totals = screen.getByRole("region", { name: "Totals" });
    expect(within(totals).getByText("Paid").nextSibling).toHaveTextContent("$25.00 (1 orders)");
    expect(within(totals).getByText("Unpaid").nextSibling).toHaveTextContent("$9.99 (1 orders)");
    const paid = screen.getByRole("link", { name: "#100042" }).closest("tr")!;
    expect(within(paid).getByText("Paid", { selector: ".badge" })).toBeInTheDocument();
    expect(within(paid).getByTestId("fulfilment-state")).toHaveTextContent("Fulfilment: Shipped");
    const unpaid = screen.getByRole("link", { name: "#100043" }).closest("tr")!;
    expect(within(unpaid).getByText("Unpaid", { selector: ".badge" })).toBeInTheDocument();
  });
});
