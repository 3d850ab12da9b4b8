import { expect } from "vitest";
import { gql, insertPart, withDatabase } from "./client";
import { payInSandbox } from "./fixtures";
import { suiteSandbox } from "./siblings";

/*
 * A checkout's delivery for the API tests: the seeded zones (src/db/seed-zones.ts) hold the United
 * States with collection from the warehouse (free) and no tax zone for Oregon, so a checkout
 * collected in Oregon costs exactly its lines, as the tests that are not about shipping or tax expect.
 */

/** An address in Oregon (no tax zone). */
export const OREGON = {
  name: "Ada Lovelace",
  line1: "12 Harbour Road",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
  country: "US",
  phone: "+1 503 555 0100",
};

/** An address in New York (8.875% added at checkout, shipping taxed). */
export const NEW_YORK = {
  name: "Grace Hopper",
  line1: "350 Fifth Avenue",
  city: "New York",
  region: "NY",
  postalCode: "10118",
  country: "US",
  phone: "+1 212 555 0100",
};

const methods = new Map<string, Promise<string>>();

/** The database id of the seeded United States method of a kind (standard, express, collection). */
export function usMethodId(kind: "standard" | "express" | "collection"): Promise<string> {
  let id = methods.get(kind);
  if (!id) {
    id = withDatabase(async (client) => {
      const { rows } = await client.query(
        `SELECT m.id FROM shipping_methods m JOIN shipping_zones z ON z.id = m.zone_id WHERE z.name = 'United States' AND m.kind = $1`,
        [kind],
      );
      if (!rows[0]) throw new Error(`The seed has no ${kind} method for the United States`);
      return rows[0].id as string;
    });
    methods.set(kind, id);
  }
  return id;
}

/** placeCheckout's delivery where it adds nothing: collected from the warehouse, in Oregon. */
export async function collectedInOregon(): Promise<{ shipTo: { address: typeof OREGON }; shippingMethodId: string }> {
  return { shipTo: { address: OREGON }, shippingMethodId: await usMethodId("collection") };
}

/** A checkout of fresh parts ($15.00 each) in these quantities, collected in Oregon, paid by card and confirmed as the web app does: its lines' ids, in order. */
export async function paidCheckout(token: string, quantities: number[]): Promise<string[]> {
  const partIds = await Promise.all(quantities.map(() => insertPart({ available: 10, priceCents: 1500 })));
  const placed = await gql(
    "mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { databaseId orders { databaseId } } }",
    {
      input: {
        lines: partIds.map((partId, index) => ({ partId, quantity: quantities[index] })),
        ...(await collectedInOregon()),
      },
    },
    token,
  );
  expect(placed.body.errors, JSON.stringify(placed.body.errors)).toBeUndefined();
  const checkoutId: string = placed.body.data.placeCheckout.databaseId;
  const intent = await gql(
    "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
    { checkoutId },
    token,
  );
  const sandbox = await suiteSandbox();
  const transactionId = await payInSandbox(
    sandbox.url,
    sandbox.publishableKey,
    intent.body.data.createCheckoutPaymentIntent.clientSecret,
  );
  const confirmed = await gql(
    "mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { amountDue } }",
    { checkoutId, transactionId },
    token,
  );
  expect(confirmed.body.data?.confirmCheckoutPayment.amountDue, JSON.stringify(confirmed.body)).toBe(0);
  return placed.body.data.placeCheckout.orders.map((order: { databaseId: string }) => order.databaseId);
}
