import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { makeFragmentData } from "@/lib/gql";
import { SaleSummary } from "./SaleSummary";
import { SaleSummaryFieldsFragment } from "./saleSummaryFields";
import { germanSale } from "@/test/saleFixtures";

const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole("term")
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

describe("what a whole order comes to", () => {
  it("shows subtotal, shipping with its method and estimate, tax with its zone, the total and where it ships", () => {
    render(<SaleSummary sale={makeFragmentData(germanSale, SaleSummaryFieldsFragment)} headingId="sale" />);
    expect(screen.getByRole("region", { name: "Order total" })).toBeInTheDocument();
    expect(rowsOf(screen.getByTestId("sale-summary"))).toEqual([
      "Subtotal $204.47",
      "Shipping (Express, 2–4 working days) $19.00",
      "Tax (Germany, incl. in shown prices) $37.81",
      "Total $261.28",
    ]);
    const address = screen.getByText("Unter den Linden 6").closest("address")!;
    expect([...address.children].map((line) => line.textContent)).toEqual([
      "Emmy Noether",
      "Unter den Linden 6",
      "Berlin 10117",
      "Germany",
      "+4930209312345",
    ]);
  });

  it("a zone that adds tax names it plainly; a reservation before its delivery is chosen has no method or address", () => {
    const reserved = {
      ...germanSale,
      subtotal: 25,
      shipping: 0,
      tax: 0,
      total: 25,
      pricesIncludeTax: false,
      taxZoneName: null,
      shippingMethodName: null,
      minDays: null,
      maxDays: null,
      shipTo: null,
    };
    const { rerender } = render(
      <SaleSummary sale={makeFragmentData(reserved, SaleSummaryFieldsFragment)} headingId="sale" unpaid />,
    );
    expect(rowsOf(screen.getByTestId("sale-summary"))).toEqual([
      "Subtotal $25.00",
      "Shipping Chosen at payment",
      "Tax $0.00",
      "Total $25.00",
    ]);
    expect(screen.queryByRole("heading", { name: "Ships to" })).not.toBeInTheDocument();
    // An order paid before shipping was charged shows none.
    rerender(<SaleSummary sale={makeFragmentData(reserved, SaleSummaryFieldsFragment)} headingId="sale" />);
    expect(rowsOf(screen.getByTestId("sale-summary"))[1]).toBe("Shipping $0.00");
    rerender(
      <SaleSummary
        sale={makeFragmentData(
          { ...germanSale, pricesIncludeTax: false, taxZoneName: "New York" },
          SaleSummaryFieldsFragment,
        )}
        headingId="sale"
      />,
    );
    expect(screen.getByText(/^Tax/).textContent).toBe("Tax (New York)");
  });
});
