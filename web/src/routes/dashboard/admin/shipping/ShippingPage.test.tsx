import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { Route, Routes } from "react-router-dom";
import {
  AddShippingMethodDocument,
  DeleteShippingZoneDocument,
  KnownPlacesDocument,
  ShippingZonesDocument,
} from "@/features/admin-zones";
import { AddressCountriesDocument } from "@/features/addresses";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { ShippingPage } from "./ShippingPage";

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

const band = (upToGrams: number, price: number) => ({ __typename: "WeightBand", upToGrams, price });

const method = (overrides: Record<string, unknown>) => ({
  __typename: "ShippingMethod",
  id: "M1",
  databaseId: "m-1",
  name: "Standard",
  kind: "STANDARD",
  bands: [band(2000, 6.95), band(10000, 12.95)],
  freeOver: 150,
  minDays: 3,
  maxDays: 5,
  carriesDangerousGoods: true,
  ...overrides,
});

const usZone = (methods: object[]) => ({
  __typename: "ShippingZone",
  id: "Z1",
  databaseId: "z-1",
  name: "North America",
  places: [place("US", "United States"), place("CA", "Canada", "ON", "Ontario")],
  methods,
});

const US_METHODS = [
  method({}),
  method({
    id: "M2",
    databaseId: "m-2",
    name: "Air express",
    kind: "EXPRESS",
    bands: [band(500, 19)],
    freeOver: null,
    minDays: 1,
    maxDays: 2,
    carriesDangerousGoods: false,
  }),
];

const zonesMock = (zones: object[]) => ({
  request: { query: ShippingZonesDocument },
  result: { data: { shippingZones: zones } },
});

