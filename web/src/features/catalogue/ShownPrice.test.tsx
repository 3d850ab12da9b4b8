import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderApp } from "@/test/renderApp";
import { ShownPrice } from "./ShownPrice";

describe("a part's price as the caller's place shows it", () => {
  it("where the zone adds tax at checkout, is the price alone, as the spec shows it", () => {
    const { container } = renderApp({ ui: <ShownPrice price={12.5} className="price" /> });
    expect(container.querySelector("p.price")?.outerHTML).toBe('<p class="price">$12.50</p>');
  });

  it("where the zone includes tax, says so beside the price", () => {
    renderApp({
      ui: <ShownPrice price={14.88} className="price price--large" />,
      priceDisplay: { pricesIncludeTax: true, taxZoneName: "Germany", country: "DE" },
    });
    const price = screen.getByText("$14.88", { exact: false });
    expect(price).toHaveClass("price", "price--large");
    expect(price.textContent).toBe("$14.88 incl. tax");
  });
});
