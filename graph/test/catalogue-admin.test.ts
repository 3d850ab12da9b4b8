import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  availableOf,
  errorCode,
  gql,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  Shopper,
  withDatabase,
} from "./support/client";
import { GRAPH_DIR } from "./support/processes";

/*
 * Catalogue management: admins create, edit, restock, retire and restore parts;
 * every change is validated whole, made under the part's row lock and recorded in the history.
 */

let admin: Shopper;
let customer: Shopper;

beforeAll(async () => {
  [admin, customer] = await Promise.all([seededAdmin(), newCustomer("catalogue-admin")]);
});

const PART_FIELDS =
  "id databaseId name shortDesc img price available minOrderQuantity lowStockThreshold lowStock retired retiredAt";
const unique = (label: string) => `${label} ${crypto.randomBytes(3).toString("hex")}`;
const newPart = (overrides: Record<string, unknown> = {}) => ({
  name: unique("Admin part"),
  shortDesc: "A part an admin added",
  img: "/images/parts/dc-jack.svg",
  price: 12.5,
  available: 40,
  minOrderQuantity: 2,
  ...overrides,
});

async function createPart(overrides: Record<string, unknown> = {}) {
  const answer = await gql(
    `mutation($input: CreatePartInput!) { createPart(input: $input) { ${PART_FIELDS} } }`,
    { input: newPart(overrides) },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.createPart;
}

const updatePart = (id: string, input: Record<string, unknown>, token = admin.token) =>
  gql(
    `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { ${PART_FIELDS} } }`,
    { id, input },
    token,
  );
const restockPart = (id: string, quantity: unknown, token = admin.token) =>
  gql(
    `mutation($id: ID!, $quantity: Int!) { restockPart(id: $id, quantity: $quantity) { ${PART_FIELDS} } }`,
    { id, quantity },
    token,
  );
const retirePart = (id: string, token = admin.token) =>
  gql(`mutation($id: ID!) { retirePart(id: $id) { ${PART_FIELDS} } }`, { id }, token);
const restorePart = (id: string, token = admin.token) =>
  gql(`mutation($id: ID!) { restorePart(id: $id) { ${PART_FIELDS} } }`, { id }, token);

async function history(entityId: string) {
  const answer = await gql(
    `query($id: ID!) { auditLog(entityId: $id, first: 100) { edges { node {
       action actorEmail actorId at entityType entityId entityDatabaseId entityName before after changes { field before after } } } } }`,
    { id: entityId },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.auditLog.edges.map((edge: any) => edge.node);
}

const partRow = (id: string) =>
  withDatabase(
    async (client) => (await client.query("SELECT *, price_cents::int FROM parts WHERE id = $1", [id])).rows[0],
  );
const auditCount = () =>
  withDatabase(async (client) => (await client.query("SELECT count(*)::int AS n FROM audit_log")).rows[0].n as number);
const publicPartIds = async () => (await rest("GET", "/parts")).body.map((part: any) => part._id);

describe("creating a part", () => {
  it("puts it on sale at once, for REST and GraphQL, and records who created it and what", async () => {
    const part = await createPart({ lowStockThreshold: 5 });
    expect(part).toMatchObject({
      price: 12.5,
      available: 40,
      minOrderQuantity: 2,
      lowStockThreshold: 5,
      lowStock: false,
      retired: false,
      retiredAt: null,
    });
    expect(await publicPartIds()).toContain(part.databaseId);
    expect((await rest("GET", `/parts/${part.databaseId}`)).body).toEqual({
      _id: part.databaseId,
      name: part.name,
      img: "/images/parts/dc-jack.svg",
      price: 12.5,
      available: 40,
      min_order_quantity: 2,
      short_desc: "A part an admin added",
    });

    const [entry] = await history(part.id);
    expect(entry).toMatchObject({
      action: "PART_CREATED",
      actorEmail: admin.email,
      entityType: "PART",
      entityId: part.id,
      entityDatabaseId: part.databaseId,
      entityName: part.name,
      before: null,
      after: { name: part.name, price: 12.5, available: 40, minOrderQuantity: 2, lowStockThreshold: 5, retired: false },
    });
    expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
    expect(entry.changes).toContainEqual({ field: "available", before: null, after: "40" });
  });

  it("refuses invalid fields with a message per field and stores nothing", async () => {
    const auditBefore = await auditCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: "   " }, "name", /Name is required/],
      [{ name: "x".repeat(81) }, "name", /Name must be at most 80 characters/],
      [{ shortDesc: "d".repeat(501) }, "shortDesc", /Description must be at most 500 characters/],
      [{ price: 1.234 }, "price", /at most two decimals/],
      [{ price: -1 }, "price", /Price cannot be negative/],
      [{ available: -1 }, "available", /Stock must be a whole number from 0 to 10,000,000/],
      [{ minOrderQuantity: 0 }, "minOrderQuantity", /Minimum order quantity must be a whole number from 1/],
      [{ img: "javascript:alert(1)" }, "img", /Image must be an http\(s\) URL or a path on this shop/],
      [{ lowStockThreshold: -2 }, "lowStockThreshold", /Low-stock threshold must be a whole number from 0/],
    ];
    const name = unique("Refused part");
    for (const [override, field, message] of cases) {
      const answer = await gql(
        "mutation($input: CreatePartInput!) { createPart(input: $input) { id } }",
        { input: newPart({ name, ...override }) },
        admin.token,
      );
      const error = answer.body.errors?.[0];
      expect(error?.extensions?.code, JSON.stringify(override)).toBe("BAD_USER_INPUT");
      expect(error.message).toMatch(message);
      expect(Object.keys(error.extensions.fields ?? {}), JSON.stringify(override)).toContain(field);
    }
    const rest400 = await rest("POST", "/parts", {
      token: admin.token,
      body: { name, short_desc: "d", img: "/x.png", price: "12", available: 1, min_order_quantity: 1 },
    });
    expect(rest400.status).toBe(400);
    expect(rest400.body.error).toMatch(/Price must be an amount in dollars/);
    const fractional = await rest("POST", "/parts", {
      token: admin.token,
      body: { name, short_desc: "d", img: "/x.png", price: 1, available: 2.5, min_order_quantity: 1 },
    });
    expect(fractional.status).toBe(400);
    expect(fractional.body.error).toBe("Stock must be a whole number from 0 to 10,000,000");
    const stored = await withDatabase(
      async (client) =>
        (await client.query("SELECT count(*)::int AS n FROM parts WHERE name LIKE 'Refused part%'")).rows[0].n,
    );
    expect(stored).toBe(0);
    expect(await auditCount()).toBe(auditBefore);
  });

  it("over REST: POST /parts with the spec's field names answers 201 and an insertedId", async () => {
    const name = unique("REST part");
    const answer = await rest("POST", "/parts", {
      token: admin.token,
      body: {
        name,
        short_desc: "From REST",
        img: "https://example.com/p.png",
        price: 3.99,
        available: 7,
        min_order_quantity: 1,
        low_stock_threshold: 3,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    expect((await rest("GET", `/parts/${answer.body.insertedId}`)).body).toMatchObject({
      name,
      price: 3.99,
      available: 7,
      short_desc: "From REST",
    });
    for (const token of [customer.token, undefined]) {
      const refused = await rest("POST", "/parts", {
        token,
        body: { name: "Nope", short_desc: "x", img: "/x.png", price: 1, available: 1, min_order_quantity: 1 },
      });
      expect(refused.status).toBe(token ? 403 : 401);
    }
  });
});

describe("editing a part", () => {
  it("changes only the fields given; orders already placed keep their part name and price", async () => {
    const part = await createPart({ price: 10, available: 30 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(part.databaseId, 2) });
    expect(placed.status).toBe(201);

    const renamed = unique("Renamed part");
    const answer = await updatePart(part.id, {
      name: renamed,
      price: 11.25,
      shortDesc: "Now better",
      minOrderQuantity: 3,
      lowStockThreshold: 28,
      img: "/images/parts/hinge-set.svg",
    });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.updatePart).toMatchObject({
      name: renamed,
      price: 11.25,
      shortDesc: "Now better",
      minOrderQuantity: 3,
      lowStockThreshold: 28,
      lowStock: true, // 28 available, threshold 28
      img: "/images/parts/hinge-set.svg",
      available: 28,
    });
    const order = await rest("GET", `/order/${placed.body.insertedId}`, { token: customer.token });
    expect(order.body).toMatchObject({ order: part.name, price: 20, orderId: part.databaseId });

    const [entry] = await history(part.databaseId);
    expect(entry.action).toBe("PART_UPDATED");
    expect(entry.changes).toEqual([
      { field: "name", before: part.name, after: renamed },
      { field: "shortDesc", before: "A part an admin added", after: "Now better" },
      { field: "img", before: "/images/parts/dc-jack.svg", after: "/images/parts/hinge-set.svg" },
      { field: "price", before: "10", after: "11.25" },
      { field: "minOrderQuantity", before: "2", after: "3" },
      { field: "lowStockThreshold", before: "10", after: "28" },
    ]);
  });

  it("an edit that changes nothing is not recorded", async () => {
    const part = await createPart();
    const answer = await updatePart(part.id, { name: part.name, price: part.price });
    expect(answer.body.data.updatePart.name).toBe(part.name);
    expect((await history(part.id)).map((entry: any) => entry.action)).toEqual(["PART_CREATED"]);
  });

  it("validates every field before saving anything: one bad field and nothing changes", async () => {
    const part = await createPart();
    const auditBefore = await auditCount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: "New name", price: 1.234 }, /at most two decimals/],
      [{ name: "   ", price: 3 }, /Name cannot be blank/],
      [{ shortDesc: "ok", minOrderQuantity: 0 }, /Minimum order quantity must be a whole number from 1/],
      [{ name: "New name", available: -5, expectedAvailable: 40 }, /Stock must be a whole number from 0/],
      [{ name: "New name", available: 50 }, /needs the stock you saw \(expectedAvailable\)/],
      [{ img: "ftp://example.com/x.png", name: "New name" }, /Image must be an http\(s\) URL/],
    ];
    for (const [input, message] of cases) {
      const answer = await updatePart(part.id, input);
      expect(errorCode(answer), JSON.stringify(input)).toBe("BAD_USER_INPUT");
      expect(answer.body.errors[0].message).toMatch(message);
    }
    const row = await partRow(part.databaseId);
    expect(row).toMatchObject({
      name: part.name,
      price_cents: 1250,
      available: 40,
      min_order_quantity: 2,
      img: "/images/parts/dc-jack.svg",
    });
    expect(await auditCount()).toBe(auditBefore);
  });

  it("a new stock figure is compared with the one the admin saw: an order placed meanwhile makes it a conflict, and nothing is saved", async () => {
    const part = await createPart({ available: 40 });
    // The admin opens the form (40), a customer orders 2, the admin saves 60 and a new name.
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(part.databaseId, 2) })).status).toBe(
      201,
    );
    const stale = await updatePart(part.id, { name: "Should not be saved", available: 60, expectedAvailable: 40 });
    expect(errorCode(stale)).toBe("CONFLICT");
    expect(stale.body.errors[0].message).toBe(
      `The stock of ${part.name} changed from 40 to 38 while you were editing (orders or another admin moved it). Nothing was saved: check the stock and save again.`,
    );
    expect(await partRow(part.databaseId)).toMatchObject({ name: part.name, available: 38, stock_adjustment: 40 });

    const fresh = await updatePart(part.id, { available: 60, expectedAvailable: 38 });
    expect(fresh.body.data.updatePart.available).toBe(60);
    expect(await partRow(part.databaseId)).toMatchObject({ available: 60, stock_adjustment: 62 });
    const [entry] = await history(part.id);
    expect(entry.changes).toEqual([{ field: "available", before: "38", after: "60" }]);

    // Over REST the same rule, with the spec's names.
    const conflict = await rest("PATCH", `/parts/${part.databaseId}`, {
      token: admin.token,
      body: { available: 10, expected_available: 59 },
    });
    expect(conflict.status).toBe(409);
    const saved = await rest("PATCH", `/parts/${part.databaseId}`, {
      token: admin.token,
      body: { available: 10, expected_available: 60, short_desc: "Counted" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      _id: part.databaseId,
      available: 10,
      short_desc: "Counted",
      retired: false,
      low_stock_threshold: 10,
    });
  });

  it("an unknown or malformed part id is not found", async () => {
    for (const id of [
      crypto.randomUUID(),
      "nope",
      Buffer.from(`Product:${crypto.randomUUID()}`).toString("base64url"),
    ]) {
      expect(errorCode(await updatePart(id, { name: "x" })), id).toBe("NOT_FOUND");
      expect(errorCode(await restockPart(id, 1)), id).toBe("NOT_FOUND");
      expect(errorCode(await retirePart(id)), id).toBe("NOT_FOUND");
    }
    expect(
      (await rest("PATCH", `/parts/${crypto.randomUUID()}`, { token: admin.token, body: { name: "x" } })).status,
    ).toBe(404);
  });
});

