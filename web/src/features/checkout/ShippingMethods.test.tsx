import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { COLLECTION, EXPRESS, STANDARD, shippingOption } from "@/test/saleFixtures";
import { ShippingMethods } from "./ShippingMethods";

const FREE_STANDARD = shippingOption({ ...STANDARD, price: 0, free: true });

function list(props: Partial<Parameters<typeof ShippingMethods>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <ShippingMethods
      idPrefix="test"
      options={[FREE_STANDARD, shippingOption(EXPRESS), shippingOption(COLLECTION)]}
      value={STANDARD.id}
      onChange={onChange}
      {...props}
    />,
  );
  return { onChange, group: screen.getByRole("group", { name: "Shipping method" }) };
}

describe("the shipping method list", () => {
  it("shows each method with its price, or Free, and its estimate in working days", () => {
    const { group } = list();
    expect(within(group).getByRole("radio", { name: "Standard Free 3–5 working days" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "Express $19.00 1–2 working days" })).not.toBeChecked();
  });

  it("shows a method that cannot ship the order disabled, with its reason", () => {
    const { group } = list();
    const collection = within(group).getByRole("radio", { name: /^Collection from the warehouse/ });
    expect(collection).toBeDisabled();
    expect(collection).toHaveAccessibleDescription("Too heavy for collection: 32 kg, at most 30 kg");
    // A refused method has no price to show.
    expect(collection.closest("li")).not.toHaveTextContent("$");
  });

  it("reports the method chosen", async () => {
    const { group, onChange } = list();
    await userEvent.click(within(group).getByRole("radio", { name: /^Express/ }));
    expect(onChange).toHaveBeenCalledWith(EXPRESS.id);
  });

  it("says why nothing can ship the order there", () => {
    const refusal = "Nothing can ship these parts to Australia: the battery is dangerous goods";
    const { group } = list({
      options: [shippingOption({ ...EXPRESS, refused: "Express cannot carry dangerous goods" })],
      value: null,
      refusal,
    });
    expect(within(group).getByRole("alert")).toHaveTextContent(refusal);
    expect(group).toHaveAttribute("aria-invalid", "true");
    expect(within(group).getByRole("radio")).toBeDisabled();
  });

  it("shows the server's message on the method it refused", () => {
    const { group } = list({ error: "Choose one of the methods offered for this address" });
    expect(within(group).getByRole("alert")).toHaveTextContent("Choose one of the methods offered for this address");
    expect(group).toHaveAccessibleDescription("Choose one of the methods offered for this address");
  });
});
