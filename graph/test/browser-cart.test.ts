import { describe, expect, it } from "vitest";
import { insertPart, newCustomer, rest, shop } from "./support/client";
import { cartFormToken, storefrontFormToken } from "./support/cart-forms";

/*
 * The browser cart's routes: the storefront's add-to-cart form (no script) and its JSON twin for
 * scripts, the cart page's line forms, the cart icon's summary, joining an account at sign-in
 * and leaving it at sign-out. Cross-site posts are refused; the cookie is scoped to /cart.
 */

const FORM = "application/x-www-form-urlencoded";

/** A post as a browser's form sends it, its answer as it came (redirects not followed). */
async function post(
  path: string,
  fields: Record<string, string>,
  { cookie, headers = {} }: { cookie?: string | null; headers?: Record<string, string> } = {},
) {
  const response = await fetch(shop().url + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": FORM,
      accept: "text/html",
      origin: shop().url,
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The cart cookie a Set-Cookie gave, as the browser sends it back. */
const cartCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("partshop_cart="))
    ?.split(";")[0] ?? null;

const summaryOf = async (cookie: string | null) =>
  (await rest("GET", "/cart/summary", { headers: cookie ? { cookie } : {} })).body;

describe("the add-to-cart form", () => {
  it("adds the part's minimum order, opens the cart under a cookie scoped to /cart and goes to the cart page", async () => {
    const part = await insertPart({ available: 40, minOrderQuantity: 4, name: "Form hinge" });
    const answer = await post("/cart/lines", { part, quantity: "1", token: storefrontFormToken() });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cart");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const setCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("partshop_cart="))!;
    expect(setCookie).toMatch(
      /^partshop_cart=[A-Za-z0-9_-]{43}; Path=\/cart; Max-Age=2592000; HttpOnly; SameSite=Strict$/,
    );
    const cookie = cartCookieOf(answer.headers);
    expect(await summaryOf(cookie)).toEqual({ itemCount: 4, lineCount: 1 });

    // Again, back to the page it came from; the cookie is kept.
    const again = await post(
      "/cart/lines",
      { part, quantity: "2", token: storefrontFormToken(), back: "/parts?q=hinge" },
      { cookie },
    );
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/parts?q=hinge");
    expect(cartCookieOf(again.headers)).toBeNull();
    expect(await summaryOf(cookie)).toEqual({ itemCount: 6, lineCount: 1 });
    // Anywhere but a path of this shop is the cart page.
    const away = await post(
      "/cart/lines",
      { part, quantity: "1", token: storefrontFormToken(), back: "//evil.example/x" },
      { cookie },
    );
    expect(away.headers.get("location")).toBe("/cart");
  });

  it("refuses a post from another site, or without the shop's token, with a 403", async () => {
    const part = await insertPart({ available: 5, name: "Cross-site fan" });
    const fields = { part, quantity: "1", token: storefrontFormToken() };
    const crossSite = await post("/cart/lines", fields, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.text).error).toMatch(/this shop's own pages/);
    const otherOrigin = await post("/cart/lines", fields, {
      headers: { "sec-fetch-site": "", origin: "https://evil.example" },
    });
    expect(otherOrigin.status).toBe(403);
    const noToken = await post("/cart/lines", { part, quantity: "1" });
    expect(noToken.status).toBe(403);
    expect(JSON.parse(noToken.text).error).toMatch(/reload the page/);
    for (const refused of [crossSite, otherOrigin, noToken]) expect(cartCookieOf(refused.headers)).toBeNull();
  });

  it("takes JSON from a script: the cart's summary, or a 4xx naming the field", async () => {
    const part = await insertPart({ available: 3, name: "Script fan" });
    const token = storefrontFormToken();
    const added = await rest("POST", "/cart/lines", {
      body: { part, quantity: 2 },
      headers: { "x-csrf-token": token, origin: shop().url },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ itemCount: 2, lineCount: 1 });
    const cookie = cartCookieOf(added.headers);
    expect(cookie).not.toBeNull();

    const tooMany = await rest("POST", "/cart/lines", {
      body: { part, quantity: 2, token },
      headers: { cookie: cookie! },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/Only 3 of Script fan are available, and your cart has 2/);
    const badQuantity = await rest("POST", "/cart/lines", { body: { part, quantity: 0, token } });
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body.error).toMatch(/^quantity must be a whole number/);
    const badPart = await rest("POST", "/cart/lines", { body: { part: "not-an-id", quantity: 1, token } });
    expect(badPart.status).toBe(400);
    expect(badPart.body.error).toMatch(/^part: /);
  });

  it("sends a refused form back to the cart page, which says why", async () => {
    const part = await insertPart({ available: 2, name: "Scarce jack" });
    const answer = await post("/cart/lines", { part, quantity: "5", token: storefrontFormToken() });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cart");
    const notice = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("partshop_cart_notice="))!;
    expect(decodeURIComponent(notice.split(";")[0].split("=")[1])).toBe("Only 2 of Scarce jack are available");
    expect(notice).toMatch(/Path=\/cart; Max-Age=60; HttpOnly; SameSite=Strict/);
  });
});

