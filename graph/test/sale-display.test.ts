import { afterAll, describe, expect, it } from "vitest";
import {
  type Answer,
  errorCode,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  type Shopper,
  withDatabase,
} from "./support/client";
import { eventually, payInSandbox } from "./support/fixtures";
import { BERLIN, GERMANY_EXPRESS, insertFrozenSale, workedExampleInGermany } from "./support/frozen-sales";
import { suiteSandbox } from "./support/siblings";

/*
 * The read side of a sale over GraphQL (docs/product.md, "Shipping and tax"): what an order and a
 * checkout keep of their shipping and tax, storefront prices as the caller's place shows them,
 * the answers kept in memory that show them, and the receipt's amounts. The rules themselves are
 * proven in test/services/sale-display.test.ts; orders' delivery is frozen here by a fixture
 * writing the header as placing a checkout does.
 */

const SHIP_TO = "name company line1 line2 city region postalCode country countryName phone";
const SALE = `subtotal shipping tax total pricesIncludeTax taxZoneName shippingMethodName minDays maxDays shipTo { ${SHIP_TO} }`;
const ORDER = `query($id: ID!) { order(id: $id) { price shipping tax total sale { ${SALE} } checkout { summary { ${SALE} } } } }`;
const SHOWN = `query($id: ID!) { priceDisplay { pricesIncludeTax taxZoneName country } part(id: $id) { price shownPrice } }`;

const sqlOf = (answer: Answer) => Number(answer.headers.get("x-sql-queries"));

/** The customer's user row, as the fixture writes orders for them. */
const buyerOf = (customer: Shopper) =>
  withDatabase(async (client) => {
    const { rows } = await client.query(`SELECT id, email FROM users WHERE email = $1`, [customer.email]);
    return { id: rows[0].id as string, email: rows[0].email as string, name: customer.name };
  });

const frozenSale = (...args: Parameters<typeof insertFrozenSale> extends [unknown, ...infer Rest] ? Rest : never) =>
  withDatabase((client) => insertFrozenSale(async (sql, params) => (await client.query(sql, params)).rows, ...args));

const GERMAN_SALE = {
  subtotal: 204.47,
  shipping: 19,
  tax: 37.81,
  total: 261.28,
  pricesIncludeTax: true,
  taxZoneName: "Germany",
  shippingMethodName: "Express",
  minDays: 2,
  maxDays: 4,
  shipTo: { ...BERLIN, countryName: "Germany" },
};

describe("what an order keeps of its sale", () => {
  it("an order answers its shares and the whole sale it belongs to; a checkout its summary; nobody else reads them", async () => {
    const customer = await newCustomer("sale");
    const [battery, manual] = await Promise.all([insertPart({ available: 10 }), insertPart({ available: 10 })]);
    const { orderIds } = await frozenSale(
      await buyerOf(customer),
      workedExampleInGermany(battery, manual),
      GERMANY_EXPRESS,
    );
    const answer = await gql(ORDER, { id: orderIds[0] }, customer.token);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.order).toEqual({
      // The spec's price stays unit price × quantity; the line's shares are apart.
      price: 179.97,
      shipping: 16.72,
      tax: 37.38,
      total: 234.07,
      sale: GERMAN_SALE,
      checkout: { summary: GERMAN_SALE },
    });

    // Every line of a list reads its sale (one query for the page's headers).
    const list = await gql(
      `{ viewer { orders(first: 10) { edges { node { databaseId total sale { total shipTo { city } } } } } } }`,
      {},
      customer.token,
    );
    expect(list.body.errors).toBeUndefined();
    const nodes = list.body.data.viewer.orders.edges.map((edge: any) => edge.node);
    expect(nodes.map((node: any) => node.sale)).toEqual([
      { total: 261.28, shipTo: { city: "Berlin" } },
      { total: 261.28, shipTo: { city: "Berlin" } },
    ]);
    expect(nodes.reduce((sum: number, node: any) => sum + Math.round(node.total * 100), 0)).toBe(26_128);

    const stranger = await newCustomer("stranger");
    expect(errorCode(await gql(ORDER, { id: orderIds[0] }, stranger.token))).toBe("NOT_FOUND");
    expect(errorCode(await gql(ORDER, { id: orderIds[0] }))).toBe("UNAUTHENTICATED");
    const admin = await seededAdmin();
    expect((await gql(ORDER, { id: orderIds[0] }, admin.token)).body.data.order.sale).toEqual(GERMAN_SALE);
  });

  it("a list of orders reads their sales in one statement, however many orders it shows", async () => {
    const customer = await newCustomer("sales-list");
    const partIds = await Promise.all([1, 2, 3].map(() => insertPart({ available: 5 })));
    const place = (partId: string) => rest("POST", "/order", { token: customer.token, body: orderBody(partId, 1) });
    const list = (first: number) =>
      gql(
        `query($first: Int!) { viewer { orders(first: $first) { edges { node { total sale { total shipTo { city } } } } } } }`,
        { first },
        customer.token,
      );
    expect((await place(partIds[0])).status).toBe(201);
    const one = await list(10);
    expect(one.body.data.viewer.orders.edges).toHaveLength(1);
    for (const partId of partIds.slice(1)) expect((await place(partId)).status).toBe(201);
    const three = await list(11);
    expect(three.body.data.viewer.orders.edges).toHaveLength(3);
    expect(sqlOf(three)).toBeGreaterThan(0);
    expect(sqlOf(three)).toBe(sqlOf(one));
  });

  it("a part reserved on its own, before its delivery is chosen, comes to its price with no address or method", async () => {
    const customer = await newCustomer("reserved");
    const partId = await insertPart({ available: 5, priceCents: 1250 });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 2) });
    expect(placed.status).toBe(201);
    const answer = await gql(ORDER, { id: placed.body.insertedId }, customer.token);
    expect(answer.body.data.order).toEqual({
      price: 25,
      shipping: 0,
      tax: 0,
      total: 25,
      sale: {
        subtotal: 25,
        shipping: 0,
        tax: 0,
        total: 25,
        pricesIncludeTax: false,
        taxZoneName: null,
        shippingMethodName: null,
        minDays: null,
        maxDays: null,
        shipTo: null,
      },
      checkout: null,
    });
  });
});

