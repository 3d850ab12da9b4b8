import { describe, expect, it } from "vitest";
import { BrowserCartService } from "../../src/domain/orders/browser-cart.service";
import { CartService, MAX_CART_LINES } from "../../src/domain/orders/cart.service";
import { customer, database, part } from "./support/services";

/*
 * A browser's cart kept by the shop (the storefront's forms fill it with no script): the cart's
 * rules as a customer's cart has them, its join into an account at sign-in and its leaving at
 * sign-out, the 30 days after which an untouched cart is forgotten, and its forms' tokens.
 */

const KEYS = [Buffer.alloc(32, 1)];

async function shop() {
  const db = await database();
  const carts = new CartService(db);
  return { db, carts, browserCarts: new BrowserCartService(db, carts, KEYS) };
}

const quantities = (view: { lines: Array<{ part: { databaseId: string }; quantity: number }> }) =>
  Object.fromEntries(view.lines.map((line) => [line.part.databaseId, line.quantity]));

describe("a browser's cart", () => {
  it("opens on the first add, then keeps the cart's rules: the minimum order, the stock, set and remove", async () => {
    const { db, browserCarts } = await shop();
    const screws = await part(db, { available: 40 });
    await db.query(`UPDATE parts SET min_order_quantity = 10 WHERE id = $1`, [screws]);
    const fan = await part(db, { available: 3 });

    const first = await browserCarts.add(null, screws, 1);
    expect(first.opened).toBe(true);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(quantities(first.cart)).toEqual({ [screws]: 10 });
    const again = await browserCarts.add(first.token, screws, 5);
    expect(again).toMatchObject({ opened: false, token: first.token });
    expect(quantities(again.cart)).toEqual({ [screws]: 15 });

    await expect(browserCarts.add(first.token, fan, 4)).rejects.toThrow("Only 3 of");
    await expect(browserCarts.setQuantity(first.token, screws, 9)).rejects.toThrow("The minimum order");
    expect(quantities(await browserCarts.setQuantity(first.token, screws, 12))).toEqual({ [screws]: 12 });
    await browserCarts.add(first.token, fan, 1);
    expect(await browserCarts.summary(first.token)).toEqual({ itemCount: 13, lineCount: 2 });
    expect(quantities(await browserCarts.remove(first.token, screws))).toEqual({ [fan]: 1 });
    // The shop keeps only the token's digest.
    const stored = await db.query(`SELECT count(*)::int AS n FROM browser_carts WHERE token_hash = $1::bytea`, [
      Buffer.from(first.token),
    ]);
    expect(stored[0].n).toBe(0);
  });

  it("opens no cart when the first add is refused", async () => {
    const { db, browserCarts } = await shop();
    const fan = await part(db, { available: 1 });
    const before = (await db.query(`SELECT count(*)::int AS n FROM browser_carts`))[0].n;
    await expect(browserCarts.add(null, fan, 2)).rejects.toThrow("Only 1 of");
    await expect(browserCarts.add(null, "00000000-0000-4000-8000-000000000000", 1)).rejects.toThrow("Part not found");
    expect((await db.query(`SELECT count(*)::int AS n FROM browser_carts`))[0].n).toBe(before);
  });

  it("holds at most as many lines as a cart does", async () => {
    const { db, browserCarts } = await shop();
    const parts = await Promise.all(Array.from({ length: MAX_CART_LINES + 1 }, () => part(db, { available: 5 })));
    let token: string | null = null;
    for (const partId of parts.slice(0, MAX_CART_LINES)) token = (await browserCarts.add(token, partId, 1)).token;
    await expect(browserCarts.add(token, parts[MAX_CART_LINES], 1)).rejects.toThrow(
      `Your cart holds at most ${MAX_CART_LINES} parts`,
    );
  });

  it("is a fresh empty cart for a token the shop never gave or one untouched for 30 days", async () => {
    const { db, browserCarts } = await shop();
    const fan = await part(db, { available: 3 });
    expect(await browserCarts.summary("not-a-token")).toEqual({ itemCount: 0, lineCount: 0 });
    const { token } = await browserCarts.add(null, fan, 1);
    await db.query(
      `UPDATE browser_carts SET touched_at = now() - interval '31 days' WHERE token_hash = sha256(convert_to($1, 'UTF8'))`,
      [token],
    );
    expect(await browserCarts.summary(token)).toEqual({ itemCount: 0, lineCount: 0 });
    const after = await browserCarts.add(token, fan, 1);
    expect(after.opened).toBe(true);
    expect(after.token).not.toBe(token);
    expect(await browserCarts.forgetUntouched()).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM browser_carts`))[0].n).toBeGreaterThan(0);
    expect(await browserCarts.summary(after.token)).toEqual({ itemCount: 1, lineCount: 1 });
  });

  it("joins a customer's cart at sign-in (the larger quantity of a part in both), is theirs until sign-out", async () => {
    const { db, carts, browserCarts } = await shop();
    const buyer = await customer(db, "joining");
    const [fan, jack] = [await part(db, { available: 9 }), await part(db, { available: 9 })];
    await carts.add(buyer, fan, 2);
    const { token } = await browserCarts.add(null, fan, 5);
    await browserCarts.add(token, jack, 1);

    const joined = await browserCarts.join(buyer, token);
    expect(joined).toMatchObject({ token, opened: false });
    expect(quantities(joined.cart)).toEqual({ [fan]: 5, [jack]: 1 });
    // The same browser joined twice changes nothing.
    expect(quantities((await browserCarts.join(buyer, token)).cart)).toEqual({ [fan]: 5, [jack]: 1 });
    // The browser's forms now change the account's cart.
    await browserCarts.setQuantity(token, jack, 3);
    expect(quantities(await carts.get(buyer))).toEqual({ [fan]: 5, [jack]: 3 });

    await browserCarts.leave(token);
    expect(await browserCarts.summary(token)).toEqual({ itemCount: 0, lineCount: 0 });
    expect(quantities(await carts.get(buyer))).toEqual({ [fan]: 5, [jack]: 3 });
  });

  it("joined from a browser with no cart, opens one that names the customer", async () => {
    const { db, carts, browserCarts } = await shop();
    const buyer = await customer(db, "fresh");
    const fan = await part(db, { available: 9 });
    await carts.add(buyer, fan, 2);
    const joined = await browserCarts.join(buyer, null);
    expect(joined.opened).toBe(true);
    expect(await browserCarts.summary(joined.token)).toEqual({ itemCount: 2, lineCount: 1 });
  });

  it("takes the storefront's form token anywhere and the cart page's only with its own cart", async () => {
    const { db, browserCarts } = await shop();
    const fan = await part(db, { available: 9 });
    const { token } = await browserCarts.add(null, fan, 1);
    const other = (await browserCarts.add(null, fan, 1)).token;
    const storefront = browserCarts.formToken();
    expect(browserCarts.acceptsFormToken(storefront, null, true)).toBe(true);
    expect(browserCarts.acceptsFormToken(storefront, token, false)).toBe(false);
    expect(browserCarts.acceptsFormToken(browserCarts.cartFormToken(token), token, false)).toBe(true);
    expect(browserCarts.acceptsFormToken(browserCarts.cartFormToken(other), token, false)).toBe(false);
    expect(browserCarts.acceptsFormToken("", token, true)).toBe(false);
    // A token made with an earlier key is still taken; one made with another shop's is not.
    const rotated = new BrowserCartService(db, new CartService(db), [Buffer.alloc(32, 2), ...KEYS]);
    expect(rotated.acceptsFormToken(storefront, null, true)).toBe(true);
    const elsewhere = new BrowserCartService(db, new CartService(db), [Buffer.alloc(32, 3)]);
    expect(elsewhere.acceptsFormToken(storefront, null, true)).toBe(false);
  });
});