describe("what shipping and tax know of a part", () => {
  const SHIPPING = "weightGrams dimensions { lengthMm widthMm heightMm } dangerousGoods batteryWh taxCategory";

  it("a new part weighs 0 and is taxed at the standard rate; a change sets them, null removes the size and battery, and the history shows each", async () => {
    const part = await createPart();
    const read = async () =>
      (await gql(`query($id: ID!) { part(id: $id) { ${SHIPPING} } }`, { id: part.id }, customer.token)).body.data.part;
    expect(await read()).toEqual({
      weightGrams: 0,
      dimensions: null,
      dangerousGoods: false,
      batteryWh: null,
      taxCategory: "STANDARD",
    });

    const set = await updatePart(part.id, {
      weightGrams: 1250,
      lengthMm: 330,
      widthMm: 220,
      heightMm: 18,
      dangerousGoods: true,
      batteryWh: 99.9,
      taxCategory: "ZERO",
    });
    expect(set.body.errors).toBeUndefined();
    // A shopper sees them too.
    expect(await read()).toEqual({
      weightGrams: 1250,
      dimensions: { lengthMm: 330, widthMm: 220, heightMm: 18 },
      dangerousGoods: true,
      batteryWh: 99.9,
      taxCategory: "ZERO",
    });
    const patched = await rest("PATCH", `/parts/${part.databaseId}`, {
      token: admin.token,
      body: { length_mm: null, width_mm: null, height_mm: null, battery_wh: null, dangerous_goods: false },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      weight_grams: 1250,
      length_mm: null,
      battery_wh: null,
      dangerous_goods: false,
      tax_category: "zero",
    });

    const [removed, changed] = await history(part.id);
    expect(changed.changes).toEqual([
      { field: "weightGrams", before: "0", after: "1250" },
      { field: "lengthMm", before: null, after: "330" },
      { field: "widthMm", before: null, after: "220" },
      { field: "heightMm", before: null, after: "18" },
      { field: "dangerousGoods", before: "false", after: "true" },
      { field: "batteryWh", before: null, after: "99.9" },
      { field: "taxCategory", before: "standard", after: "zero" },
    ]);
    expect(removed.changes.map((change: any) => change.field)).toEqual([
      "lengthMm",
      "widthMm",
      "heightMm",
      "dangerousGoods",
      "batteryWh",
    ]);
  });
});

