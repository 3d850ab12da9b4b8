import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { SaleTotals } from "./SaleTotals";

describe("the totals block", () => {
  it("shows the server's subtotal, shipping, tax with its zone, and total", () => {
    render(
      <SaleTotals
        amounts={{
          subtotal: 204.47,
          shipping: 19,
          tax: 17.66,
          total: 241.13,
          pricesIncludeTax: false,
          taxZoneName: "New York",
        }}
        subtotal={204.47}
        testIdPrefix="t"
      />,
    );
    expect(screen.getByText("Subtotal").nextSibling).toHaveTextContent("$204.47");
    expect(screen.getByText("Shipping").nextSibling).toHaveTextContent("$19.00");
    expect(screen.getByText("Tax (New York)").nextSibling).toHaveTextContent("$17.66");
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$241.13");
  });

  it("says incl. tax where the zone shows prices with tax, and Free for free shipping", () => {
    render(
      <SaleTotals
        amounts={{
          subtotal: 350,
          shipping: 0,
          tax: 66.5,
          total: 416.5,
          pricesIncludeTax: true,
          taxZoneName: "Germany",
        }}
        subtotal={350}
        testIdPrefix="t"
      />,
    );
    expect(screen.getByText("Subtotal (excl. tax)").nextSibling).toHaveTextContent("$350.00");
    expect(screen.getByTestId("t-shipping")).toHaveTextContent("Free");
    expect(screen.getByText("Tax (Germany)").nextSibling).toHaveTextContent("$66.50");
    expect(screen.getByText("Total (incl. tax)").nextSibling).toHaveTextContent("$416.50");
  });

  it("marks an estimate as such, and names no zone where the place is in none", () => {
    render(
      <SaleTotals
        amounts={{ subtotal: 70, shipping: 6.95, tax: 0, total: 76.95, pricesIncludeTax: false, taxZoneName: null }}
        subtotal={70}
        estimated
        testIdPrefix="t"
      />,
    );
    expect(screen.getByText("Estimated shipping").nextSibling).toHaveTextContent("$6.95");
    expect(screen.getByText("Estimated tax").nextSibling).toHaveTextContent("$0.00");
    expect(screen.getByText("Estimated total").nextSibling).toHaveTextContent("$76.95");
  });

  it("shows the goods' subtotal and what is still to choose before there are amounts", () => {
    render(
      <SaleTotals amounts={null} subtotal={70} pending="Shipping and tax follow from the address." testIdPrefix="t" />,
    );
    expect(screen.getByTestId("t-subtotal")).toHaveTextContent("$70.00");
    expect(screen.getByText("Shipping and tax follow from the address.")).toBeInTheDocument();
    expect(screen.queryByTestId("t-total")).toBeNull();
  });
});
