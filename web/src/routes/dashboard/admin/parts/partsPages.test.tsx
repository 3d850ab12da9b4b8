import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { Route, Routes } from "react-router-dom";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { AdminPartsDocument, ManagePartsPage } from "./ManagePartsPage";
import { AddPartPage, CreatePartDocument } from "./AddPartPage";
import { EditPartDocument, EditPartPage, UpdatePartDocument } from "./EditPartPage";
import { emptyHistoryMock } from "./editPartMocks";
import { RestockPartDocument, RetirePartDocument } from "./partMutations";

const asAdmin = () => createFakeAuth({ user: admin });

const part = (
  overrides: Record<string, unknown> = {},
): Record<string, unknown> & { id: string; name: string; shortDesc?: string; compatibleModels?: unknown } => ({
  __typename: "Part",
  id: "UGFydDpwLTE",
  databaseId: "p-1",
  name: "Laptop battery",
  partNumber: "5B10W13930",
  img: "/images/parts/battery-57wh.svg",
  price: 49.99,
  available: 40,
  minOrderQuantity: 5,
  lowStock: false,
  lowStockThreshold: 10,
  retired: false,
  ...overrides,
});

const connection = (nodes: object[]) => ({
  __typename: "PartConnection",
  edges: nodes.map((node, i) => ({ __typename: "PartEdge", cursor: `c${i}`, node })),
  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
});

describe("Manage Parts", () => {
  it("lists every part with its status, retires one after confirming, and filters by name", async () => {
    const confirm = vi.fn(() => true);
    Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
    renderApp({
      route: "/dashboard/manage_parts",
      ui: (
        <Routes>
          <Route path="/dashboard/manage_parts" element={<ManagePartsPage />} />
        </Routes>
      ),
      auth: asAdmin(),
      mocks: [
        {
          request: { query: AdminPartsDocument, variables: { first: 20 } },
          result: {
            data: {
              adminParts: connection([
                part(),
                part({ id: "P2", databaseId: "p-2", name: "Old fan", retired: true }),
                part({ id: "P3", databaseId: "p-3", name: "Hinge", lowStock: true, available: 3 }),
              ]),
            },
          },
        },
        {
          request: { query: RetirePartDocument, variables: { id: "UGFydDpwLTE" } },
          result: {
            data: {
              retirePart: {
                __typename: "Part",
                id: "UGFydDpwLTE",
                retired: true,
                retiredAt: "2026-01-05T10:00:00.000Z",
                lowStock: false,
              },
            },
          },
        },
        {
          request: { query: AdminPartsDocument, variables: { first: 20, search: "hinge" } },
          result: {
            data: {
              adminParts: connection([
                part({ id: "P3", databaseId: "p-3", name: "Hinge", lowStock: true, available: 3 }),
              ]),
            },
          },
        },
      ],
    });
    const battery = (await screen.findByText("Laptop battery")).closest("tr")!;
    expect(within(battery).getByText("On sale")).toBeInTheDocument();
    expect(within(screen.getByText("Old fan").closest("tr")!).getByText("Retired")).toBeInTheDocument();
    expect(within(screen.getByText("Hinge").closest("tr")!).getByText("Low stock")).toBeInTheDocument();
    expect(within(battery).getByRole("link", { name: "Edit Laptop battery" })).toHaveAttribute(
      "href",
      "/dashboard/manage_parts/p-1",
    );

    await userEvent.click(within(battery).getByRole("button", { name: "Retire Laptop battery" }));
    expect(confirm).toHaveBeenCalledWith(
      "Retire Laptop battery? It leaves the shop (no new orders) but stays on the orders that have it.",
    );
    expect(await screen.findByText("Laptop battery is retired")).toBeInTheDocument();
    await waitFor(() => expect(within(battery).getByText("Retired")).toBeInTheDocument());

    await userEvent.type(screen.getByLabelText("Search by name, words or part number"), "hinge");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(screen.queryByText("Laptop battery")).not.toBeInTheDocument());
    expect(await screen.findByText("Hinge")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/manage_parts");
  });
});