describe("compatible laptop models", () => {
  it("are set with the part's other fields, as \"Brand Model\" names, recorded in the history, and found by the catalogue's filters", async () => {
    const part = await createPart({ compatibleModels: ["Lenovo ThinkPad T14 Gen 2"] });
    const models = async () =>
      (await gql("query($id: ID!) { part(id: $id) { compatibleModels { brand model name } } }", { id: part.id })).body
        .data.part.compatibleModels;
    expect(await models()).toEqual([
      { brand: "Lenovo", model: "ThinkPad T14 Gen 2", name: "Lenovo ThinkPad T14 Gen 2" },
    ]);

    const answer = await updatePart(part.id, {
      compatibleModels: ["Dell  Latitude 5420", "lenovo ThinkPad T14 Gen 2", "Framework Laptop 13"],
      price: 13,
    });
    expect(answer.body.errors).toBeUndefined();
    expect((await models()).map((model: any) => model.name)).toEqual([
      "Dell Latitude 5420",
      "Framework Laptop 13",
      "Lenovo ThinkPad T14 Gen 2",
    ]);
    const [entry] = await history(part.id);
    expect(entry.changes).toEqual([
      { field: "price", before: "12.5", after: "13" },
      {
        field: "compatibleModels",
        before: '["Lenovo ThinkPad T14 Gen 2"]',
        after: '["Dell Latitude 5420","Framework Laptop 13","Lenovo ThinkPad T14 Gen 2"]',
      },
    ]);
    const byBrand = await gql(
      `{ parts(first: 100, filter: { brand: "framework" }) { edges { node { databaseId } } } }`,
    );
    expect(byBrand.body.data.parts.edges.map((edge: any) => edge.node.databaseId)).toContain(part.databaseId);

    // The same list in another order or case changes nothing; an empty list clears it.
    await updatePart(part.id, {
      compatibleModels: ["FRAMEWORK laptop 13", "Dell Latitude 5420", "Lenovo ThinkPad T14 Gen 2"],
    });
    expect((await history(part.id)).map((e: any) => e.action)).toEqual(["PART_UPDATED", "PART_CREATED"]);
    const viaRest = await rest("PATCH", `/parts/${part.databaseId}`, {
      token: admin.token,
      body: { compatible_models: [] },
    });
    expect(viaRest.status).toBe(200);
    expect(await models()).toEqual([]);
  });

  it("refuses a name without a model, a blank one or too many, and saves nothing", async () => {
    const part = await createPart({ compatibleModels: ["HP EliteBook 840 G8"] });
    const cases: Array<[unknown, RegExp]> = [
      [["Lenovo"], /"Lenovo" needs a model after its brand/],
      [["  "], /Each compatible model is a brand and a model/],
      [[`Lenovo ${"x".repeat(81)}`], /Model must be at most 80 characters/],
      [[`${"B".repeat(41)} Model`], /Brand must be at most 40 characters/],
      [Array.from({ length: 201 }, (_, i) => `Acer Model ${i}`), /at most 200 laptop models/],
    ];
    for (const [compatibleModels, message] of cases) {
      const answer = await updatePart(part.id, { name: "Not saved", compatibleModels });
      expect(errorCode(answer), JSON.stringify(compatibleModels).slice(0, 40)).toBe("BAD_USER_INPUT");
      expect(answer.body.errors[0].message).toMatch(message);
    }
    expect(await partRow(part.databaseId)).toMatchObject({ name: part.name });
    const names = (await gql("query($id: ID!) { part(id: $id) { compatibleModels { name } } }", { id: part.id })).body
      .data.part.compatibleModels;
    expect(names).toEqual([{ name: "HP EliteBook 840 G8" }]);
  });

  it("a retired part is found by no search or filter, and its models leave the brand and model lists", async () => {
    const brand = `Brand${crypto.randomBytes(3).toString("hex")}`;
    const part = await createPart({ name: unique("Searchable keyboard"), compatibleModels: [`${brand} Model 1`] });
    const found = async () => {
      const answer = await gql(
        `query($brand: String) { parts(first: 100, filter: { brand: $brand }) { edges { node { databaseId } } } }`,
        { brand },
      );
      return answer.body.data.parts.edges.map((edge: any) => edge.node.databaseId);
    };
    const brands = async () => (await gql("{ laptopBrands }")).body.data.laptopBrands;
    expect(await found()).toEqual([part.databaseId]);
    expect(await brands()).toContain(brand);
    await retirePart(part.id);
    expect(await found()).toEqual([]);
    expect(await brands()).not.toContain(brand);
    const searched = await gql(
      `query($q: String) { parts(first: 100, search: $q) { edges { node { databaseId } } } }`,
      { q: part.name },
    );
    expect(searched.body.data.parts.edges.map((edge: any) => edge.node.databaseId)).not.toContain(part.databaseId);
    const viaRest = await rest("GET", `/parts?q=${encodeURIComponent(part.name)}`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.map((p: any) => p._id)).not.toContain(part.databaseId);
  });
});

