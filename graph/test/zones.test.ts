import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, seededAdmin, Shopper, withDatabase } from "./support/client";
import { freeCountries, freshShippingZone, freshTaxZone, methodInput } from "./support/zones";

/*
 * The zones' GraphQL contract (docs/product.md, "Beyond the spec": Shipping and Tax): each field
 * once, who may call it, a bad value named. The rules themselves are proven at the service tier
 * (test/services/shipping-zones.test.ts, tax-zones.test.ts).
 */

let admin: Shopper;
let customer: Shopper;

beforeAll(async () => {
  [admin, customer] = await Promise.all([seededAdmin(), newCustomer("zones")]);
});

const ZONE = `id databaseId name createdAt places { country countryName region regionName }
  methods { id databaseId name kind bands { upToGrams price } freeOver minDays maxDays carriesDangerousGoods createdAt }`;
const TAX_ZONE = `id databaseId name createdAt places { country region } pricesIncludeTax taxesShipping standardRate reducedRate zeroRate`;

describe("shipping zones", () => {
  it("an admin lists the seeded zones: the United States ships standard, express and from the warehouse", async () => {
    const answer = await gql(`{ shippingZones { ${ZONE} } }`, {}, admin.token);
    expect(answer.body.errors).toBeUndefined();
    const us = answer.body.data.shippingZones.find((zone: any) => zone.name === "United States");
    expect(us.places).toEqual([{ country: "US", countryName: "United States", region: null, regionName: null }]);
    expect(us.methods.map((method: any) => [method.kind, method.bands[0], method.freeOver])).toEqual([
      ["STANDARD", { upToGrams: 2000, price: 6.95 }, 150],
      ["EXPRESS", { upToGrams: 2000, price: 19 }, null],
      ["COLLECTION", { upToGrams: 30000, price: 0 }, null],
    ]);
  });

  it("an admin creates a zone, adds, edits and removes a method, renames and deletes the zone", async () => {
    const [country, other] = await freeCountries(2);
    const created = await gql(
      `mutation($input: CreateShippingZoneInput!) { createShippingZone(input: $input) { ${ZONE} } }`,
      { input: { name: `Zone ${country}`, places: [{ country: country.toLowerCase() }] } },
      admin.token,
    );
    expect(created.body.errors).toBeUndefined();
    const zone = created.body.data.createShippingZone;
    expect(zone.places[0].country).toBe(country);
    const added = await gql(
      `mutation($zoneId: ID!, $input: ShippingMethodInput!) { addShippingMethod(zoneId: $zoneId, input: $input) { ${ZONE} } }`,
      { zoneId: zone.id, input: methodInput() },
      admin.token,
    );
    const [method] = added.body.data.addShippingMethod.methods;
    expect(method).toMatchObject({ name: "Express", kind: "EXPRESS", carriesDangerousGoods: false, minDays: 1 });
    const updated = await gql(
      `mutation($id: ID!, $input: ShippingMethodInput!) { updateShippingMethod(id: $id, input: $input) { methods { freeOver bands { price } } } }`,
      { id: method.id, input: methodInput({ freeOver: 99.5, bands: [{ upToGrams: 500, price: 9.99 }] }) },
      admin.token,
    );
    expect(updated.body.data.updateShippingMethod.methods).toEqual([{ freeOver: 99.5, bands: [{ price: 9.99 }] }]);
    const node = await gql(
      `query($id: ID!) { node(id: $id) { ... on ShippingMethod { name } } }`,
      { id: method.id },
      admin.token,
    );
    expect(node.body.data.node).toEqual({ name: "Express" });
    const removed = await gql(
      `mutation($id: ID!) { removeShippingMethod(id: $id) { methods { id } } }`,
      { id: method.id },
      admin.token,
    );
    expect(removed.body.data.removeShippingMethod.methods).toEqual([]);
    const renamed = await gql(
      `mutation($id: ID!, $input: UpdateShippingZoneInput!) { updateShippingZone(id: $id, input: $input) { name places { country } } }`,
      { id: zone.id, input: { name: `Zone ${country} and ${other}`, places: [{ country }, { country: other }] } },
      admin.token,
    );
    expect(renamed.body.data.updateShippingZone.places.map((place: any) => place.country).sort()).toEqual(
      [country, other].sort(),
    );
    const deleted = await gql(
      `mutation($id: ID!) { deleteShippingZone(id: $id) { deletedId name } }`,
      { id: zone.id },
      admin.token,
    );
    expect(deleted.body.data.deleteShippingZone).toEqual({ deletedId: zone.id, name: `Zone ${country} and ${other}` });
    const history = await gql(
      `query($id: ID!) { auditLog(first: 10, entityId: $id) { edges { node { action entityType entityName } } } }`,
      { id: zone.id },
      admin.token,
    );
    expect(history.body.data.auditLog.edges.map((edge: any) => edge.node.action)).toEqual([
      "SHIPPING_ZONE_DELETED",
      "SHIPPING_ZONE_UPDATED",
      "SHIPPING_METHOD_REMOVED",
      "SHIPPING_METHOD_UPDATED",
      "SHIPPING_METHOD_ADDED",
      "SHIPPING_ZONE_CREATED",
    ]);
  });

  it("names the bad value: a band lighter than the one before, a place another zone holds", async () => {
    const { zoneId } = await freshShippingZone();
    const bands = [
      { upToGrams: 2000, price: 5 },
      { upToGrams: 1000, price: 6 },
    ];
    const answer = await gql(
      `mutation($zoneId: ID!, $input: ShippingMethodInput!) { addShippingMethod(zoneId: $zoneId, input: $input) { id } }`,
      { zoneId, input: methodInput({ bands }) },
      admin.token,
    );
    expect(errorCode(answer)).toBe("BAD_USER_INPUT");
    expect(Object.keys(answer.body.errors[0].extensions.fields)).toEqual(["bands.1.upToGrams"]);
    const taken = await gql(
      `mutation($input: CreateShippingZoneInput!) { createShippingZone(input: $input) { id } }`,
      { input: { name: "Another United States", places: [{ country: "US" }] } },
      admin.token,
    );
    expect(taken.body.errors[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { places: ["United States is already in the shipping zone United States: a place belongs to one zone"] },
    });
  });

  it("is for admins only: a customer is FORBIDDEN, a visitor UNAUTHENTICATED", async () => {
    expect(errorCode(await gql(`{ shippingZones { id } }`, {}, customer.token))).toBe("FORBIDDEN");
    expect(errorCode(await gql(`{ shippingZones { id } }`))).toBe("UNAUTHENTICATED");
  });
});

