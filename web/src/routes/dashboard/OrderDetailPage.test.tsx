import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IsAdminDocument } from "@/lib/auth/useIsAdmin";
import { CarriersDocument, MarkShipmentDeliveredDocument } from "@/features/fulfilment";
import { admin, createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { germanSale } from "@/test/saleFixtures";
import { OrderDetailDocument, OrderDetailPage } from "./OrderDetailPage";

function line(id: string, databaseId: string, number: string, partName: string, quantity: number, status: string) {
  return { __typename: "Order", id, databaseId, number, partName, quantity, shipped: 0, status };
}

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
  fulfilment: null,
  deliveredAt: null,
  shipped: 0,
  sale: germanSale,
  shipments: [],
  invoice: null,
  creditNotes: [],
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
      line("order-1", "o-1", "100042", "Backlit US Keyboard", 10, "CANCELLED"),
      line("order-2", "o-2", "100043", "Webcam", 20, "CANCELLED"),
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

const PARCEL_1 = {
  __typename: "Shipment",
  id: "ship-1",
  databaseId: "s-1",
  trackingNumber: "1Z999AA10123456784",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  shippedAt: "2026-01-06T09:00:00.000Z",
  deliveredAt: "2026-01-08T15:00:00.000Z",
  carrier: { __typename: "Carrier", code: "ups", name: "UPS" },
  lines: [
    {
      __typename: "ShipmentLine",
      partName: "Backlit US Keyboard",
      quantity: 10,
      order: { __typename: "Order", id: "order-1", number: "100042" },
    },
    {
      __typename: "ShipmentLine",
      partName: "Webcam",
      quantity: 5,
      order: { __typename: "Order", id: "order-2", number: "100043" },
    },
  ],
};
const PARCEL_2 = {
  ...PARCEL_1,
  id: "ship-2",
  databaseId: "s-2",
  trackingNumber: "9400 1000 0000 0000 0000 00",
  trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
  shippedAt: "2026-01-09T09:00:00.000Z",
  deliveredAt: null,
  carrier: { __typename: "Carrier", code: "usps", name: "USPS" },
  lines: [PARCEL_1.lines[1]],
};

/** A paid order of three lines: the keyboards shipped, 10 of 20 webcams in two parcels, the batteries refunded. */
const partlyShipped = {
  ...order,
  status: "PAID",
  paid: true,
  transactionId: "pi_1",
  fulfilment: "PARTLY_SHIPPED",
  shipped: 10,
  shipments: [PARCEL_1, PARCEL_2],
  invoice: {
    __typename: "Invoice",
    id: "invoice-1",
    number: "INV-2026-000123",
    issuedAt: "2026-01-05T10:05:00.000Z",
    total: 945.58,
    downloadPath: "/invoices/INV-2026-000123",
  },
  creditNotes: [
    {
      __typename: "CreditNote",
      id: "credit-1",
      number: "CN-2026-000045",
      issuedAt: "2026-01-07T10:00:00.000Z",
      invoiceNumber: "INV-2026-000123",
      total: 61.2,
      reason: "Refunded by the shop",
      downloadPath: "/credit-notes/CN-2026-000045",
    },
  ],
  checkout: {
    ...order.checkout,
    orders: [
      { ...line("order-1", "o-1", "100042", "Backlit US Keyboard", 10, "PAID"), shipped: 10 },
      { ...line("order-2", "o-2", "100043", "Webcam", 20, "PAID"), shipped: 10 },
      line("order-3", "o-3", "100044", "Battery", 2, "REFUNDED"),
    ],
  },
};

const isAdminMock = (email: string, isAdmin: boolean) => ({
  request: { query: IsAdminDocument, variables: { email } },
  result: { data: { isAdmin } },
  maxUsageCount: 10,
});

/** Catches the file the page hands to the browser: its name, and what was fetched for it. */
function catchDownloads(respond: (url: string) => Response) {
  const fetchSpy = vi.fn(async (url: string, _init?: RequestInit) => respond(url));
  vi.stubGlobal("fetch", fetchSpy);
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const objectUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:document");
  return {
    fetchSpy,
    saved,
    restore() {
      vi.unstubAllGlobals();
      click.mockRestore();
      objectUrl.mockRestore();
    },
  };
}

describe("an order's parcels and documents", () => {
  it("shows its customer each parcel with its tracking link, lines and dates, and the order's fulfilment beside the spec's status", async () => {
    renderApp({
      route: "/dashboard/orders/o-1",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: OrderDetailDocument, variables: { id: "o-1" } },
          result: { data: { order: partlyShipped } },
        },
        isAdminMock(customer.email, false),
      ],
    });
    const list = await screen.findByRole("list", { name: "Shipments" }, { timeout: 5000 });
    // Two parcels, each listing its lines.
    const shipments = Array.from(list.children) as HTMLElement[];
    expect(shipments).toHaveLength(2);
    expect(within(shipments[0]).getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute(
      "href",
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(within(shipments[0]).getByRole("heading", { name: "Parcel 1: UPS" })).toBeInTheDocument();
    expect(
      within(within(shipments[0]).getByRole("list", { name: "In parcel 1" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["10 × Backlit US Keyboard (#100042)", "5 × Webcam (#100043)"]);
    expect(within(shipments[0]).getByText("Jan 8, 2026", { exact: false }).tagName).toBe("TIME");
    const second = within(shipments[1]).getByRole("link", { name: "9400 1000 0000 0000 0000 00" });
    expect(second).toHaveAttribute("href", PARCEL_2.trackingUrl);
    expect(second).toHaveAttribute("target", "_blank");
    expect(within(shipments[1]).getByText("On its way")).toBeInTheDocument();
    // The spec's word for a paid order stays; the real state is beside it.
    expect(screen.getByTestId("order-status")).toHaveTextContent(/^Shipped$/);
    expect(screen.getByTestId("order-fulfilment")).toHaveTextContent(/^Partly shipped$/);
    // A customer neither ships nor marks parcels delivered.
    expect(screen.queryByRole("button", { name: /Mark parcel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Ship" })).not.toBeInTheDocument();
  });

  it("downloads the invoice with the customer's token under its number, and says why a credit note could not be", async () => {
    localStorage.setItem("accessToken", "token-1");
    const downloads = catchDownloads((url) =>
      url.endsWith("/invoices/INV-2026-000123")
        ? new Response(new Blob(["%PDF-1.7"]), {
            headers: {
              "content-type": "application/pdf",
              "content-disposition": 'attachment; filename="INV-2026-000123.pdf"',
            },
          })
        : new Response(JSON.stringify({ error: "No credit note CN-2026-000045" }), { status: 404 }),
    );
    try {
      renderApp({
        route: "/dashboard/orders/o-1",
        auth: createFakeAuth({ user: customer }),
        mocks: [
          {
            request: { query: OrderDetailDocument, variables: { id: "o-1" } },
            result: { data: { order: partlyShipped } },
          },
          isAdminMock(customer.email, false),
        ],
      });
      const documents = await screen.findByRole("region", { name: "Invoice and credit notes" }, { timeout: 5000 });
      expect(within(documents).getByTestId("invoice")).toHaveTextContent(
        /Invoice INV-2026-000123 issued .*, \$945\.58/,
      );
      expect(within(documents).getByTestId("credit-note")).toHaveTextContent(
        /Credit note CN-2026-000045 for INV-2026-000123, issued .*, \$61\.20: Refunded by the shop/,
      );

      await userEvent.click(within(documents).getByRole("button", { name: "Download invoice" }));
      await waitFor(() => expect(downloads.saved).toEqual(["INV-2026-000123.pdf"]));
      expect(downloads.fetchSpy).toHaveBeenCalledWith(expect.stringMatching(/^\/invoices\/INV-2026-000123$/), {
        headers: { authorization: "Bearer token-1" },
      });

      await userEvent.click(within(documents).getByRole("button", { name: "Download credit note CN-2026-000045" }));
      expect(await screen.findByText("No credit note CN-2026-000045")).toBeInTheDocument();
      expect(downloads.fetchSpy).toHaveBeenLastCalledWith(
        expect.stringMatching(/^\/credit-notes\/CN-2026-000045$/),
        expect.anything(),
      );
      expect(downloads.saved).toEqual(["INV-2026-000123.pdf"]);
    } finally {
      downloads.restore();
      localStorage.removeItem("accessToken");
    }
  });

  it("offers no documents for an order not paid yet", async () => {
    renderApp({
      route: "/dashboard/orders/o-1",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: OrderDetailDocument, variables: { id: "o-1" } },
          result: { data: { order: { ...order, status: "UNPAID" } } },
        },
        isAdminMock(customer.email, false),
      ],
    });
    await screen.findByRole("heading", { level: 1, name: "Order #100042" }, { timeout: 5000 });
    expect(screen.queryByRole("region", { name: "Invoice and credit notes" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Shipments" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("order-fulfilment")).not.toBeInTheDocument();
  });

  it("lets an admin ship what is left, prefilled per line, and mark a parcel delivered", async () => {
    const delivered = {
      ...partlyShipped,
      shipments: [PARCEL_1, { ...PARCEL_2, deliveredAt: "2026-01-10T12:00:00.000Z" }],
    };
    renderApp({
      route: "/dashboard/orders/o-1",
      auth: createFakeAuth({ user: admin }),
      mocks: [
        {
          request: { query: OrderDetailDocument, variables: { id: "o-1" } },
          result: { data: { order: partlyShipped } },
        },
        {
          request: { query: MarkShipmentDeliveredDocument, variables: { input: { shipmentId: "ship-2" } } },
          result: {
            data: {
              markShipmentDelivered: { __typename: "Shipment", id: "ship-2", deliveredAt: "2026-01-10T12:00:00.000Z" },
            },
          },
        },
        {
          request: { query: OrderDetailDocument, variables: { id: "o-1" } },
          result: { data: { order: delivered } },
        },
        isAdminMock(admin.email, true),
        { request: { query: CarriersDocument }, result: { data: { carriers: [] } } },
      ],
    });
    const form = await screen.findByRole("form", { name: "Ship" }, { timeout: 5000 });
    // Only the webcams are left: 10 of 20; the keyboards went, the refunded batteries never go.
    expect(within(form).getAllByRole("spinbutton")).toHaveLength(1);
    expect(within(form).getByLabelText("Quantity of Webcam")).toHaveValue(10);
    expect(within(form).getByText("#100043: 10 of 20 left to ship")).toBeInTheDocument();
    // The first parcel is delivered already: only the second can be marked.
    expect(screen.getAllByRole("button", { name: /^Mark parcel/ })).toHaveLength(1);
    await userEvent.click(
      screen.getByRole("button", { name: "Mark parcel 2 (9400 1000 0000 0000 0000 00) delivered" }),
    );
    expect(await screen.findByText("USPS 9400 1000 0000 0000 0000 00 marked delivered")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Mark parcel/ })).not.toBeInTheDocument());
    expect(screen.queryByText("On its way")).not.toBeInTheDocument();
  });
});