describe("restocking", () => {
  it("adds units under the part's lock and records the restock", async () => {
    const part = await createPart({ available: 5 });
    const answer = await restockPart(part.id, 45);
    expect(answer.body.data.restockPart.available).toBe(50);
    expect(await availableOf(part.databaseId)).toBe(50);
    const [entry] = await history(part.id);
    expect(entry).toMatchObject({
      action: "PART_RESTOCKED",
      before: { available: 5 },
      after: { available: 50, restocked: 45 },
    });
    for (const quantity of [0, -3, 1_000_001]) {
      const refused = await restockPart(part.id, quantity);
      expect(errorCode(refused), String(quantity)).toBe("BAD_USER_INPUT");
      expect(refused.body.errors[0].message).toMatch(/Restock quantity must be a whole number from 1 to 1,000,000/);
    }
    expect(errorCode(await restockPart(part.id, 1.5))).toBe("BAD_USER_INPUT");
    const viaRest = await rest("POST", `/parts/${part.databaseId}/restock`, {
      token: admin.token,
      body: { quantity: 10 },
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.available).toBe(60);
    expect(
      (await rest("POST", `/parts/${part.databaseId}/restock`, { token: admin.token, body: { quantity: "10" } }))
        .status,
    ).toBe(400);
    expect(await availableOf(part.databaseId)).toBe(60);
  });

  it("racing restocks, stock corrections and a rush of orders never oversell, and every unit is accounted for", async () => {
    const part = await createPart({ available: 20, minOrderQuantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 40 }, (_, i) => newCustomer(`rush${i}`)));
    const orders = buyers.map((buyer) =>
      rest("POST", "/order", { token: buyer.token, body: orderBody(part.databaseId, 1) }),
    );
    const restocks = Array.from({ length: 5 }, () => restockPart(part.id, 3));
    // Corrections with the figure an admin might have seen: most are stale and must be refused.
    const corrections = [20, 19, 18, 17].map((seen) =>
      updatePart(part.id, { available: seen + 1, expectedAvailable: seen }),
    );
    const [placed, restocked, corrected] = await Promise.all([
      Promise.all(orders),
      Promise.all(restocks),
      Promise.all(corrections),
    ]);

    const accepted = placed.filter((answer) => answer.status === 201).length;
    expect(placed.every((answer) => answer.status === 201 || answer.status === 400)).toBe(true);
    expect(restocked.every((answer) => !answer.body.errors)).toBe(true);
    const savedCorrections = corrected.filter((answer) => !answer.body.errors);
    expect(corrected.every((answer) => !answer.body.errors || errorCode(answer) === "CONFLICT")).toBe(true);

    const row = await partRow(part.databaseId);
    expect(row.available).toBeGreaterThanOrEqual(0);
    // Each saved correction added exactly one unit.
    expect(row.stock_adjustment).toBe(20 + 15 + savedCorrections.length);
    expect(row.available + accepted).toBe(row.stock_adjustment);
    const units = await withDatabase(
      async (client) =>
        (
          await client.query(
            "SELECT COALESCE(sum(quantity), 0)::int AS n FROM orders WHERE part_id = $1 AND status <> 'cancelled'",
            [part.databaseId],
          )
        ).rows[0].n,
    );
    expect(units).toBe(accepted);
    const entries = await history(part.id);
    expect(entries.filter((entry: any) => entry.action === "PART_RESTOCKED")).toHaveLength(5);
    expect(entries.filter((entry: any) => entry.action === "PART_UPDATED")).toHaveLength(savedCorrections.length);
  });

  it("the stock invariant check counts what admins added", async () => {
    const part = await createPart({ available: 12 });
    await restockPart(part.id, 8);
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(part.databaseId, 4) })).status).toBe(
      201,
    );
    const output = execFileSync(
      process.execPath,
      [path.join(GRAPH_DIR, "dist", "ops", "check-invariants.js"), "--json"],
      {
        env: { ...process.env, DATABASE_URL: shop().databaseUrl },
        encoding: "utf8",
      },
    );
    const report = JSON.parse(output);
    expect(report.violations).toEqual([]);
    expect(report.uncheckedParts).not.toContain(part.databaseId);
  });
});