const knownMock = (zones: Array<{ id: string; places: object[] }>) => ({
  request: { query: KnownPlacesDocument },
  result: {
    data: {
      shippingZones: zones.map(({ id, places }) => ({ __typename: "ShippingZone", id, places })),
      taxZones: [],
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

function renderShipping(mocks: object[]) {
  return renderApp({
    route: "/dashboard/shipping",
    ui: (
      <Routes>
        <Route path="/dashboard/shipping" element={<ShippingPage />} />
      </Routes>
    ),
    auth: createFakeAuth({ user: admin }),
    mocks: [...mocks, countriesMock] as never,
  });
}

describe("Shipping", () => {
  it("lists each zone with its places by name and its methods: kind, rates by band, free over, days, dangerous goods", async () => {
    const zone = usZone(US_METHODS);
    renderShipping([zonesMock([zone]), knownMock([zone])]);
    const card = (await screen.findByRole("heading", { level: 2, name: "North America" })).closest("section")!;
    expect(within(card).getByText("United States, Ontario, Canada")).toBeInTheDocument();
    const standard = within(card).getByRole("button", { name: "Edit Standard in North America" }).closest("tr")!;
    expect(within(standard).getByText("up to 2 kg: $6.95")).toBeInTheDocument();
    expect(within(standard).getByText("up to 10 kg: $12.95")).toBeInTheDocument();
    expect(within(standard).getByText("free over $150.00")).toBeInTheDocument();
    expect(within(standard).getByText("3–5 working days")).toBeInTheDocument();
    expect(within(standard).getByText("Standard · dangerous goods: yes")).toBeInTheDocument();
    const express = within(card).getByRole("button", { name: "Edit Air express in North America" }).closest("tr")!;
    expect(within(express).getByText("up to 500 g: $19.00")).toBeInTheDocument();
    expect(within(express).queryByText(/free over/)).not.toBeInTheDocument();
    expect(within(express).getByText("Express · dangerous goods: no")).toBeInTheDocument();
  });

  it("the bands editor adds and removes rows, and the server's refusal of bands.1.upToGrams lands on the second row", async () => {
    const zone = usZone([]);
    const input = (bands: Array<{ upToGrams: number; price: number }>) => ({
      name: "Economy",
      kind: "EXPRESS",
      bands,
      freeOver: 75,
      minDays: 5,
      maxDays: 9,
      carriesDangerousGoods: false,
    });
    const refusal = "Bands go from the lightest to the heaviest: 400 g comes after 500 g";
    const added = usZone([
      method({
        id: "M9",
        databaseId: "m-9",
        name: "Economy",
        kind: "EXPRESS",
        bands: [band(500, 4.95), band(1000, 7.5)],
        freeOver: 75,
        minDays: 5,
        maxDays: 9,
        carriesDangerousGoods: false,
      }),
    ]);
    renderShipping([
      zonesMock([zone]),
      knownMock([zone]),
      {
        request: {
          query: AddShippingMethodDocument,
          variables: {
            zoneId: "Z1",
            input: input([
              { upToGrams: 500, price: 4.95 },
              { upToGrams: 400, price: 7.5 },
            ]),
          },
        },
        result: {
          errors: [
            new GraphQLError(refusal, {
              extensions: { code: "BAD_USER_INPUT", fields: { "bands.1.upToGrams": [refusal] } },
            }),
          ],
        },
      },
      {
        request: {
          query: AddShippingMethodDocument,
          variables: {
            zoneId: "Z1",
            input: input([
              { upToGrams: 500, price: 4.95 },
              { upToGrams: 1000, price: 7.5 },
            ]),
          },
        },
        result: { data: { addShippingMethod: added } },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Add a method to North America" }));
    await userEvent.type(screen.getByLabelText("Method name"), "Economy");
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "EXPRESS");
    // Express does not carry dangerous goods unless the admin says so.
    expect(screen.getByLabelText(/May carry dangerous goods/)).not.toBeChecked();

    expect(screen.getByRole("button", { name: "Remove band 1" })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Band 1: up to (grams)"), "500");
    await userEvent.type(screen.getByLabelText("Band 1: price ($)"), "4.95");
    await userEvent.click(screen.getByRole("button", { name: "Add a band" }));
    await userEvent.click(screen.getByRole("button", { name: "Add a band" }));
    expect(screen.getAllByLabelText(/^Band \d: up to \(grams\)$/)).toHaveLength(3);
    await userEvent.type(screen.getByLabelText("Band 2: up to (grams)"), "400");
    await userEvent.type(screen.getByLabelText("Band 2: price ($)"), "7.50");
    await userEvent.type(screen.getByLabelText("Band 3: up to (grams)"), "9000");
    await userEvent.click(screen.getByRole("button", { name: "Remove band 3" }));
    expect(screen.queryByLabelText("Band 3: up to (grams)")).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Free over ($)"), "75");
    await userEvent.type(screen.getByLabelText("Soonest (working days)"), "5");
    await userEvent.type(screen.getByLabelText("Latest (working days)"), "9");
    await userEvent.click(screen.getByRole("button", { name: "Add method" }));

    const secondRow = screen.getByLabelText("Band 2: up to (grams)");
    await waitFor(() => expect(secondRow).toHaveAttribute("aria-invalid", "true"));
    expect(document.getElementById(secondRow.getAttribute("aria-describedby")!)).toHaveTextContent(refusal);
    expect(screen.getByLabelText("Band 1: up to (grams)")).not.toHaveAttribute("aria-invalid");
    expect(screen.getAllByRole("alert")).toHaveLength(1);

    await userEvent.clear(secondRow);
    await userEvent.type(secondRow, "1000");
    await userEvent.click(screen.getByRole("button", { name: "Add method" }));
    expect(await screen.findByText("Added Economy to North America")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Method name")).not.toBeInTheDocument());
    const economy = screen.getByRole("button", { name: "Edit Economy in North America" }).closest("tr")!;
    expect(within(economy).getByText("up to 1 kg: $7.50")).toBeInTheDocument();
    expect(within(economy).getByText("5–9 working days")).toBeInTheDocument();
  });

  it("editing a zone starts from its places, and a country that is no 2-letter code is refused on its own row", async () => {
    const zone = usZone(US_METHODS);
    renderShipping([zonesMock([zone]), knownMock([zone])]);
    await userEvent.click(await screen.findByRole("button", { name: "Edit the zone North America" }));
    const countries = screen.getAllByLabelText(/^Place \d: country$/);
    expect(countries.map((input) => (input as HTMLInputElement).value)).toEqual(["US", "CA"]);
    expect(screen.getByLabelText("Place 2: state or province (optional)")).toHaveValue("ON");
    await userEvent.clear(countries[1]);
    await userEvent.type(countries[1], "D");
    await userEvent.click(screen.getByRole("button", { name: "Save zone" }));
    expect(await screen.findByText("Give the country's 2-letter ISO code (US, DE, GB)")).toBeInTheDocument();
    expect(countries[1]).toHaveAttribute("aria-invalid", "true");
  });

  it("deletes a zone only after the admin confirms, and says so", async () => {
    const confirm = vi.fn(() => false);
    Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
    const zone = usZone(US_METHODS);
    renderShipping([
      zonesMock([zone]),
      knownMock([zone]),
      {
        request: { query: DeleteShippingZoneDocument, variables: { id: "Z1" } },
        result: {
          data: { deleteShippingZone: { __typename: "DeleteZonePayload", deletedId: "Z1", name: "North America" } },
        },
      },
      zonesMock([]),
      knownMock([]),
    ]);
    const remove = await screen.findByRole("button", { name: "Delete the zone North America" });
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      "Delete the shipping zone North America and its 2 methods? Its places can then not be shipped to; orders keep what they were charged.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "North America" })).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await userEvent.click(remove);
    expect(await screen.findByText("Deleted the shipping zone North America")).toBeInTheDocument();
    expect(await screen.findByText(/No shipping zones yet/)).toBeInTheDocument();
  });
});
