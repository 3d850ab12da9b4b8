import { describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, type Shopper } from "./support/client";

/*
 * The address book's GraphQL contract (docs/product.md, "Beyond the spec"): each field of an
 * address as it is answered, the four mutations, the form's countries, and refusals with their
 * codes and the fields they name. The book's rules themselves are proven in
 * test/services/address-book.test.ts.
 */

const ADDRESS = "id databaseId name company line1 line2 city region postalCode country countryName phone isDefault";
const CHANGE = `address { ${ADDRESS} } removedId addresses { databaseId isDefault }`;
const ADD = `mutation($input: AddressInput!) { addAddress(input: $input) { ${CHANGE} } }`;
const UPDATE = `mutation($id: ID!, $input: AddressInput!) { updateAddress(id: $id, input: $input) { ${CHANGE} } }`;
const REMOVE = `mutation($id: ID!) { removeAddress(id: $id) { ${CHANGE} } }`;
const SET_DEFAULT = `mutation($id: ID!) { setDefaultAddress(id: $id) { ${CHANGE} } }`;

const SAN_FRANCISCO = {
  name: "Grace Hopper",
  company: "Fleet Repairs Inc",
  line1: "100 Market Street",
  line2: "Suite 300",
  city: "San Francisco",
  region: "california",
  postalCode: "94105",
  country: "us",
  phone: "+1 (415) 555-0100",
};
const BRISTOL = {
  name: "Ada Lovelace",
  line1: "12 Harbour Road",
  city: "Bristol",
  postalCode: "bs1 5ty",
  country: "GB",
  phone: "0117 496 0000",
};

async function added(customer: Shopper, input: object) {
  const answer = await gql(ADD, { input }, customer.token);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.addAddress;
}
async function bookOf(customer: Shopper) {
  const answer = await gql(`{ viewer { addresses { ${ADDRESS} } } }`, {}, customer.token);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.viewer.addresses;
}
const refusalOf = (answer: { body: { errors?: any[]; data?: any } }) => {
  const [error] = answer.body.errors ?? [];
  return { code: error?.extensions?.code, fields: Object.keys(error?.extensions?.fields ?? {}).sort() };
};

