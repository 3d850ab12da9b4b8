import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { createFakeAuth, customer, renderApp, testConfig } from "@/test/renderApp";
import { GraphQLError } from "graphql";
import { within } from "@testing-library/react";
import { SaleAddressesDocument } from "@/features/checkout";
import { EXPRESS, HOME, OFFICE, STANDARD, quoteMock, saleSummary } from "@/test/saleFixtures";
import {
  ChooseOrderDeliveryDocument,
  ConfirmOrderPaymentDocument,
  CreatePaymentIntentDocument,
  PaymentOrderDocument,
  PaymentPage,
} from "./PaymentPage";
import { paymentIntentIdFrom } from "@/features/payment/cardPayment";

const SHIPPED_TO = {
  __typename: "PostalAddress",
  name: "Grace Hopper",
  company: null,
  line1: "100 Market Street",
  line2: null,
  city: "New York",
  region: "NY",
  postalCode: "10001",
  countryName: "United States",
  phone: "+12125550100",
};

// $120.00 of goods shipped to New York by standard ($6.95), taxed at 8.875%: $137.27.
const CHOSEN = saleSummary({
  subtotal: 120,
  shipping: 6.95,
  tax: 10.32,
  total: 137.27,
  taxZoneName: "New York",
  method: STANDARD,
  shipTo: SHIPPED_TO,
});
const NOT_CHOSEN = saleSummary({ subtotal: 120, tax: 0, total: 120, shipTo: null });

const order = {
  __typename: "Order",
  id: "T3JkZXI6MQ",
  databaseId: "o-1",
  partName: "Laptop battery",
  quantity: 3,
  unitPrice: 40,
  price: 120,
  paid: false,
  status: "UNPAID",
  transactionId: null,
  userName: "Jane Doe",
  userEmail: customer.email,
  sale: CHOSEN,
};

const mocks = [
  { request: { query: PaymentOrderDocument, variables: { id: "o-1" } }, result: { data: { order } } },
  {
    request: { query: CreatePaymentIntentDocument, variables: { orderId: order.id, price: 137.27 } },
    result: {
      data: { createPaymentIntent: { __typename: "PaymentIntentPayload", clientSecret: "pi_123_secret_abc" } },
    },
  },
  {
    request: { query: ConfirmOrderPaymentDocument, variables: { orderId: order.id, transactionId: "pi_123" } },
    result: {
      data: {
        confirmOrderPayment: { __typename: "Order", id: order.id, paid: true, status: "PAID", transactionId: "pi_123" },
      },
    },
  },
];

function openPayment(pageMocks: object[] = mocks) {
  renderApp({
    route: "/dashboard/payment/o-1",
    auth: createFakeAuth({ user: customer }),
    mocks: pageMocks as never[],
    ui: (
      <Routes>
        <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
      </Routes>
    ),
  });
}