describe("prices as the caller's place shows them", () => {
  it("a visitor sees the display place's prices; a customer whose default address is in a zone that includes tax sees them with tax", async () => {
    const partId = await insertPart({ available: 5, priceCents: 1250 });
    const visitor = await gql(SHOWN, { id: partId });
    expect(visitor.body.data).toEqual({
      // The test shop's display place is its made-up seller's, in Oregon: no tax zone.
      priceDisplay: { pricesIncludeTax: false, taxZoneName: null, country: "US" },
      part: { price: 12.5, shownPrice: 12.5 },
    });
    const customer = await newCustomer("display");
    await addAddress(customer, { ...BERLIN, company: undefined, line2: undefined, region: undefined });
    const signedIn = await gql(SHOWN, { id: partId }, customer.token);
    // Germany (seeded): 19% included; $12.50 + $2.375 rounds half up to $14.88.
    expect(signedIn.body.data).toEqual({
      priceDisplay: { pricesIncludeTax: true, taxZoneName: "Germany", country: "DE" },
      part: { price: 12.5, shownPrice: 14.88 },
    });
  });
});

describe("answers kept in memory that show prices", () => {
  let zoneId: string | null = null;
  afterAll(async () => {
    if (zoneId)
      await gql(
        `mutation($id: ID!) { deleteTaxZone(id: $id) { __typename } }`,
        { id: zoneId },
        (await seededAdmin()).token,
      );
  });

  it("are dropped when a tax zone changes, and a customer's when their default address moves; never shared with visitors", async () => {
    const admin = await seededAdmin();
    const created = await gql(
      `mutation($input: CreateTaxZoneInput!) { createTaxZone(input: $input) { databaseId } }`,
      {
        input: {
          name: `Washington ${Date.now()}`,
          places: [{ country: "US", region: "WA" }],
          pricesIncludeTax: true,
          taxesShipping: false,
          standardRate: 10,
          reducedRate: 5,
        },
      },
      admin.token,
    );
    expect(created.body.errors).toBeUndefined();
    zoneId = created.body.data.createTaxZone.databaseId as string;
    const partId = await insertPart({ available: 5, priceCents: 2000 });
    const customer = await newCustomer("cached-prices");
    const seattle = await addAddress(customer, {
      name: "Ada",
      line1: "400 Pine Street",
      city: "Seattle",
      region: "WA",
      postalCode: "98101",
      country: "US",
      phone: "+1 206 555 0100",
    });
    const shown = (token?: string) => gql(`query($id: ID!) { part(id: $id) { shownPrice } }`, { id: partId }, token);
    expect((await fromMemory(() => shown(customer.token))).body.data.part.shownPrice).toBe(22);
    // A visitor asking the same is never answered with the customer's prices: the display place (Oregon) is in no zone.
    expect((await fromMemory(() => shown())).body.data.part.shownPrice).toBe(20);

    // The zone's rate changes, and it takes in Oregon: the display place's prices include tax from now on.
    const changed = await gql(
      `mutation($id: ID!, $input: UpdateTaxZoneInput!) { updateTaxZone(id: $id, input: $input) { databaseId } }`,
      {
        id: zoneId,
        input: {
          standardRate: 6.5,
          places: [
            { country: "US", region: "WA" },
            { country: "US", region: "OR" },
          ],
        },
      },
      admin.token,
    );
    expect(changed.body.errors).toBeUndefined();
    expect((await shown()).body.data.part.shownPrice).toBe(21.3);
    expect((await shown(customer.token)).body.data.part.shownPrice).toBe(21.3);
    expect((await fromMemory(() => shown(customer.token))).body.data.part.shownPrice).toBe(21.3);

    // Another default address, in a zone that adds tax at checkout: the prices follow it.
    const newYork = await addAddress(customer, {
      name: "Ada",
      line1: "1 Main Street",
      city: "New York",
      region: "NY",
      postalCode: "10001",
      country: "US",
      phone: "+1 212 555 0100",
    });
    const moved = await gql(
      `mutation($id: ID!) { setDefaultAddress(id: $id) { address { isDefault } } }`,
      { id: newYork },
      customer.token,
    );
    expect(moved.body.errors).toBeUndefined();
    expect((await shown(customer.token)).body.data.part.shownPrice).toBe(20);
    expect(seattle).not.toBe(newYork);
  });
});

