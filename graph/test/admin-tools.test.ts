import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  errorCode,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  Shopper,
  withDatabase,
} from "./support/client";
import { payInSandbox, sandboxOf } from "./support/fixtures";

/*
 * Admin tools that forgive and explain: Manage Parts and All Users search as
 * the storefront does, a customer's detail, History's kinds of values and its filters, and
 * products edited with the same checks and history as parts.
 */

let admin: Shopper;
let customer: Shopper;

beforeAll(async () => {
  [admin, customer] = await Promise.all([seededAdmin(), newCustomer("admin-tools")]);
});

/** Letters only: a word the search takes as a word (digits could read as a number). */
const letters = (count: number) =>
  Array.from(crypto.randomBytes(count), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

async function ok(query: string, variables: Record<string, unknown> = {}, token = admin.token) {
  const answer = await gql(query, variables, token);
  expect(answer.body.errors, query).toBeUndefined();
  return answer.body.data;
}

async function createPart(input: Record<string, unknown>) {
  const data = await ok(`mutation($input: CreatePartInput!) { createPart(input: $input) { id databaseId name } }`, {
    input: {
      shortDesc: "A part for the admin tools",
      img: "/images/parts/dc-jack.svg",
      price: 59.5,
      available: 12,
      minOrderQuantity: 1,
      ...input,
    },
  });
  return data.createPart as { id: string; databaseId: string; name: string };
}

const adminPartNames = async (search: string, status = "ALL") =>
  (
    await ok(
      `query($search: String) { adminParts(first: 50, search: $search, status: ${status}) { edges { node { name } } } }`,
      {
        search,
      },
    )
  ).adminParts.edges.map((edge: any) => edge.node.name);

async function viewerId(token: string): Promise<string> {
  return (await ok(`{ viewer { id } }`, {}, token)).viewer.id;
}

describe("Manage Parts searches as the storefront does", () => {
  it('"batery" finds a battery, retired or not, and its number typed with spaces and in lower case finds it', async () => {
    const tag = letters(8);
    const digits = String(crypto.randomInt(100_000, 999_999));
    const battery = await createPart({
      name: `Battery ${tag}`,
      partNumber: `AT${digits}-${tag.slice(0, 3).toUpperCase()}`,
    });
    const other = await createPart({ name: `Keyboard ${tag}` });
    expect(await adminPartNames(`batery ${tag}`)).toEqual([battery.name]);
    expect(await adminPartNames(`at ${digits.slice(0, 3)} ${digits.slice(3)} ${tag.slice(0, 3)}`)).toEqual([
      battery.name,
    ]);

    await ok(`mutation($id: ID!) { retirePart(id: $id) { id } }`, { id: battery.id });
    expect(await adminPartNames(`batery ${tag}`)).toEqual([battery.name]);
    expect(await adminPartNames(`batery ${tag}`, "RETIRED")).toEqual([battery.name]);
    expect(await adminPartNames(`batery ${tag}`, "ON_SALE")).toEqual([]);
    // The storefront no longer shows it; the admins still find it.
    const shopper = await gql(`query($q: String) { parts(first: 10, search: $q) { edges { node { name } } } }`, {
      q: `batery ${tag}`,
    });
    expect(shopper.body.data.parts.edges).toEqual([]);
    expect(await adminPartNames(`keybord ${tag}`)).toEqual([other.name]);
  });
});

describe("All Users", () => {
  it('"zoe" finds Zoë, "ZOË" finds Zoe, and a part of an email finds its user', async () => {
    const tag = letters(8);
    const zoeAccented = await newCustomer(`zoe${tag}`, `Zoë Brontë ${tag}`);
    const zoePlain = await newCustomer(`plain${tag}`, `Zoe Bronte ${tag}`);
    const emails = async (search: string) =>
      (
        await ok(
          `query($search: String) { users(first: 50, search: $search) { edges { node { email displayName } } } }`,
          {
            search,
          },
        )
      ).users.edges.map((edge: any) => edge.node.email);
    expect(await emails(`zoe bronte ${tag}`)).toEqual([zoeAccented.email, zoePlain.email]);
    expect(await emails(`ZOË BRONTË ${tag}`)).toEqual([zoeAccented.email, zoePlain.email]);
    expect(await emails(zoePlain.email.slice(0, 12).toUpperCase())).toEqual([zoePlain.email]);
    expect(await emails(`nobody ${tag}`)).toEqual([]);
    const tooLong = await gql(
      `{ users(first: 1, search: "${"a".repeat(201)}") { edges { cursor } } }`,
      {},
      admin.token,
    );
    expect(errorCode(tooLong)).toBe("BAD_USER_INPUT");
  });
});

async function place(shopper: Shopper, partId: string, quantity: number): Promise<string> {
  const answer = await rest("POST", "/order", { token: shopper.token, body: orderBody(partId, quantity) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.insertedId;
}

async function pay(shopper: Shopper, orderId: string): Promise<void> {
  const intent = await rest("POST", "/create-payment-intent", { token: shopper.token, body: { orderId } });
  const { sandboxUrl, publishableKey } = await sandboxOf(shop().url);
  const transactionId = await payInSandbox(sandboxUrl, publishableKey, intent.body.clientSecret);
  expect((await rest("PATCH", `/order/${orderId}`, { token: shopper.token, body: { transactionId } })).status).toBe(
    200,
  );
}

const CUSTOMER = `query($id: ID!) {
  customer(id: $id) {
    user { email displayName role }
    profile { address phone }
    totals { orders paidOrders unpaidOrders paid unpaid refunded }
    orders(first: 10) { edges { node { databaseId number status price } } }
  }
}`;

describe("a customer's detail", () => {
  it("shows an admin the profile, every order with its number and status, and the totals paid and unpaid", async () => {
    const buyer = await newCustomer("detail", "Detail Buyer");
    const profile = {
      education: "Bristol",
      address: "12 Harbour Road, Bristol",
      phone: "0123456789",
      linkedin: "https://www.linkedin.com/in/detail",
    };
    await ok(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { userEmail } }`,
      { input: profile },
      buyer.token,
    );
    const paidId = await place(buyer, await insertPart({ available: 10, priceCents: 1250 }), 2);
    const unpaidId = await place(buyer, await insertPart({ available: 10, priceCents: 999 }), 1);
    const cancelledId = await place(buyer, await insertPart({ available: 10, priceCents: 500 }), 1);
    await pay(buyer, paidId);
    expect((await rest("DELETE", `/userOrder/${cancelledId}`, { token: buyer.token })).status).toBe(200);

    const detail = (await ok(CUSTOMER, { id: await viewerId(buyer.token) })).customer;
    expect(detail.user).toEqual({ email: buyer.email, displayName: "Detail Buyer", role: "USER" });
    expect(detail.profile).toEqual({ address: profile.address, phone: profile.phone });
    expect(detail.totals).toEqual({ orders: 3, paidOrders: 1, unpaidOrders: 1, paid: 25, unpaid: 9.99, refunded: 0 });
    const orders = detail.orders.edges.map((edge: any) => edge.node);
    expect(orders.map((order: any) => [order.databaseId, order.status])).toEqual([
      [cancelledId, "CANCELLED"],
      [unpaidId, "UNPAID"],
      [paidId, "PAID"],
    ]);
    expect(orders.every((order: any) => /\S/.test(order.number))).toBe(true);
  });

  it("is for admins only: a customer is FORBIDDEN, a visitor UNAUTHENTICATED, an unknown id NOT_FOUND", async () => {
    const id = await viewerId(customer.token);
    expect(errorCode(await gql(CUSTOMER, { id }, customer.token))).toBe("FORBIDDEN");
    expect(errorCode(await gql(CUSTOMER, { id }))).toBe("UNAUTHENTICATED");
    expect(errorCode(await gql(CUSTOMER, { id: crypto.randomUUID() }, admin.token))).toBe("NOT_FOUND");
    expect(errorCode(await gql(`{ users(first: 1, search: "a") { edges { cursor } } }`, {}, customer.token))).toBe(
      "FORBIDDEN",
    );
  });
});

const PRODUCT_FIELDS = "id databaseId name price availableQuantity description img minQuantity";
const updateProduct = (id: string, input: Record<string, unknown>, token = admin.token) =>
  gql(
    `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`,
    { id, input },
    token,
  );

const HISTORY = `query($type: AuditEntityType, $id: ID, $actorId: ID, $from: DateTimeISO, $to: DateTimeISO) {
  auditLog(first: 100, entityType: $type, entityId: $id, actorId: $actorId, from: $from, to: $to) {
    edges { node { action entityType entityDatabaseId actorEmail changes { field kind before after beforeItems afterItems } } }
  }
}`;
const history = async (variables: Record<string, unknown>) =>
  (await ok(HISTORY, variables)).auditLog.edges.map((edge: any) => edge.node);

describe("products are edited as parts are", () => {
  it("an edit is checked whole (nothing written when a field is wrong), saved, and recorded field by field", async () => {
    const name = `Dock ${letters(6)}`.slice(0, 20);
    const added = (
      await ok(`mutation($input: AddProductInput!) { addProduct(input: $input) { ${PRODUCT_FIELDS} } }`, {
        input: { name, price: 59.5, availableQuantity: 4, description: "A dock", img: "/images/parts/dc-jack.svg" },
      })
    ).addProduct;
    for (const [input, words] of [
      [{ price: 54.255 }, /Price/],
      [{ price: -1 }, /Price/],
      [{ availableQuantity: -3, name: "Renamed" }, /Available quantity/],
      [{ name: "   " }, /Name/],
      [{ name: "x".repeat(200) }, /Name/],
      [{ img: "javascript:alert(1)" }, /Image/],
      [{}, /Nothing to change/],
    ] as Array<[Record<string, unknown>, RegExp]>) {
      const answer = await updateProduct(added.id, input);
      expect(errorCode(answer), JSON.stringify(input)).toBe("BAD_USER_INPUT");
      expect(answer.body.errors[0].message, JSON.stringify(input)).toMatch(words);
    }
    expect(errorCode(await updateProduct(added.id, { price: 1 }, customer.token))).toBe("FORBIDDEN");
    expect(errorCode(await updateProduct(crypto.randomUUID(), { price: 1 }))).toBe("NOT_FOUND");
    expect(await history({ type: "PRODUCT", id: added.databaseId })).toHaveLength(1);

    const edited = await updateProduct(added.id, { price: 54.25, availableQuantity: 9, description: "A better dock" });
    expect(edited.body.errors).toBeUndefined();
    expect(edited.body.data.updateProduct).toMatchObject({
      name,
      price: 54.25,
      availableQuantity: 9,
      description: "A better dock",
    });
    const read = await gql(`query($id: ID!) { product(id: $id) { price availableQuantity } }`, { id: added.id });
    expect(read.body.data.product).toEqual({ price: 54.25, availableQuantity: 9 });
    // The same values again: nothing to record.
    expect((await updateProduct(added.id, { price: 54.25 })).body.errors).toBeUndefined();

    const [entry, created] = await history({ type: "PRODUCT", id: added.databaseId });
    expect(created.action).toBe("PRODUCT_CREATED");
    expect(entry.action).toBe("PRODUCT_UPDATED");
    expect(entry.changes).toEqual([
      { field: "availableQuantity", kind: "NUMBER", before: "4", after: "9", beforeItems: null, afterItems: null },
      { field: "price", kind: "MONEY", before: "59.5", after: "54.25", beforeItems: null, afterItems: null },
      {
        field: "description",
        kind: "TEXT",
        before: "A dock",
        after: "A better dock",
        beforeItems: null,
        afterItems: null,
      },
    ]);
  });
});

describe("History", () => {
  it("says what kind each value is: money, lists item by item, booleans", async () => {
    const part = await createPart({ name: `Hinge ${letters(6)}` });
    await ok(`mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }`, {
      id: part.id,
      input: { price: 54.25, compatibleModels: ["Lenovo ThinkPad T14 Gen 1", "Dell Latitude 5410"] },
    });
    await ok(`mutation($id: ID!) { retirePart(id: $id) { id } }`, { id: part.id });
    const [retired, updated] = await history({ type: "PART", id: part.databaseId });
    const byField = (entry: any) => Object.fromEntries(entry.changes.map((change: any) => [change.field, change]));
    expect(byField(updated).price).toMatchObject({ kind: "MONEY", before: "59.5", after: "54.25" });
    expect(byField(updated).compatibleModels).toMatchObject({
      kind: "LIST",
      beforeItems: [],
      afterItems: ["Dell Latitude 5410", "Lenovo ThinkPad T14 Gen 1"],
    });
    expect(byField(retired).retired).toMatchObject({ kind: "BOOLEAN", before: "false", after: "true" });
  });

  it("filters by kind of record, by admin and by time range", async () => {
    const second = await newCustomer("second-admin", "Second Admin");
    await ok(`mutation($email: String!) { makeAdmin(email: $email) { email } }`, { email: second.email });
    const secondId = await viewerId(second.token);
    const admins = (await ok(`{ users(first: 100, role: ADMIN) { edges { node { id role } } } }`)).users.edges;
    expect(admins.map((edge: any) => edge.node.id)).toContain(secondId);
    expect(admins.every((edge: any) => edge.node.role === "ADMIN")).toBe(true);
    const start = new Date(Date.now() - 1000).toISOString();
    const part = await createPart({ name: `Fan ${letters(6)}` });
    const product = (
      await ok(
        `mutation($input: AddProductInput!) { addProduct(input: $input) { databaseId } }`,
        { input: { name: `Fan box ${letters(4)}` } },
        second.token,
      )
    ).addProduct;
    await ok(`mutation($id: ID!) { restockPart(id: $id, quantity: 3) { id } }`, { id: part.id }, second.token);

    const bySecond = await history({ actorId: secondId, from: start });
    expect(bySecond.map((entry: any) => [entry.action, entry.actorEmail])).toEqual([
      ["PART_RESTOCKED", second.email],
      ["PRODUCT_CREATED", second.email],
    ]);
    const products = await history({ actorId: secondId, type: "PRODUCT" });
    expect(products.map((entry: any) => entry.entityDatabaseId)).toEqual([product.databaseId]);
    const mine = await history({ type: "PART", from: start });
    expect(
      mine.filter((entry: any) => entry.entityDatabaseId === part.databaseId).map((entry: any) => entry.action),
    ).toEqual(["PART_RESTOCKED", "PART_CREATED"]);
    expect(mine.every((entry: any) => entry.entityType === "PART")).toBe(true);
    // A range that ended before the changes holds none of them.
    expect(await history({ actorId: secondId, to: start })).toEqual([]);
    const backwards = await gql(HISTORY, { from: new Date().toISOString(), to: start }, admin.token);
    expect(errorCode(backwards)).toBe("BAD_USER_INPUT");
    // An id that names no admin: nothing, not an error.
    expect(await history({ actorId: "not-an-id" })).toEqual([]);
    expect(errorCode(await gql(HISTORY, { actorId: secondId }, customer.token))).toBe("FORBIDDEN");
    await withDatabase((client) =>
      client.query(`UPDATE users SET role = 'user', admin_source = NULL WHERE email = $1`, [second.email]),
    );
  });
});