describe("retiring a part", () => {
  it("takes it out of the shop, keeps it on past orders, refuses new ones with a clear message, and restores it", async () => {
    const part = await createPart({ available: 10, minOrderQuantity: 1 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(part.databaseId, 1) });
    expect(placed.status).toBe(201);

    const retired = await retirePart(part.id);
    expect(retired.body.data.retirePart).toMatchObject({ retired: true, retiredAt: expect.any(String) });
    expect(await publicPartIds()).not.toContain(part.databaseId);
    const listed = await gql("{ parts(first: 100) { edges { node { databaseId } } pageInfo { hasNextPage } } }");
    expect(listed.body.data.parts.edges.map((edge: any) => edge.node.databaseId)).not.toContain(part.databaseId);
    expect((await rest("GET", `/parts/${part.databaseId}`)).body).toMatchObject({
      _id: part.databaseId,
      retired: true,
    });
    expect((await gql("query($id: ID!) { part(id: $id) { retired } }", { id: part.id })).body.data.part.retired).toBe(
      true,
    );

    const other = await newCustomer("late");
    const refused = await rest("POST", "/order", { token: other.token, body: orderBody(part.databaseId, 1) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, error: `${part.name} is no longer sold` });
    const refusedGql = await gql(
      "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }",
      { input: { partId: part.id, quantity: 1, address: "1 Main St", phone: "0123456789" } },
      other.token,
    );
    expect(errorCode(refusedGql)).toBe("BAD_USER_INPUT");

    // The order that names it still shows it, its part resolves, and it can be paid or cancelled.
    const viewer = await gql(
      "{ viewer { orders(first: 100) { edges { node { databaseId partName part { id name retired } } } } } }",
      {},
      customer.token,
    );
    const order = viewer.body.data.viewer.orders.edges
      .map((edge: any) => edge.node)
      .find((node: any) => node.databaseId === placed.body.insertedId);
    expect(order).toEqual({
      databaseId: placed.body.insertedId,
      partName: part.name,
      part: { id: part.id, name: part.name, retired: true },
    });
    expect((await rest("DELETE", `/userOrder/${placed.body.insertedId}`, { token: customer.token })).status).toBe(200);

    // Retiring twice changes nothing; restoring puts it back on sale.
    expect((await retirePart(part.id)).body.data.retirePart.retired).toBe(true);
    const restored = await rest("POST", `/parts/${part.databaseId}/restore`, { token: admin.token });
    expect(restored.body).toMatchObject({ retired: false, retired_at: null });
    expect(await publicPartIds()).toContain(part.databaseId);
    expect((await rest("POST", "/order", { token: other.token, body: orderBody(part.databaseId, 1) })).status).toBe(
      201,
    );
    expect((await history(part.id)).map((entry: any) => entry.action)).toEqual([
      "PART_RESTORED",
      "PART_RETIRED",
      "PART_CREATED",
    ]);
    expect((await rest("POST", `/parts/${part.databaseId}/retire`, { token: admin.token })).body.retired).toBe(true);
    expect((await restorePart(part.id)).body.data.restorePart).toMatchObject({ retired: false, retiredAt: null });
  });
});

