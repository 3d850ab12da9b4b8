import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { germanSale } from "@/test/saleFixtures";
import { CheckoutConfirmationDocument, CheckoutConfirmationPage } from "./CheckoutConfirmationPage";

const line = (n: number, price: number, total: number) => ({
  __typename: "Order" as const,
  id: `order-${n}`,
  databaseId: `o-${n}`,
  number: `10005${n}`,
  partName: n === 1 ? "Battery" : "Manual",
  quantity: n === 1 ? 3 : 1,
  price,
  total,
  paid: true,
  transactionId: "pi_123",
});

describe("the checkout's confirmation", () => {
  it("says what was charged (the lines with their shipping and tax) and shows what the order comes to and where it ships", async () => {
    renderApp({
      // The page alone, outside the route table: its checkout id is empty.
      ui: <CheckoutConfirmationPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: CheckoutConfirmationDocument, variables: { id: "" } },
          result: {
            data: {
              checkout: {
                __typename: "Checkout",
                id: "checkout-1",
                databaseId: "c-1",
                summary: germanSale,
                orders: [line(1, 179.97, 234.07), line(2, 24.5, 27.21)],
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByText(/We received your payment/, {}, { timeout: 5000 })).toHaveTextContent(
      "We received your payment of $261.28 (transaction pi_123).",
    );
    const total = screen.getByRole("region", { name: "Order total" });
    expect(within(total).getByText("$261.28")).toBeInTheDocument();
    expect(within(total).getByText("Emmy Noether")).toBeInTheDocument();
    // Each line at its price, as the spec shows it.
    expect(screen.getByText("$179.97")).toBeInTheDocument();
  });
});
