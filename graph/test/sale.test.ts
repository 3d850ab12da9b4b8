import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { gql, insertPart, newCustomer, orderBody, rest, withDatabase } from "./support/client";
import { suiteSandbox } from "./support/siblings";
import { NEW_YORK, usMethodId } from "./support/sale";

/*
 * The contracts of a sale's pricing over GraphQL: saleQuote, placeCheckout with an address and a
 * shipping method, and a reservation's chooseOrderDelivery with the payment it opens. Their rules
 * are the service tier's (test/services/sale.test.ts); here, one test per field's contract.
 */

let stripe: Stripe;
beforeAll(async () => {
  const sandbox = await suiteSandbox();
  const url = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
});

/** A part of known price and weight: the worked example's battery ($59.99, 450 g). */
async function battery(): Promise<string> {
  const partId = await insertPart({ available: 20, priceCents: 5999 });
  await withDatabase((client) => client.query(`UPDATE parts SET weight_grams = 450 WHERE id = $1`, [partId]));
  return partId;
}

const QUOTE = `query($input: SaleQuoteInput!) { saleQuote(input: $input) {
  subtotal shipping tax total pricesIncludeTax taxZoneName shippingZoneName weightGrams shippingRefusal
  lines { part { databaseId } quantity unitPrice shownUnitPrice subtotal tax total }
  shippingOptions { methodId name kind available price free minDays maxDays unavailableReason }
  chosenShipping { methodId name price }
} }`;

describe("saleQuote", () => {
  it("a visitor is quoted a cart for a typed address and a method, every method of its zone priced; a bad address names its field", async () => {
    const partId = await battery();
    const answer = await gql(QUOTE, {
      input: {
        lines: [{ partId, quantity: 3 }],
        shipTo: { address: NEW_YORK },
        shippingMethodId: await usMethodId("express"),
      },
    });
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const quote = answer.body.data.saleQuote;
    // $179.97, express $19.00, 8.875% of each (15.97 and 1.69).
    expect(quote).toMatchObject({
      subtotal: 179.97,
      shipping: 19,
      tax: 17.66,
      total: 216.63,
      pricesIncludeTax: false,
      taxZoneName: "New York",
      shippingZoneName: "United States",
      weightGrams: 1350,
      shippingRefusal: null,
      lines: [
        {
          part: { databaseId: partId },
          quantity: 3,
          unitPrice: 59.99,
          shownUnitPrice: 59.99,
          subtotal: 179.97,
          tax: 17.66,
          total: 216.63,
        },
      ],
      chosenShipping: { name: "Express", price: 19 },
    });
    expect(
      quote.shippingOptions.map((option: any) => [option.kind, option.available, option.price, option.free]),
    ).toEqual([
      ["COLLECTION", true, 0, false],
      ["STANDARD", true, 0, true],
      ["EXPRESS", true, 19, false],
    ]);
    expect(Buffer.from(quote.chosenShipping.methodId, "base64url").toString()).toBe(
      `ShippingMethod:${await usMethodId("express")}`,
    );

    const refused = await gql(QUOTE, {
      input: { lines: [{ partId, quantity: 1 }], shipTo: { address: { ...NEW_YORK, postalCode: "ABCDE" } } },
    });
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { "shipTo.address.postalCode": [expect.any(String)] },
    });
  });
});

describe("placeCheckout", () => {
  it("ships to an address by a method and charges what was quoted; without an address it is refused naming shipTo", async () => {
    const customer = await newCustomer("sale-checkout");
    const input = {
      lines: [{ partId: await battery(), quantity: 3 }],
      shipTo: { address: NEW_YORK },
      shippingMethodId: await usMethodId("express"),
    };
    const quoted = (await gql(QUOTE, { input }, customer.token)).body.data.saleQuote;
    const PLACE = `mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { databaseId total amountDue orders { address phone } } }`;
    const refused = await gql(
      PLACE,
      { input: { ...input, shipTo: undefined, address: "1 Main St", phone: "0123456789" } },
      customer.token,
    );
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { shipTo: ["Required"] },
    });

    const answer = await gql(PLACE, { input }, customer.token);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const checkout = answer.body.data.placeCheckout;
    expect(checkout).toMatchObject({ total: quoted.total, amountDue: 216.63 });
    expect(checkout.orders).toEqual([
      { address: "350 Fifth Avenue, New York NY 10118, United States", phone: "+12125550100" },
    ]);
    const opened = await gql(
      "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret amount } }",
      { checkoutId: checkout.databaseId },
      customer.token,
    );
    expect(opened.body.data.createCheckoutPaymentIntent.amount).toBe(216.63);
  });
});

describe("chooseOrderDelivery", () => {
  it("prices a reservation's shipping and tax and freezes them: the spec's payment charges the new total", async () => {
    const customer = await newCustomer("sale-delivery");
    const placed = await rest("POST", "/order", { token: customer.token, body: orderBody(await battery(), 3) });
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.insertedId;
    const answer = await gql(
      `mutation($input: ChooseOrderDeliveryInput!) { chooseOrderDelivery(input: $input) { databaseId status } }`,
      { input: { orderId, shipTo: { address: NEW_YORK }, shippingMethodId: await usMethodId("express") } },
      customer.token,
    );
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    expect(answer.body.data.chooseOrderDelivery).toEqual({ databaseId: orderId, status: "UNPAID" });
    const intent = await rest("POST", "/create-payment-intent", {
      token: customer.token,
      body: { orderId, price: 216.63 },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const amount = (await stripe.paymentIntents.retrieve(intent.body.clientSecret.split("_secret_")[0])).amount;
    expect(amount).toBe(21663);
  });
});