describe("tax zones", () => {
  it("an admin lists them with rates as percentages: New York's 8.875% is kept as 88,750 ppm", async () => {
    const answer = await gql(`{ taxZones { ${TAX_ZONE} } }`, {}, admin.token);
    const newYork = answer.body.data.taxZones.find((zone: any) => zone.name === "New York");
    expect(newYork).toMatchObject({
      places: [{ country: "US", region: "NY" }],
      pricesIncludeTax: false,
      taxesShipping: true,
      standardRate: 8.875,
      zeroRate: 0,
    });
    const [stored] = await withDatabase(
      async (client) =>
        (await client.query(`SELECT standard_rate_ppm FROM tax_zones WHERE id = $1`, [newYork.databaseId])).rows,
    );
    expect(stored.standard_rate_ppm).toBe(88_750);
  });

  it("an admin creates, changes and deletes a tax zone; a bad rate is named", async () => {
    const [country] = await freeCountries(1, "tax");
    const input = {
      name: `VAT ${country}`,
      places: [{ country }],
      pricesIncludeTax: true,
      taxesShipping: true,
      standardRate: 21,
      reducedRate: 9,
    };
    const created = await gql(
      `mutation($input: CreateTaxZoneInput!) { createTaxZone(input: $input) { ${TAX_ZONE} } }`,
      { input },
      admin.token,
    );
    const zone = created.body.data.createTaxZone;
    expect(zone).toMatchObject({ standardRate: 21, reducedRate: 9, zeroRate: 0, pricesIncludeTax: true });
    const changed = await gql(
      `mutation($id: ID!, $input: UpdateTaxZoneInput!) { updateTaxZone(id: $id, input: $input) { reducedRate } }`,
      { id: zone.id, input: { reducedRate: 5.5 } },
      admin.token,
    );
    expect(changed.body.data.updateTaxZone).toEqual({ reducedRate: 5.5 });
    const refused = await gql(
      `mutation($id: ID!, $input: UpdateTaxZoneInput!) { updateTaxZone(id: $id, input: $input) { id } }`,
      { id: zone.id, input: { standardRate: 8.87501 } },
      admin.token,
    );
    expect(refused.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(refused.body.errors[0].extensions.fields)).toEqual(["standardRate"]);
    const deleted = await gql(
      `mutation($id: ID!) { deleteTaxZone(id: $id) { deletedId } }`,
      { id: zone.id },
      admin.token,
    );
    expect(deleted.body.data.deleteTaxZone.deletedId).toBe(zone.id);
  });

  it("is for admins only", async () => {
    const id = await freshTaxZone();
    const remove = `mutation($id: ID!) { deleteTaxZone(id: $id) { deletedId } }`;
    expect(errorCode(await gql(remove, { id }, customer.token))).toBe("FORBIDDEN");
    expect(errorCode(await gql(`{ taxZones { id } }`))).toBe("UNAUTHENTICATED");
  });
});
