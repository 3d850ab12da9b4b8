import { describe, expect, it } from "vitest";
import {
  errorCode,
  firebaseSignIn,
  gql,
  insertPart,
  newCustomer,
  rest,
  type Shopper,
  withDatabase,
} from "./support/client";

/*
 * Carts: a signed-in customer's cart kept by the shop (it follows them across
 * devices), quantities kept within each part's bounds, warnings when a part sold out or was
 * retired meanwhile; a visitor's cart (kept in the browser) previewed and joined in at sign-in.
 */

const CART =
  "lineCount itemCount subtotal canCheckOut lines(first: 50) { edges { node { id quantity minQuantity maxQuantity lineTotal warning warningMessage part { databaseId name } } } pageInfo { hasNextPage } }";
const ADD = `mutation($line: CartLineInput!) { addToCart(line: $line) { ${CART} } }`;
const SET = `mutation($line: CartLineInput!) { setCartQuantity(line: $line) { ${CART} } }`;

async function change(customer: Shopper, query: string, partId: string, quantity: number) {
  const answer = await gql(query, { line: { partId, quantity } }, customer.token);
  return answer;
}
async function cartOf(customer: Shopper) {
  const answer = await gql(`{ cart { ${CART} } }`, {}, customer.token);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.cart;
}
const linesOf = (cart: any) => cart.lines.edges.map((edge: any) => edge.node);
/** A customer's second session: another sign-in, another access token, as on another device. */
async function anotherDevice(customer: Shopper): Promise<Shopper> {
  const { idToken } = await firebaseSignIn(customer.email, "secret-123");
  const answer = await rest("PUT", `/user/${customer.email}`, { token: idToken, body: { email: customer.email } });
  expect(answer.body.token).not.toBe(customer.token);
  return { ...customer, token: answer.body.token };
}