// What the admins' parts list finds is the part service's rule: test/services/catalogue-admin.test.ts.
describe("the admins' parts list (adminParts)", () => {
  it("answers the parts its filters select, retired ones included, in catalogue order", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const low = await createPart({ name: `Filter ${tag} low`, available: 3, lowStockThreshold: 10 });
    const gone = await createPart({ name: `Filter ${tag} retired`, available: 1 });
    await retirePart(gone.id);
    const list = async (args: string) => {
      const answer = await gql(
        `{ adminParts(first: 100, search: "filter ${tag}"${args}) { edges { node { id name available lowStockThreshold retired } } pageInfo { hasNextPage } } }`,
        {},
        admin.token,
      );
      expect(answer.body.errors, args).toBeUndefined();
      expect(answer.body.data.adminParts.pageInfo.hasNextPage).toBe(false);
      return answer.body.data.adminParts.edges.map((edge: any) => edge.node);
    };
    expect(await list(", status: ALL")).toEqual([
      { id: low.id, name: low.name, available: 3, lowStockThreshold: 10, retired: false },
      { id: gone.id, name: gone.name, available: 1, lowStockThreshold: 10, retired: true },
    ]);
    expect((await list(", status: RETIRED, lowStock: false")).map((part: any) => part.id)).toEqual([gone.id]);
    expect((await list(", lowStock: true")).map((part: any) => part.id)).toEqual([low.id]);
  });
});