describe("the receipt", () => {
  it("lists subtotal, shipping with its method, tax with its zone, the total and the address the order ships to", async () => {
    const sandbox = await suiteSandbox();
    const customer = await newCustomer("receipt", "Emmy Noether");
    const partId = await insertPart({ available: 5, priceCents: 5999, name: `Battery ${Date.now()}` });
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 3) });
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.insertedId;
    // Its delivery chosen (Germany, express), as the payment page freezes it.
    await withDatabase(async (client) => {
      await client.query(
        `UPDATE orders SET shipping_cents = 1900, tax_cents = 3420 + 361, own_tax_cents = 3420, tax_rate_ppm = 190000,
           total_cents = 17997 + 1900 + 3781 WHERE id = $1`,
        [orderId],
      );
      await client.query(
        `UPDATE checkouts SET ship_to = $2, shipping_method_name = 'Express', shipping_min_days = 2, shipping_max_days = 4,
           shipping_tax_cents = 361, tax_zone_name = 'Germany', prices_include_tax = true WHERE id = $1`,
        [orderId, JSON.stringify(BERLIN)],
      );
    });
    const intent = await rest("POST", "/create-payment-intent", { token: customer.token, body: { orderId } });
    expect(intent.status).toBe(200);
    await payInSandbox(sandbox.url, sandbox.publishableKey, intent.body.clientSecret);

    let receipt: { text: string; html: string } | undefined;
    await eventually(async () => {
      const response = await fetch(`${shop().inboxUrl}/api/email`);
      const mails = (await response.json()) as Array<{
        subject: string;
        text: string;
        html: string;
        to: Array<{ address: string }>;
      }>;
      receipt = mails.find(
        (mail) => /^Receipt/.test(mail.subject) && mail.to.some((to) => to.address.toLowerCase() === customer.email),
      );
      expect(receipt).toBeDefined();
    }, 30_000);
    expect(receipt!.text).toContain("We received your payment of $236.78.");
    expect(receipt!.text).toContain("3 x $59.99 = $179.97");
    expect(receipt!.text).toContain(
      [
        "Subtotal: $179.97",
        "Shipping (Express, 2–4 working days): $19.00",
        "Tax (Germany, included in shown prices): $37.81",
        "Total: $236.78",
        "",
        "Ships to:",
        "Emmy Noether",
        "Unter den Linden 6, Berlin 10117, Germany",
      ].join("\n"),
    );
    expect(receipt!.html).toMatch(/>Total<\/th><th[^>]*>\$236\.78<\/th>/);
  });
});

async function addAddress(customer: Shopper, input: Record<string, unknown>): Promise<string> {
  const answer = await gql(
    `mutation($input: AddressInput!) { addAddress(input: $input) { address { databaseId } } }`,
    { input: Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null)) },
    customer.token,
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.addAddress.address.databaseId;
}

/** Asks until an answer comes from memory (at most 3 times), and returns it. */
async function fromMemory(ask: () => Promise<Answer>): Promise<Answer> {
  let answer = await ask();
  for (let attempt = 0; attempt < 3 && sqlOf(answer) !== 0; attempt++) answer = await ask();
  expect(sqlOf(answer), "a repeated read is answered from memory").toBe(0);
  return answer;
}