describe("the cart page's line forms", () => {
  it("set a quantity and remove a line with the cart's own token only", async () => {
    const part = await insertPart({ available: 20, minOrderQuantity: 2, name: "Line screws" });
    const opened = await post("/cart/lines", { part, token: storefrontFormToken() });
    const cookie = cartCookieOf(opened.headers)!;
    // The storefront's token does not change a line: the cart page's own does.
    const withStorefrontToken = await post(
      `/cart/lines/${part}`,
      { quantity: "5", token: storefrontFormToken() },
      { cookie },
    );
    expect(withStorefrontToken.status).toBe(403);
    const cartToken = cartFormToken(cookie.split("=")[1]);
    const set = await post(`/cart/lines/${part}`, { quantity: "5", token: cartToken }, { cookie });
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe("/cart");
    expect(await summaryOf(cookie)).toEqual({ itemCount: 5, lineCount: 1 });
    const below = await post(`/cart/lines/${part}`, { quantity: "1", token: cartToken }, { cookie });
    expect(below.status).toBe(303);
    expect(await summaryOf(cookie)).toEqual({ itemCount: 5, lineCount: 1 });
    const removed = await post(`/cart/lines/${part}`, { remove: "1", token: cartToken }, { cookie });
    expect(removed.status).toBe(303);
    expect(await summaryOf(cookie)).toEqual({ itemCount: 0, lineCount: 0 });
  });
});

describe("the cart icon's summary", () => {
  it("is an empty cart for a browser with none, and never cached", async () => {
    const answer = await rest("GET", "/cart/summary");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ itemCount: 0, lineCount: 0 });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("joining at sign-in, leaving at sign-out", () => {
  it("joins this browser's cart to the account's, then forgets it at sign-out", async () => {
    const customer = await newCustomer("joiner");
    const part = await insertPart({ available: 9, name: "Join fan" });
    const cookie = cartCookieOf(
      (await post("/cart/lines", { part, quantity: "3", token: storefrontFormToken() })).headers,
    );
    const joined = await rest("POST", "/cart/join", { token: customer.token, headers: { cookie: cookie! } });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ itemCount: 3, lineCount: 1 });
    expect(await summaryOf(cookie)).toEqual({ itemCount: 3, lineCount: 1 });
    const refused = await rest("POST", "/cart/join", {
      token: customer.token,
      headers: { cookie: cookie!, "sec-fetch-site": "cross-site" },
    });
    expect(refused.status).toBe(403);

    const left = await rest("POST", "/cart/leave", { headers: { cookie: cookie! } });
    expect(left.status).toBe(204);
    expect(left.headers.getSetCookie()[0]).toMatch(
      /^partshop_cart=; Path=\/cart; Max-Age=0; HttpOnly; SameSite=Strict$/,
    );
    expect(await summaryOf(cookie)).toEqual({ itemCount: 0, lineCount: 0 });
  });
});
