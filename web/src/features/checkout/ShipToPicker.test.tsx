import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddressCountriesDocument } from "@/features/addresses";
import { renderApp } from "@/test/renderApp";
import { HOME, OFFICE } from "@/test/saleFixtures";
import { ShipToPicker, initialShipTo } from "./ShipToPicker";
import type { ShipToChoice } from "./shipTo";
import type { AddressValues } from "@/features/addresses";

const countriesMock = {
  request: { query: AddressCountriesDocument },
  result: {
    data: {
      countries: [{ __typename: "Country", code: "DE", name: "Germany", regionRequired: false, regions: [] }],
    },
  },
  maxUsageCount: 10,
};

const EMMY = {
  name: "Emmy Noether",
  company: null,
  line1: "Unter den Linden 6",
  line2: null,
  city: "Berlin",
  region: null,
  postalCode: "10117",
  country: "DE",
  phone: "+49 30 209312345",
};

/** The picker as a page holds it: the choice in state, every change reported. */
function Picker({
  addresses,
  onChange,
  addressErrors,
}: {
  addresses: object[];
  onChange: (choice: ShipToChoice) => void;
  addressErrors?: Partial<Record<keyof AddressValues, string>>;
}) {
  const [choice, setChoice] = useState(() => initialShipTo(addresses as never[]));
  return (
    <ShipToPicker
      idPrefix="t"
      addresses={addresses as never[]}
      value={choice}
      onChange={(next) => {
        setChoice(next);
        onChange(next);
      }}
      addressErrors={addressErrors}
    />
  );
}

function openPicker(addresses: object[], addressErrors?: Partial<Record<keyof AddressValues, string>>) {
  const onChange = vi.fn();
  renderApp({
    ui: <Picker addresses={addresses} onChange={onChange} addressErrors={addressErrors} />,
    mocks: [countriesMock],
  });
  return { onChange, group: screen.getByRole("group", { name: "Ship to" }) };
}

describe("the ship-to picker", () => {
  it("offers the saved addresses with the default chosen, and reports another one chosen", async () => {
    // The book lists the default first; here it comes second, and is still the one chosen.
    const { group, onChange } = openPicker([OFFICE, HOME]);
    expect(within(group).getByRole("radio", { name: /100 Market Street/ })).toBeChecked();
    expect(within(group).getByRole("radio", { name: /1 Harbour Road/ })).not.toBeChecked();
    expect(within(group).getByRole("radio", { name: "A new address" })).not.toBeChecked();
    await userEvent.click(within(group).getByRole("radio", { name: /1 Harbour Road/ }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: "saved", addressId: OFFICE.id });
    expect(screen.queryByLabelText("Postal code")).toBeNull();
  });

  it("takes a new address in the address book's form, then shows it on one line with a way to change it", async () => {
    const { group, onChange } = openPicker([HOME]);
    await userEvent.click(within(group).getByRole("radio", { name: "A new address" }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: "new", address: null });
    await userEvent.type(await screen.findByLabelText("Name"), EMMY.name);
    await userEvent.type(screen.getByLabelText("Address line 1"), EMMY.line1);
    await userEvent.type(screen.getByLabelText("City"), EMMY.city);
    await userEvent.type(screen.getByLabelText("Postal code"), EMMY.postalCode);
    await userEvent.selectOptions(screen.getByLabelText("Country"), "DE");
    await userEvent.type(screen.getByLabelText("Phone"), EMMY.phone);
    await userEvent.click(screen.getByRole("button", { name: "Use this address" }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: "new", address: EMMY });
    expect(screen.queryByLabelText("Postal code")).toBeNull();
    expect(within(group).getByRole("radio", { name: /A new address/ })).toHaveAccessibleName(
      "A new address Emmy Noether, Unter den Linden 6, 10117 Berlin, DE",
    );
    // Trying the saved address, then coming back: the typed one is still there.
    await userEvent.click(within(group).getByRole("radio", { name: /100 Market Street/ }));
    await userEvent.click(within(group).getByRole("radio", { name: /^A new address/ }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: "new", address: EMMY });
    await userEvent.click(screen.getByRole("button", { name: "Change the address" }));
    expect(await screen.findByLabelText("Postal code")).toHaveValue("10117");
  });

  it("asks for a new address at once when the book is empty, and shows the server's messages on its fields", async () => {
    openPicker([], { postalCode: '"1011" is not a postal code of Germany' });
    expect(screen.getByRole("radio", { name: "A new address" })).toBeChecked();
    expect(await screen.findByText('"1011" is not a postal code of Germany')).toHaveAttribute(
      "id",
      "t-new-postalCode-error",
    );
    expect(screen.getByLabelText("Postal code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("City")).not.toHaveAttribute("aria-invalid");
  });
});
