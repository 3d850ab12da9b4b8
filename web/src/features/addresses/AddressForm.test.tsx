import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { GraphQLError } from "graphql";
import { renderApp } from "@/test/renderApp";
import { AddressForm, addressValues } from "./AddressForm";
import { AddressCountriesDocument } from "./addressFields";

const countriesMock = {
  request: { query: AddressCountriesDocument },
  result: {
    data: {
      countries: [
        { __typename: "Country", code: "DE", name: "Germany", regionRequired: false, regions: [] },
        {
          __typename: "Country",
          code: "US",
          name: "United States",
          regionRequired: true,
          regions: [
            { __typename: "Region", code: "CA", name: "California" },
            { __typename: "Region", code: "NY", name: "New York" },
          ],
        },
      ],
    },
  },
};

function openForm(props: Partial<Parameters<typeof AddressForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const onError = vi.fn();
  renderApp({
    ui: <AddressForm idPrefix="test" submitLabel="Save address" onSubmit={onSubmit} onError={onError} {...props} />,
    mocks: [countriesMock],
  });
  return { onSubmit, onError };
}

async function fillGermanAddress() {
  await userEvent.type(await screen.findByLabelText("Name"), "Emmy Noether");
  await userEvent.type(screen.getByLabelText("Address line 1"), "Unter den Linden 6");
  await userEvent.type(screen.getByLabelText("City"), "Berlin");
  await userEvent.type(screen.getByLabelText("Postal code"), "1011");
  await userEvent.selectOptions(screen.getByLabelText("Country"), "DE");
  await userEvent.type(screen.getByLabelText("Phone"), "+49 30 209312345");
}

describe("the address form", () => {
  it("lists the countries, and asks for a state from the country's list once the United States is chosen", async () => {
    openForm();
    const country = await screen.findByLabelText("Country");
    expect(within(country).getByRole("option", { name: "Germany" })).toBeInTheDocument();
    // No list of regions before a country needs one: a free-text region.
    expect(screen.getByLabelText("Region (optional)").tagName).toBe("INPUT");
    await userEvent.selectOptions(country, "US");
    const state = screen.getByLabelText("State or province");
    expect(state.tagName).toBe("SELECT");
    expect(
      within(state)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose…", "California", "New York"]);
    expect(screen.queryByLabelText("Region (optional)")).toBeNull();
  });

  it("sends the fields as the API takes them, optional ones left empty as null", async () => {
    const { onSubmit } = openForm();
    await fillGermanAddress();
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Emmy Noether",
      company: null,
      line1: "Unter den Linden 6",
      line2: null,
      city: "Berlin",
      region: null,
      postalCode: "1011",
      country: "DE",
      phone: "+49 30 209312345",
    });
  });

  it("shows the server's messages on the fields they name", async () => {
    const refusal = new CombinedGraphQLErrors({
      errors: [
        new GraphQLError('"1011" is not a postal code of Germany; Phone must be 4 to 20 digits, optionally after a +', {
          extensions: {
            code: "BAD_USER_INPUT",
            fields: {
              postalCode: ['"1011" is not a postal code of Germany'],
              phone: ["Phone must be 4 to 20 digits, optionally after a +"],
            },
          },
        }),
      ],
    });
    const { onError } = openForm({ onSubmit: vi.fn(async () => Promise.reject(refusal)) });
    await fillGermanAddress();
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    const postalCode = screen.getByLabelText("Postal code");
    expect(await screen.findByText('"1011" is not a postal code of Germany')).toHaveAttribute(
      "id",
      "test-postalCode-error",
    );
    expect(postalCode).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Phone must be 4 to 20 digits, optionally after a +")).toHaveAttribute(
      "id",
      "test-phone-error",
    );
    expect(screen.getByLabelText("City")).not.toHaveAttribute("aria-invalid");
    // Every problem had a field to show it on.
    expect(onError).not.toHaveBeenCalled();
  });

  it("shows messages the server gave later (the checkout sent the address on) on their fields", async () => {
    openForm({ serverErrors: { postalCode: '"1011" is not a postal code of Germany' } });
    expect(await screen.findByText('"1011" is not a postal code of Germany')).toHaveAttribute(
      "id",
      "test-postalCode-error",
    );
    expect(screen.getByLabelText("Postal code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
  });

  it("passes on a failure that names no field", async () => {
    const failure = new Error("Network down");
    const { onError } = openForm({ onSubmit: vi.fn(async () => Promise.reject(failure)) });
    await fillGermanAddress();
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });

  it("asks for the required fields, and a state in the United States, before sending anything", async () => {
    const { onSubmit } = openForm();
    await userEvent.selectOptions(await screen.findByLabelText("Country"), "US");
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    for (const message of [
      "Name is required",
      "Address line 1 is required",
      "City is required",
      "Postal code is required",
      "Phone is required",
      "Region is required for United States",
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is filled from the address it edits", async () => {
    openForm({
      initial: addressValues({
        name: "Grace Hopper",
        company: null,
        line1: "100 Market Street",
        line2: null,
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
        phone: "+14155550100",
      }),
    });
    expect(await screen.findByLabelText("State or province")).toHaveValue("CA");
    expect(screen.getByLabelText("Country")).toHaveValue("US");
    expect(screen.getByLabelText("Name")).toHaveValue("Grace Hopper");
  });
});