describe("Add a part", () => {
  it("checks every field before sending anything, then creates the part", async () => {
    renderApp({
      route: "/dashboard/manage_parts/new",
      ui: (
        <Routes>
          <Route path="/dashboard/manage_parts/new" element={<AddPartPage />} />
          <Route path="/dashboard/manage_parts/:partsId" element={<p>Edit page</p>} />
        </Routes>
      ),
      auth: asAdmin(),
      mocks: [
        {
          request: {
            query: CreatePartDocument,
            variables: {
              input: {
                name: "Hinge set",
                shortDesc: "Left and right",
                price: 9.5,
                available: 120,
                alternativeNumbers: [],
                minOrderQuantity: 10,
                lowStockThreshold: 10,
                img: "/images/parts/hinge-set.svg",
                compatibleModels: ["HP EliteBook 840 G8", "Dell Latitude 5420"],
                weightGrams: 0,
                lengthMm: null,
                widthMm: null,
                heightMm: null,
                dangerousGoods: false,
                batteryWh: null,
                taxCategory: "STANDARD",
              },
            },
          },
          result: {
            data: { createPart: { __typename: "Part", id: "UGFydDpwLTk", databaseId: "p-9", name: "Hinge set" } },
          },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Add part" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Description is required")).toBeInTheDocument();
    expect(screen.getByText("Price is required")).toBeInTheDocument();
    expect(screen.getByText("Image is required")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Name"), "Hinge set");
    await userEvent.type(screen.getByLabelText("Description"), "Left and right");
    await userEvent.type(screen.getByLabelText("Price ($)"), "9.555");
    await userEvent.clear(screen.getByLabelText("Stock"));
    await userEvent.type(screen.getByLabelText("Stock"), "120");
    await userEvent.clear(screen.getByLabelText("Minimum order quantity"));
    await userEvent.type(screen.getByLabelText("Minimum order quantity"), "10");
    await userEvent.type(screen.getByLabelText("Image URL"), "/images/parts/hinge-set.svg");
    await userEvent.type(screen.getByLabelText("Compatible laptop models"), "HP{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Add part" }));
    expect(await screen.findByText(/"HP" needs a model after its brand/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Compatible laptop models"));
    await userEvent.type(
      screen.getByLabelText("Compatible laptop models"),
      "HP EliteBook 840 G8{Enter}{Enter}  Dell Latitude 5420  ",
    );
    await userEvent.click(screen.getByRole("button", { name: "Add part" }));
    expect(await screen.findByText("Price must be an amount in dollars with at most two decimals")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Price ($)"));
    await userEvent.type(screen.getByLabelText("Price ($)"), "9.5");
    await userEvent.click(screen.getByRole("button", { name: "Add part" }));
    expect(await screen.findByText("Part added: Hinge set")).toBeInTheDocument();
    expect(await screen.findByText("Edit page")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/manage_parts/p-9");
  });
});

describe("Edit part", () => {
  const full = part({
    slug: "laptop-battery-p-1",
    alternativeNumbers: ["02DL008"],
    images: [
      {
        __typename: "PartImage",
        id: "UGFydEltYWdlOmktMQ",
        position: 0,
        alt: "",
        url: "/images/parts/battery-57wh.svg",
        width: null,
        height: null,
        srcset: null,
        sources: [],
      },
    ],
    shortDesc: "3-cell, 57 Wh",
    retiredAt: null,
    compatibleModels: [{ __typename: "LaptopModel", id: "M1", name: "Lenovo ThinkPad T14 Gen 2" }],
    weightGrams: 280,
    dimensions: null,
    dangerousGoods: false,
    batteryWh: 57,
    taxCategory: "STANDARD",
  });
  const editMock = (available: number) => ({
    request: { query: EditPartDocument, variables: { id: "p-1" } },
    result: { data: { part: { ...full, available } } },
  });
  const saved = (fields: Record<string, unknown>) => ({
    data: {
      updatePart: {
        __typename: "Part",
        id: full.id,
        name: full.name,
        partNumber: full.partNumber,
        alternativeNumbers: full.alternativeNumbers,
        shortDesc: full.shortDesc,
        img: full.img,
        price: full.price,
        available: full.available,
        minOrderQuantity: full.minOrderQuantity,
        lowStockThreshold: full.lowStockThreshold,
        lowStock: false,
        retired: false,
        compatibleModels: full.compatibleModels,
        weightGrams: full.weightGrams,
        dimensions: full.dimensions,
        dangerousGoods: full.dangerousGoods,
        batteryWh: full.batteryWh,
        taxCategory: full.taxCategory,
        ...fields,
      },
    },
  });
  const editPage = () => (
    <Routes>
      <Route path="/dashboard/manage_parts/:partsId" element={<EditPartPage />} />
    </Routes>
  );
  const baseInput = {
    name: full.name,
    partNumber: full.partNumber,
    alternativeNumbers: full.alternativeNumbers,
    shortDesc: full.shortDesc,
    price: full.price,
    minOrderQuantity: 5,
    lowStockThreshold: 10,
    compatibleModels: ["Lenovo ThinkPad T14 Gen 2"],
    weightGrams: 280,
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    dangerousGoods: false,
    batteryWh: 57,
    taxCategory: "STANDARD",
  };

  it("sends a new stock with the stock it showed; other edits without the stock", async () => {
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        editMock(40),
        emptyHistoryMock,
        {
          request: { query: UpdatePartDocument, variables: { id: full.id, input: { ...baseInput, price: 52 } } },
          result: saved({ price: 52 }),
        },
        {
          request: {
            query: UpdatePartDocument,
            variables: { id: full.id, input: { ...baseInput, price: 52, available: 55, expectedAvailable: 40 } },
          },
          result: saved({ price: 52, available: 55 }),
        },
      ],
    });
    const price = await screen.findByLabelText("Price ($)");
    expect(screen.getByLabelText("Stock")).toHaveValue(40);
    // The public page a visitor sees, not the signed-in reserve page.
    expect(screen.getByRole("link", { name: "See it in the shop" })).toHaveAttribute("href", "/p/laptop-battery-p-1");
    await userEvent.clear(price);
    await userEvent.type(price, "52");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved: Laptop battery")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Stock"));
    await userEvent.type(screen.getByLabelText("Stock"), "55");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getAllByText("Changes saved: Laptop battery")).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText("Stock")).toHaveValue(55));
  });

  it("on a stock conflict, says so, shows the stock as it is now and keeps the other edits", async () => {
    const message =
      "The stock of Laptop battery changed from 40 to 35 while you were editing (orders or another admin moved it). Nothing was saved: check the stock and save again.";
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        editMock(40),
        emptyHistoryMock,
        {
          request: {
            query: UpdatePartDocument,
            variables: {
              id: full.id,
              input: { ...baseInput, name: "Battery 57Wh", available: 60, expectedAvailable: 40 },
            },
          },
          result: { errors: [new GraphQLError(message, { extensions: { code: "CONFLICT" } })] },
        },
        editMock(35),
      ],
    });
    const name = await screen.findByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "Battery 57Wh");
    await userEvent.clear(screen.getByLabelText("Stock"));
    await userEvent.type(screen.getByLabelText("Stock"), "60");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Stock")).toHaveValue(35));
    expect(screen.getByLabelText("Name")).toHaveValue("Battery 57Wh");
  });

  it("edits the compatible laptop models, one per line", async () => {
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        editMock(40),
        emptyHistoryMock,
        {
          request: {
            query: UpdatePartDocument,
            variables: {
              id: full.id,
              input: { ...baseInput, compatibleModels: ["Lenovo ThinkPad T14 Gen 2", "Dell Latitude 5420"] },
            },
          },
          result: saved({
            compatibleModels: [
              { __typename: "LaptopModel", id: "M2", name: "Dell Latitude 5420" },
              { __typename: "LaptopModel", id: "M1", name: "Lenovo ThinkPad T14 Gen 2" },
            ],
          }),
        },
      ],
    });
    const models = await screen.findByLabelText("Compatible laptop models");
    expect(models).toHaveValue("Lenovo ThinkPad T14 Gen 2");
    await userEvent.type(models, "{Enter}Dell Latitude 5420");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved: Laptop battery")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText("Compatible laptop models")).toHaveValue(
        "Dell Latitude 5420\nLenovo ThinkPad T14 Gen 2",
      ),
    );
  });

  it("puts the server's message under the field it names", async () => {
    const taken = "The number 02DL009 already belongs to Laptop fan (part number 5B10W13931): a number names one part";
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        editMock(40),
        emptyHistoryMock,
        {
          request: {
            query: UpdatePartDocument,
            variables: { id: full.id, input: { ...baseInput, alternativeNumbers: ["02DL009"] } },
          },
          result: {
            errors: [
              new GraphQLError(taken, {
                extensions: { code: "BAD_USER_INPUT", fields: { alternativeNumbers: [taken] } },
              }),
            ],
          },
        },
      ],
    });
    const numbers = await screen.findByLabelText("Alternative numbers");
    await userEvent.clear(numbers);
    await userEvent.type(numbers, "02DL009");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText("Alternative numbers")).toHaveAttribute("aria-invalid", "true");
  });

  it("shipping and tax: dimensions go together, a battery over 100 Wh must be dangerous goods, and the server's word goes under its field", async () => {
    const tooHeavy = "Weight must be a whole number of grams from 0 to 1,000,000 (0 until it is weighed)";
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        editMock(40),
        emptyHistoryMock,
        {
          request: {
            query: UpdatePartDocument,
            variables: {
              id: full.id,
              input: {
                ...baseInput,
                lengthMm: 300,
                widthMm: 200,
                heightMm: 20,
                dangerousGoods: true,
                batteryWh: 150,
                taxCategory: "REDUCED",
              },
            },
          },
          result: {
            errors: [
              new GraphQLError(tooHeavy, {
                extensions: { code: "BAD_USER_INPUT", fields: { weightGrams: [tooHeavy] } },
              }),
            ],
          },
        },
      ],
    });
    const group = within((await screen.findByText("Shipping and tax")).closest("fieldset")!);
    await waitFor(() => expect(group.getByLabelText("Weight (g)")).toHaveValue(280));
    expect(group.getByLabelText("Battery (Wh)")).toHaveValue(57);
    expect(group.getByLabelText("Tax category")).toHaveValue("STANDARD");

    await userEvent.type(group.getByLabelText("Length (mm)"), "300");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await group.findAllByText(/^Dimensions go together/)).toHaveLength(2);
    expect(group.getByLabelText("Width (mm)")).toHaveAttribute("aria-invalid", "true");

    await userEvent.type(group.getByLabelText("Width (mm)"), "200");
    await userEvent.type(group.getByLabelText("Height (mm)"), "20");
    await userEvent.clear(group.getByLabelText("Battery (Wh)"));
    await userEvent.type(group.getByLabelText("Battery (Wh)"), "150");
    await userEvent.selectOptions(group.getByLabelText("Tax category"), "Reduced rate");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await group.findByText(/^A battery over 100 Wh \(this one: 150 Wh\) must be marked as dangerous goods/),
    ).toBeInTheDocument();
    expect(group.queryByText(/^Dimensions go together/)).not.toBeInTheDocument();

    await userEvent.click(group.getByLabelText("Dangerous goods"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await group.findByText(tooHeavy)).toBeInTheDocument();
    expect(group.getByLabelText("Weight (g)")).toHaveAttribute("aria-invalid", "true");
  });

  it("restocks: a relative change, refused when not a whole number of units", async () => {
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        editMock(40),
        emptyHistoryMock,
        {
          request: { query: RestockPartDocument, variables: { id: full.id, quantity: 60 } },
          result: {
            data: {
              restockPart: { __typename: "Part", id: full.id, name: full.name, available: 100, lowStock: false },
            },
          },
        },
      ],
    });
    const units = await screen.findByLabelText("Units to add");
    await userEvent.type(units, "1.5");
    await userEvent.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText("Enter a whole number of units from 1 to 1,000,000")).toBeInTheDocument();
    await userEvent.clear(units);
    await userEvent.type(units, "60");
    await userEvent.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText("Restocked Laptop battery: +60, now 100")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("edit-part-stock")).toHaveTextContent("100"));
    // The stock field was not touched: it shows the new figure.
    await waitFor(() => expect(screen.getByLabelText("Stock")).toHaveValue(100));
  });

  it("says so when the part does not exist", async () => {
    renderApp({
      route: "/dashboard/manage_parts/p-1",
      ui: editPage(),
      auth: asAdmin(),
      mocks: [
        {
          request: { query: EditPartDocument, variables: { id: "p-1" } },
          result: { errors: [new GraphQLError("Part not found", { extensions: { code: "NOT_FOUND" } })] },
        },
      ],
    });
    expect(await screen.findByText("This part does not exist.")).toBeInTheDocument();
  });
});
