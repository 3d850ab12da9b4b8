import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { Route, Routes } from "react-router-dom";
import {
  CreateTaxZoneDocument,
  KnownPlacesDocument,
  TaxZonesDocument,
  UpdateTaxZoneDocument,
} from "@/features/admin-zones";
import { AddressCountriesDocument } from "@/features/addresses";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { TaxPage } from "./TaxPage";

const place = (
  country: string,
  countryName: string,
  region: string | null = null,
  regionName: string | null = null,
) => ({
  __typename: "ZonePlace",
  country,
  countryName,
  region,
  regionName,
});

const newYork = {
  __typename: "TaxZone",
  id: "T1",
  databaseId: "t-1",
  name: "New York",
  places: [place("US", "United States", "NY", "New York")],
  pricesIncludeTax: false,
  taxesShipping: true,
  standardRate: 8.875,
  reducedRate: 0,
  zeroRate: 0,
};

const germany = {
  ...newYork,
  id: "T2",
  databaseId: "t-2",
  name: "Germany",
  places: [place("DE", "Germany")],
  pricesIncludeTax: true,
  taxesShipping: false,
  standardRate: 19,
  reducedRate: 7,
};

const taxZonesMock = (zones: object[]) => ({
  request: { query: TaxZonesDocument },
  result: { data: { taxZones: zones } },
});

const knownMock = (zones: Array<{ id: string; places: object[] }>) => ({
  request: { query: KnownPlacesDocument },
  result: {
    data: {
      shippingZones: [],
      taxZones: zones.map(({ id, places }) => ({ __typename: "TaxZone", id, places })),
    },
  },
});

/** The address book's countries, which the places' fields suggest. */
const countriesMock = {
  request: { query: AddressCountriesDocument },
  result: {
    data: {
      countries: [
        {
          __typename: "Country",
          code: "CA",
          name: "Canada",
          regionRequired: true,
          regions: [{ __typename: "Region", code: "ON", name: "Ontario" }],
        },
        { __typename: "Country", code: "FR", name: "France", regionRequired: false, regions: [] },
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderTax(mocks: object[]) {
  return renderApp({
    route: "/dashboard/tax",
    ui: (
      <Routes>
        <Route path="/dashboard/tax" element={<TaxPage />} />
      </Routes>
    ),
    auth: createFakeAuth({ user: admin }),
    mocks: [...mocks, countriesMock] as never,
  });
}

describe("Tax", () => {
  it("lists each tax zone with its places, how prices show tax, whether shipping is taxed, and its rates as percentages", async () => {
    renderTax([taxZonesMock([newYork, germany]), knownMock([newYork, germany])]);
    const ny = (await screen.findByText("New York, United States")).closest("tr")!;
    expect(within(ny).getByText("Tax added at checkout")).toBeInTheDocument();
    expect(within(ny).getByText("Shipping taxed")).toBeInTheDocument();
    expect(within(ny).getByText("standard 8.875%")).toBeInTheDocument();
    const de = screen.getByRole("button", { name: "Edit the tax zone Germany" }).closest("tr")!;
    expect(within(de).getByText("Include tax")).toBeInTheDocument();
    expect(within(de).getByText("Shipping not taxed")).toBeInTheDocument();
    expect(de.querySelector('td[data-label="Rates"]')?.textContent).toBe("standard 19%reduced 7%zero 0%");
  });

  it("the tax zone form sends rates as percentages, and the server's refusal of places.0.country lands on that place", async () => {
    const input = (place: { country: string; region?: string }) => ({
      name: "Ontario",
      places: [place],
      pricesIncludeTax: false,
      taxesShipping: true,
      standardRate: 13,
      reducedRate: 5.5,
      zeroRate: 0,
    });
    const unknown = '"XX" is not an ISO 3166 country code (US, DE, GB...)';
    const ontario = {
      ...newYork,
      id: "T3",
      databaseId: "t-3",
      name: "Ontario",
      places: [place("CA", "Canada", "ON", "Ontario")],
      standardRate: 13,
      reducedRate: 5.5,
    };
    renderTax([
      taxZonesMock([newYork]),
      knownMock([newYork]),
      {
        request: { query: CreateTaxZoneDocument, variables: { input: input({ country: "XX" }) } },
        result: {
          errors: [
            new GraphQLError(unknown, {
              extensions: { code: "BAD_USER_INPUT", fields: { "places.0.country": [unknown] } },
            }),
          ],
        },
      },
      {
        request: { query: CreateTaxZoneDocument, variables: { input: input({ country: "CA", region: "Ontario" }) } },
        result: { data: { createTaxZone: ontario } },
      },
      taxZonesMock([newYork, ontario]),
      knownMock([newYork, ontario]),
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Add a tax zone" }));
    await userEvent.type(screen.getByLabelText("Zone name"), "Ontario");
    await userEvent.type(screen.getByLabelText("Place 1: country"), "xx");
    await userEvent.type(screen.getByLabelText("Standard rate (%)"), "13");
    await userEvent.type(screen.getByLabelText("Reduced rate (%)"), "5.5");
    expect(screen.getByLabelText("Tax is added at checkout (sales tax)")).toBeChecked();
    expect(screen.getByLabelText("Shipping is taxed (at the standard rate)")).toBeChecked();
    // Every country the address book knows is suggested, not only those the zones name.
    await waitFor(() => expect(document.querySelector('datalist option[value="FR"]')?.textContent).toBe("France"));
    // Regions are asked only where the server takes them (the US, Canada, Australia).
    expect(screen.queryByLabelText("Place 1: state or province (optional)")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add tax zone" }));
    await waitFor(() => expect(screen.getByLabelText("Place 1: country")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText(unknown)).toBeInTheDocument();
    // Every message found its field: nothing above the form.
    expect(screen.getAllByRole("alert")).toHaveLength(1);

    const country = screen.getByLabelText("Place 1: country");
    await userEvent.clear(country);
    await userEvent.type(country, "ca");
    await userEvent.type(screen.getByLabelText("Place 1: state or province (optional)"), "Ontario");
    await userEvent.click(screen.getByRole("button", { name: "Add tax zone" }));
    expect(await screen.findByText("Added the tax zone Ontario")).toBeInTheDocument();
    expect(await screen.findByText("Ontario, Canada")).toBeInTheDocument();
    expect(screen.queryByLabelText("Zone name")).not.toBeInTheDocument();
  });

  it("editing a tax zone starts from its settings and sends them all", async () => {
    renderTax([
      taxZonesMock([germany]),
      knownMock([germany]),
      {
        request: {
          query: UpdateTaxZoneDocument,
          variables: {
            id: "T2",
            input: {
              name: "Germany",
              places: [{ country: "DE" }],
              pricesIncludeTax: true,
              taxesShipping: true,
              standardRate: 19,
              reducedRate: 7,
              zeroRate: 0,
            },
          },
        },
        result: { data: { updateTaxZone: { ...germany, taxesShipping: true } } },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Edit the tax zone Germany" }));
    expect(screen.getByLabelText("Prices include tax (VAT)")).toBeChecked();
    expect(screen.getByLabelText("Standard rate (%)")).toHaveValue("19");
    await userEvent.click(screen.getByLabelText("Shipping is taxed (at the standard rate)"));
    await userEvent.click(screen.getByRole("button", { name: "Save tax zone" }));
    expect(await screen.findByText("Saved the tax zone Germany")).toBeInTheDocument();
    const de = screen.getByRole("button", { name: "Edit the tax zone Germany" }).closest("tr")!;
    await waitFor(() => expect(within(de).getByText("Shipping taxed")).toBeInTheDocument());
  });
});