describe("a signed-in customer's cart", () => {
  it("adds parts (at least their minimum), sums units added twice, sets and removes lines, with totals", async () => {
    const customer = await newCustomer("cart");
    const screws = await insertPart({ available: 40, minOrderQuantity: 10, priceCents: 25, name: "Screws" });
    const fan = await insertPart({ available: 3, priceCents: 1999, name: "Fan" });
    let answer = await change(customer, ADD, screws, 1);
    expect(answer.body.errors).toBeUndefined();
    expect(linesOf(answer.body.data.addToCart)).toEqual([
      expect.objectContaining({
        quantity: 10,
        minQuantity: 10,
        maxQuantity: 40,
        lineTotal: 2.5,
        warning: null,
        warningMessage: null,
      }),
    ]);
    answer = await change(customer, ADD, screws, 5);
    expect(linesOf(answer.body.data.addToCart)[0].quantity).toBe(15);
    answer = await change(customer, ADD, fan, 2);
    expect(answer.body.data.addToCart).toMatchObject({
      lineCount: 2,
      itemCount: 17,
      subtotal: 43.73,
      canCheckOut: true,
    });
    // Lines keep the order they were added in.
    expect(linesOf(answer.body.data.addToCart).map((line: any) => line.part.name)).toEqual(["Screws", "Fan"]);

    answer = await change(customer, SET, fan, 3);
    expect(linesOf(answer.body.data.setCartQuantity)[1].quantity).toBe(3);
    answer = await gql(
      `mutation($partId: ID!) { removeFromCart(partId: $partId) { ${CART} } }`,
      { partId: screws },
      customer.token,
    );
    expect(answer.body.data.removeFromCart).toMatchObject({ lineCount: 1, itemCount: 3, subtotal: 59.97 });
    // The same cart from another device.
    expect((await cartOf(await anotherDevice(customer))).lineCount).toBe(1);
  });

  it("keeps quantities within each part's bounds, naming the part, and refuses what is not sold", async () => {
    const customer = await newCustomer("bounds");
    const fan = await insertPart({ available: 3, minOrderQuantity: 2, name: "Bounded fan" });
    const soldOut = await insertPart({ available: 0, name: "Gone hinge" });
    const retired = await insertPart({ available: 5, name: "Old keyboard" });
    await withDatabase((client) => client.query("UPDATE parts SET retired_at = now() WHERE id = $1", [retired]));
    const refusals: Array<[string, string, number, string]> = [
      [ADD, fan, 4, "Only 3 of Bounded fan are available"],
      [SET, fan, 1, "The minimum order for Bounded fan is 2"],
      [SET, fan, 4, "Only 3 of Bounded fan are available"],
      [ADD, soldOut, 1, "Gone hinge is out of stock"],
      [ADD, retired, 1, "Old keyboard is no longer sold"],
    ];
    for (const [query, partId, quantity, message] of refusals) {
      const answer = await change(customer, query, partId, quantity);
      expect(answer.body.errors?.[0], message).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
    }
    await change(customer, ADD, fan, 2);
    const again = await change(customer, ADD, fan, 2);
    expect(again.body.errors[0].message).toBe("Only 3 of Bounded fan are available, and your cart has 2");
    const unknown = await change(customer, ADD, "0d1b2c3d-0000-4000-8000-000000000000", 1);
    expect(errorCode(unknown)).toBe("NOT_FOUND");
    const zero = await change(customer, ADD, fan, 0);
    expect(zero.body.errors[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    expect((await cartOf(customer)).itemCount).toBe(2);
  });

  it("warns, naming the part, when a part in the cart sold out, was retired, or its stock or minimum changed; it cannot be checked out so", async () => {
    const customer = await newCustomer("warned");
    const parts = await Promise.all(
      ["Sold-out SSD", "Retired RAM", "Scarce cable", "Bulk screws"].map((name) => insertPart({ available: 10, name })),
    );
    for (const partId of parts) await change(customer, ADD, partId, 4);
    expect((await cartOf(customer)).canCheckOut).toBe(true);
    await withDatabase(async (client) => {
      await client.query("UPDATE parts SET available = 0 WHERE id = $1", [parts[0]]);
      await client.query("UPDATE parts SET retired_at = now() WHERE id = $1", [parts[1]]);
      await client.query("UPDATE parts SET available = 2 WHERE id = $1", [parts[2]]);
      await client.query("UPDATE parts SET min_order_quantity = 6 WHERE id = $1", [parts[3]]);
    });
    const cart = await cartOf(customer);
    expect(cart.canCheckOut).toBe(false);
    expect(linesOf(cart).map((line: any) => [line.warning, line.warningMessage])).toEqual([
      ["SOLD_OUT", "Sold-out SSD is sold out: remove it to check out"],
      ["RETIRED", "Retired RAM is no longer sold: remove it to check out"],
      ["OVER_AVAILABLE", "Only 2 of Scarce cable are available now: lower the quantity to check out"],
      ["BELOW_MINIMUM", "The minimum order for Bulk screws is 6: raise the quantity to check out"],
    ]);
    // Fixing the lines clears the warnings.
    await gql(
      `mutation($partId: ID!) { removeFromCart(partId: $partId) { lineCount } }`,
      { partId: parts[0] },
      customer.token,
    );
    await gql(
      `mutation($partId: ID!) { removeFromCart(partId: $partId) { lineCount } }`,
      { partId: parts[1] },
      customer.token,
    );
    await change(customer, SET, parts[2], 2);
    const fixed = await change(customer, SET, parts[3], 6);
    expect(fixed.body.data.setCartQuantity.canCheckOut).toBe(true);
  });

  it("holds at most 50 lines", async () => {
    const customer = await newCustomer("full");
    const parts = await Promise.all(Array.from({ length: 51 }, () => insertPart({ available: 5 })));
    await withDatabase((client) =>
      client.query(
        "INSERT INTO cart_lines (user_id, part_id, quantity) SELECT u.id, p, 1 FROM users u, unnest($2::uuid[]) AS p WHERE u.email = $1",
        [customer.email, parts.slice(0, 50)],
      ),
    );
    const answer = await change(customer, ADD, parts[50], 1);
    expect(answer.body.errors[0]).toMatchObject({
      message: "Your cart holds at most 50 parts: check out or remove some first",
      extensions: { code: "CONFLICT" },
    });
    // A line already there still changes.
    expect((await change(customer, SET, parts[0], 2)).body.errors).toBeUndefined();
  });
});

describe("a visitor's cart, kept in the browser", () => {
  it("is previewed by the shop for anyone, unknown parts left out, each part once", async () => {
    const fan = await insertPart({ available: 3, priceCents: 1000, name: "Preview fan" });
    const gone = await insertPart({ available: 0, priceCents: 500, name: "Preview gone" });
    const answer = await gql(`query($lines: [CartLineInput!]!) { cartPreview(lines: $lines) { ${CART} } }`, {
      lines: [
        { partId: fan, quantity: 1 },
        { partId: "0d1b2c3d-0000-4000-8000-000000000000", quantity: 1 },
        { partId: fan, quantity: 2 },
        { partId: gone, quantity: 1 },
      ],
    });
    expect(answer.body.errors).toBeUndefined();
    const cart = answer.body.data.cartPreview;
    // The subtotal is of every line shown, a sold-out one too: the page warns about it.
    expect(cart).toMatchObject({ lineCount: 2, itemCount: 3, subtotal: 25, canCheckOut: false });
    expect(linesOf(cart).map((line: any) => [line.part.name, line.quantity, line.warning])).toEqual([
      ["Preview fan", 2, null],
      ["Preview gone", 1, "SOLD_OUT"],
    ]);
    // Nothing is stored.
    expect(
      await withDatabase(
        async (client) =>
          (await client.query("SELECT count(*)::int AS n FROM cart_lines WHERE part_id = $1", [fan])).rows[0].n,
      ),
    ).toBe(0);
  });

  it("joins the account's cart at sign-in: the larger quantity of a part in both, within its bounds, and joining twice changes nothing", async () => {
    const customer = await newCustomer("merge");
    const [both, onlyBrowser, scarce, minimum] = await Promise.all([
      insertPart({ available: 10, name: "In both" }),
      insertPart({ available: 10, name: "Browser only" }),
      insertPart({ available: 2, name: "Scarce" }),
      insertPart({ available: 10, minOrderQuantity: 5, name: "By five" }),
    ]);
    await change(customer, ADD, both, 3);
    const browserCart = [
      { partId: both, quantity: 2 },
      { partId: onlyBrowser, quantity: 1 },
      { partId: scarce, quantity: 7 },
      { partId: minimum, quantity: 1 },
      { partId: "0d1b2c3d-0000-4000-8000-000000000000", quantity: 1 },
    ];
    const merge = () =>
      gql(
        `mutation($lines: [CartLineInput!]!) { mergeCart(lines: $lines) { ${CART} } }`,
        { lines: browserCart },
        customer.token,
      );
    const merged = await merge();
    expect(merged.body.errors).toBeUndefined();
    const lines = linesOf(merged.body.data.mergeCart).map((line: any) => [line.part.name, line.quantity, line.warning]);
    expect(lines).toEqual([
      ["In both", 3, null],
      ["Browser only", 1, null],
      ["Scarce", 2, null],
      ["By five", 5, null],
    ]);
    const again = await merge();
    expect(
      linesOf(again.body.data.mergeCart).map((line: any) => [line.part.name, line.quantity, line.warning]),
    ).toEqual(lines);
    // Only for signed-in customers.
    expect(
      errorCode(
        await gql(`mutation($lines: [CartLineInput!]!) { mergeCart(lines: $lines) { lineCount } }`, {
          lines: browserCart,
        }),
      ),
    ).toBe("UNAUTHENTICATED");
    expect(errorCode(await gql("{ cart { lineCount } }"))).toBe("UNAUTHENTICATED");
    // REST has no cart: the spec's routes are unchanged.
    expect((await rest("GET", "/cart", { token: customer.token })).status).toBe(404);
  });
});
