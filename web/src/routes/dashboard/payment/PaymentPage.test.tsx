import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { createFakeAuth, customer, renderApp, testConfig } from "@/test/renderApp";
import {
  ConfirmOrderPaymentDocument,
  CreatePaymentIntentDocument,
  PaymentOrderDocument,
  PaymentPage,
} from "./PaymentPage";
import { paymentIntentIdFrom } from "@/features/payment/cardPayment";

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
};

const mocks = [
  { request: { query: PaymentOrderDocument, variables: { id: "o-1" } }, result: { data: { order } } },
  {
    request: { query: CreatePaymentIntentDocument, variables: { orderId: order.id, price: 120 } },
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

function openPayment() {
  renderApp({
    route: "/dashboard/payment/o-1",
    auth: createFakeAuth({ user: customer }),
    mocks,
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
  await userEvent.click(screen.getByRole("button", { name: "Pay $120.00" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("payment page (sandbox card form)", () => {
  it("shows the order and its total", async () => {
    openPayment();
    expect(await screen.findByRole("heading", { name: "Pay for Laptop battery" })).toBeInTheDocument();
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$120.00");
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
    await userEvent.click(await screen.findByRole("button", { name: "Pay $120.00" }));
    expect(await screen.findByText("Your card number is incomplete.")).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

describe("paymentIntentIdFrom", () => {
  it("takes the part of the client secret before _secret_", () => {
    expect(paymentIntentIdFrom("pi_3Abc_secret_xyz")).toBe("pi_3Abc");
  });
});