describe("a customer's address book over GraphQL", () => {
  it("answers each field of an address as the shop keeps it, the first one the default", async () => {
    const customer = await newCustomer("addresses");
    const change = await added(customer, SAN_FRANCISCO);
    expect(change.address).toEqual({
      id: Buffer.from(`Address:${change.address.databaseId}`).toString("base64url"),
      databaseId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Grace Hopper",
      company: "Fleet Repairs Inc",
      line1: "100 Market Street",
      line2: "Suite 300",
      city: "San Francisco",
      region: "CA",
      postalCode: "94105",
      country: "US",
      countryName: "United States",
      phone: "+14155550100",
      isDefault: true,
    });
    expect(change.removedId).toBeNull();
    expect(change.addresses).toEqual([{ databaseId: change.address.databaseId, isDefault: true }]);
    // Optional fields may be left out, and are null.
    const second = await added(customer, BRISTOL);
    expect(second.address).toMatchObject({ company: null, line2: null, region: null, postalCode: "BS1 5TY" });
    expect(second.address.isDefault).toBe(false);
    // The node query finds it by its global id.
    const node = await gql(
      `query($id: ID!) { node(id: $id) { ... on Address { databaseId city } } }`,
      { id: second.address.id },
      customer.token,
    );
    expect(node.body.data.node).toEqual({ databaseId: second.address.databaseId, city: "Bristol" });
  });

  it("edits, makes default and removes, and viewer.addresses shows each change at once (default first)", async () => {
    const customer = await newCustomer("addresses");
    const first = (await added(customer, SAN_FRANCISCO)).address;
    // Read until the viewer's answer comes from the shop's memory (no SQL): a change must end it.
    expect((await bookOf(customer)).map((address: any) => address.databaseId)).toEqual([first.databaseId]);
    let again = await gql(`{ viewer { addresses { ${ADDRESS} } } }`, {}, customer.token);
    for (let attempt = 0; attempt < 3 && Number(again.headers.get("x-sql-queries")) !== 0; attempt++)
      again = await gql(`{ viewer { addresses { ${ADDRESS} } } }`, {}, customer.token);
    expect(Number(again.headers.get("x-sql-queries")), "a repeated read is answered from memory").toBe(0);
    const second = (await added(customer, BRISTOL)).address;
    expect((await bookOf(customer)).map((address: any) => [address.databaseId, address.isDefault])).toEqual([
      [first.databaseId, true],
      [second.databaseId, false],
    ]);

    const edited = await gql(
      UPDATE,
      { id: second.id, input: { ...BRISTOL, city: "Bath", postalCode: "BA1 1AA" } },
      customer.token,
    );
    expect(edited.body.data.updateAddress.address).toMatchObject({
      city: "Bath",
      postalCode: "BA1 1AA",
      isDefault: false,
    });

    const chosen = await gql(SET_DEFAULT, { id: second.databaseId }, customer.token);
    expect(chosen.body.data.setDefaultAddress.addresses).toEqual([
      { databaseId: second.databaseId, isDefault: true },
      { databaseId: first.databaseId, isDefault: false },
    ]);
    expect((await bookOf(customer))[0]).toMatchObject({ databaseId: second.databaseId, city: "Bath", isDefault: true });

    const removed = await gql(REMOVE, { id: second.id }, customer.token);
    expect(removed.body.data.removeAddress).toEqual({
      address: null,
      removedId: second.databaseId,
      addresses: [{ databaseId: first.databaseId, isDefault: true }],
    });
    expect((await bookOf(customer)).map((address: any) => address.databaseId)).toEqual([first.databaseId]);
  });

  it("refuses bad fields with BAD_USER_INPUT naming every one, and stores nothing", async () => {
    const customer = await newCustomer("addresses");
    const answer = await gql(
      ADD,
      {
        input: {
          name: "",
          company: "c".repeat(81),
          line1: " ",
          line2: "l".repeat(121),
          city: "",
          region: "Atlantis",
          postalCode: "123",
          country: "US",
          phone: "not a phone",
        },
      },
      customer.token,
    );
    expect(refusalOf(answer)).toEqual({
      code: "BAD_USER_INPUT",
      fields: ["city", "company", "line1", "line2", "name", "phone", "postalCode", "region"],
    });
    expect(answer.body.errors[0].extensions.fields.region).toEqual([
      '"Atlantis" is not a state or province of United States',
    ]);
    expect(refusalOf(await gql(ADD, { input: { ...BRISTOL, country: "ZZ" } }, customer.token))).toEqual({
      code: "BAD_USER_INPUT",
      fields: ["country"],
    });
    expect(await bookOf(customer)).toEqual([]);
  });

  it("answers NOT_FOUND, naming the id, for another customer's address or an id that is none", async () => {
    const [owner, stranger] = [await newCustomer("owner"), await newCustomer("stranger")];
    const theirs = (await added(owner, BRISTOL)).address;
    for (const query of [REMOVE, SET_DEFAULT])
      expect(refusalOf(await gql(query, { id: theirs.id }, stranger.token))).toEqual({
        code: "NOT_FOUND",
        fields: ["id"],
      });
    expect(refusalOf(await gql(UPDATE, { id: theirs.databaseId, input: SAN_FRANCISCO }, stranger.token))).toEqual({
      code: "NOT_FOUND",
      fields: ["id"],
    });
    expect(refusalOf(await gql(SET_DEFAULT, { id: "not-an-id" }, owner.token))).toEqual({
      code: "NOT_FOUND",
      fields: ["id"],
    });
    // Another customer's address is no node they may see.
    expect(
      (await gql(`query($id: ID!) { node(id: $id) { id } }`, { id: theirs.id }, stranger.token)).body.data.node,
    ).toBeNull();
    expect((await bookOf(owner))[0]).toMatchObject({ databaseId: theirs.databaseId, city: "Bristol" });
  });

  it("asks a visitor to sign in", async () => {
    expect(errorCode(await gql(ADD, { input: BRISTOL }))).toBe("UNAUTHENTICATED");
  });
});

describe("the countries of the address form", () => {
  it("lists every country by name, each with whether it needs a region and the regions to choose from", async () => {
    const answer = await gql("{ countries { code name regionRequired regions { code name } } }");
    const countries: Array<{ code: string; name: string; regionRequired: boolean; regions: object[] }> =
      answer.body.data.countries;
    expect(countries.length).toBeGreaterThan(200);
    const byCode = new Map(countries.map((country) => [country.code, country]));
    expect(byCode.get("DE")).toEqual({ code: "DE", name: "Germany", regionRequired: false, regions: [] });
    expect(byCode.get("AU")).toMatchObject({ regionRequired: true });
    expect(byCode.get("US")?.regions).toContainEqual({ code: "NY", name: "New York" });
  });
});
