import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import {
  AddressesPage,
  RemoveAddressDocument,
  SetDefaultAddressDocument,
  ViewerAddressesDocument,
} from "./AddressesPage";

const address = (databaseId: string, fields: Record<string, unknown>) => ({
  __typename: "Address",
  id: `QWRkcmVzczo${databaseId}`,
  databaseId,
  company: null,
  line2: null,
  region: null,
  countryName: "United Kingdom",
  country: "GB",
  phone: "+441174960000",
  ...fields,
});
const home = address("a1", {
  name: "Ada Lovelace",
  line1: "12 Harbour Road",
  city: "Bristol",
  postalCode: "BS1 5TY",
  isDefault: true,
});
const work = address("a2", {
  name: "Ada Lovelace",
  line1: "1 Dock Street",
  city: "Bath",
  postalCode: "BA1 1AA",
  isDefault: false,
});
const viewer = (addresses: object[]) => ({ data: { viewer: { __typename: "Viewer", id: "VXNlcjox", addresses } } });
const change = (field: string, addresses: object[]) => ({
  data: { [field]: { __typename: "AddressBookChange", addresses } },
});

function openPage(mocks: object[]) {
  renderApp({
    ui: <AddressesPage />,
    auth: createFakeAuth({ user: customer }),
    mocks: [{ request: { query: ViewerAddressesDocument }, result: viewer([home, work]) }, ...mocks] as never[],
  });
}
const cardOf = async (line1: string) => (await screen.findByText(line1)).closest("li")!;

describe("the address book page", () => {
  it("lists the addresses with the default marked, and no way to make the default the default again", async () => {
    openPage([]);
    const homeCard = await cardOf("12 Harbour Road");
    expect(within(homeCard).getByText("Default")).toBeInTheDocument();
    expect(within(homeCard).queryByRole("button", { name: /the default$/ })).toBeNull();
    const workCard = await cardOf("1 Dock Street");
    expect(within(workCard).queryByText("Default")).toBeNull();
    expect(within(workCard).getByText("Bath BA1 1AA")).toBeInTheDocument();
  });

  it("makes another address the default", async () => {
    openPage([
      {
        request: { query: SetDefaultAddressDocument, variables: { id: work.id } },
        result: change("setDefaultAddress", [
          { ...work, isDefault: true },
          { ...home, isDefault: false },
        ]),
      },
    ]);
    await userEvent.click(
      within(await cardOf("1 Dock Street")).getByRole("button", {
        name: "Make the address of Ada Lovelace, 1 Dock Street the default",
      }),
    );
    expect(await screen.findByText("Default address changed")).toBeInTheDocument();
    expect(within(await cardOf("1 Dock Street")).getByText("Default")).toBeInTheDocument();
    expect(within(await cardOf("12 Harbour Road")).queryByText("Default")).toBeNull();
  });

  it("asks before removing, and removes nothing when the customer says no", async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
    openPage([
      {
        request: { query: RemoveAddressDocument, variables: { id: work.id } },
        result: change("removeAddress", [home]),
      },
    ]);
    const remove = within(await cardOf("1 Dock Street")).getByRole("button", {
      name: "Remove the address of Ada Lovelace, 1 Dock Street",
    });
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith("Remove the address of Ada Lovelace, 1 Dock Street?");
    expect(screen.getByText("1 Dock Street")).toBeInTheDocument();
    await userEvent.click(remove);
    expect(await screen.findByText("Address removed")).toBeInTheDocument();
    expect(screen.queryByText("1 Dock Street")).toBeNull();
  });

  it("says so when the book is empty", async () => {
    renderApp({
      ui: <AddressesPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [{ request: { query: ViewerAddressesDocument }, result: viewer([]) }] as never[],
    });
    expect(await screen.findByText("You have no saved addresses yet.")).toBeInTheDocument();
  });
});