describe("admin fields are for admins", () => {
  it("a customer gets FORBIDDEN and a visitor UNAUTHENTICATED on each of them, and nothing changes", async () => {
    const part = await createPart();
    const auditBefore = await auditCount();
    const operations: Array<[string, Record<string, unknown>]> = [
      ["{ adminParts(first: 1) { edges { cursor } } }", {}],
      ["{ auditLog(first: 1) { edges { cursor } } }", {}],
      ["{ adminOverview { revenue } }", {}],
      ['{ orders(first: 1, status: PAID, search: "a") { edges { cursor } } }', {}],
      ["mutation($input: CreatePartInput!) { createPart(input: $input) { id } }", { input: newPart() }],
      ['mutation($id: ID!) { updatePart(id: $id, input: { name: "Hijacked" }) { id } }', { id: part.id }],
      ["mutation($id: ID!) { restockPart(id: $id, quantity: 5) { id } }", { id: part.id }],
      ["mutation($id: ID!) { retirePart(id: $id) { id } }", { id: part.id }],
      ["mutation($id: ID!) { restorePart(id: $id) { id } }", { id: part.id }],
    ];
    for (const [query, variables] of operations) {
      expect(errorCode(await gql(query, variables, customer.token)), query).toBe("FORBIDDEN");
      expect(errorCode(await gql(query, variables)), query).toBe("UNAUTHENTICATED");
    }
    for (const [method, urlPath] of [
      ["PATCH", `/parts/${part.databaseId}`],
      ["POST", `/parts/${part.databaseId}/restock`],
      ["POST", `/parts/${part.databaseId}/retire`],
      ["POST", `/parts/${part.databaseId}/restore`],
      ["GET", "/admin/orders.csv"],
    ]) {
      expect(
        (
          await rest(method, urlPath, {
            token: customer.token,
            body: method === "GET" ? undefined : { quantity: 5, name: "Hijacked" },
          })
        ).status,
      ).toBe(403);
    }
    expect(await partRow(part.databaseId)).toMatchObject({ name: part.name, available: 40, retired_at: null });
    expect(await auditCount()).toBe(auditBefore);
  });
});