async function payWith(cardNumber: string) {
  await userEvent.type(await screen.findByLabelText("Card number"), cardNumber);
  await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "1234");
  await userEvent.type(screen.getByLabelText("CVC"), "123");
  await userEvent.click(screen.getByRole("button", { name: "Pay $137.27" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("payment page (sandbox card form)", () => {
  it("shows the order with the shipping, tax and total frozen with its delivery, and where it ships", async () => {
    openPayment();
    expect(await screen.findByRole("heading", { name: "Pay for Laptop battery" })).toBeInTheDocument();
    expect(screen.getByText("Subtotal").nextSibling).toHaveTextContent("$120.00");
    expect(screen.getByText("Shipping").nextSibling).toHaveTextContent("$6.95");
    expect(screen.getByText("Tax (New York)").nextSibling).toHaveTextContent("$10.32");
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$137.27");
    expect(screen.getByTestId("payment-delivery")).toHaveTextContent(
      "Ships to Grace Hopper, 100 Market Street, 10001 New York NY, United States, by Standard (3–5 working days)",
    );
  });

  it("confirms the intent like Stripe.js, then marks the order paid and shows the transaction id", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ id: "pi_123", status: "succeeded" }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    openPayment();
    await payWith("4242424242424242");
    expect(await screen.findByText("Congrats! Your payment is completed.")).toBeInTheDocument();
    expect(screen.getByTestId("transaction-id")).toHaveTextContent("pi_123");

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${testConfig.paymentSandboxUrl}/v1/payment_intents/pi_123/confirm`);
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${testConfig.stripePublishableKey}`);
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get("client_secret")).toBe("pi_123_secret_abc");
    expect(body.get("payment_method_data[type]")).toBe("card");
    expect(body.get("payment_method_data[card][number]")).toBe("4242424242424242");
    expect(body.get("payment_method_data[card][exp_month]")).toBe("12");
    expect(body.get("payment_method_data[card][exp_year]")).toBe("2034");
    expect(body.get("payment_method_data[card][cvc]")).toBe("123");
    expect(body.get("payment_method_data[billing_details][name]")).toBe("Jane Doe");
    expect(body.get("payment_method_data[billing_details][email]")).toBe(customer.email);
  });

  it("shows a declined card's message in red", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ error: { message: "Your card was declined." } }), { status: 402 }),
      ),
    );
    openPayment();
    await payWith("4000000000000002");
    const error = await screen.findByText("Your card was declined.");
    expect(error).toHaveClass("form-error");
    expect(screen.queryByText("Congrats! Your payment is completed.")).not.toBeInTheDocument();
  });

  it("checks the card fields before calling the provider", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    openPayment();
    await userEvent.click(await screen.findByRole("button", { name: "Pay $137.27" }));
    expect(await screen.findByText("Your card number is incomplete.")).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

describe("payment page (delivery before the card)", () => {
  const unchosen = { ...order, sale: NOT_CHOSEN };
  const AT_HOME = { addressId: HOME.id };
  const quotes = [
    quoteMock(
      { orderId: order.id, shipTo: AT_HOME },
      { subtotal: 120, tax: 10.65, total: 130.65, taxZoneName: "New York", options: [STANDARD, EXPRESS] },
    ),
    quoteMock(
      { orderId: order.id, shipTo: AT_HOME, shippingMethodId: STANDARD.id },
      {
        subtotal: 120,
        shipping: 6.95,
        tax: 11.27,
        total: 138.22,
        taxZoneName: "New York",
        options: [STANDARD, EXPRESS],
        chosen: STANDARD,
      },
    ),
    quoteMock(
      { orderId: order.id, shipTo: AT_HOME, shippingMethodId: EXPRESS.id },
      {
        subtotal: 120,
        shipping: 19,
        tax: 12.34,
        total: 151.34,
        taxZoneName: "New York",
        options: [STANDARD, EXPRESS],
        chosen: EXPRESS,
      },
    ),
  ];
  const bookMock = {
    request: { query: SaleAddressesDocument },
    result: { data: { viewer: { __typename: "Viewer", id: "viewer-1", addresses: [HOME, OFFICE] } } },
  };
  const chooseRequest = {
    query: ChooseOrderDeliveryDocument,
    variables: { input: { orderId: order.id, shipTo: AT_HOME, shippingMethodId: EXPRESS.id } },
  };
  // What the server froze: the card is charged this, not anything the page added up.
  const frozen = saleSummary({
    subtotal: 120,
    shipping: 19,
    tax: 12.34,
    total: 151.34,
    taxZoneName: "New York",
    method: EXPRESS,
    shipTo: SHIPPED_TO,
  });

  it("asks where and how to ship first, with the book's default, then freezes the delivery and opens the card payment for the order's new total", async () => {
    openPayment([
      { request: { query: PaymentOrderDocument, variables: { id: "o-1" } }, result: { data: { order: unchosen } } },
      bookMock,
      ...quotes,
      {
        request: chooseRequest,
        result: { data: { chooseOrderDelivery: { __typename: "Order", id: order.id, sale: frozen } } },
      },
      {
        request: { query: CreatePaymentIntentDocument, variables: { orderId: order.id, price: 151.34 } },
        result: {
          data: { createPaymentIntent: { __typename: "PaymentIntentPayload", clientSecret: "pi_9_secret_x" } },
        },
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Pay for Laptop battery" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: /100 Market Street/ })).toBeChecked();
    // No card form before the delivery is chosen.
    expect(screen.queryByLabelText("Card number")).toBeNull();
    const methods = await screen.findByRole("group", { name: "Shipping method" });
    expect(within(methods).getByRole("radio", { name: /^Standard/ })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId("payment-total")).toHaveTextContent("$138.22"));

    await userEvent.click(within(methods).getByRole("radio", { name: /^Express/ }));
    await waitFor(() => expect(screen.getByTestId("payment-total")).toHaveTextContent("$151.34"));
    expect(screen.getByTestId("payment-shipping")).toHaveTextContent("$19.00");
    expect(screen.getByTestId("payment-tax")).toHaveTextContent("$12.34");

    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByLabelText("Card number")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $151.34" })).toBeInTheDocument();
    expect(screen.getByTestId("payment-delivery")).toHaveTextContent("by Express (1–2 working days)");
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$151.34");
  });

  it("shows the server's refusal of the delivery on the field it names, and no card form", async () => {
    const message = "Express cannot carry dangerous goods";
    openPayment([
      { request: { query: PaymentOrderDocument, variables: { id: "o-1" } }, result: { data: { order: unchosen } } },
      bookMock,
      ...quotes,
      {
        request: chooseRequest,
        result: {
          errors: [
            new GraphQLError(message, {
              extensions: { code: "BAD_USER_INPUT", fields: { shippingMethodId: [message] } },
            }),
          ],
        },
      },
    ]);
    const methods = await screen.findByRole("group", { name: "Shipping method" });
    await userEvent.click(within(methods).getByRole("radio", { name: /^Express/ }));
    await waitFor(() => expect(screen.getByTestId("payment-total")).toHaveTextContent("$151.34"));
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await within(methods).findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });
});

describe("paymentIntentIdFrom", () => {
  it("takes the part of the client secret before _secret_", () => {
    expect(paymentIntentIdFrom("pi_3Abc_secret_xyz")).toBe("pi_3Abc");
  });
});
