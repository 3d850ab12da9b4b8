import crypto from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { gql, insertPart, orderBody, rest, shop, withDatabase } from "./support/client";
import { adminPerson, dumpDatabase, newPerson, Person, storedImages, uploadImage, TINY_PNG } from "./support/fixtures";
import { graphqlRootFields, restRoutes, routeKey } from "./support/routes";
import { freeCountries, freshShippingZone, freshTaxZone, methodInput } from "./support/zones";
import { storefrontFormToken } from "./support/cart-forms";
import { collectedInOregon, paidCheckout, usMethodId } from "./support/sale";

/*
 * A corpus of hostile requests for every write route and every mutation: malformed JSON, wrong
 * types, missing fields, bad quantities, 1 MB strings, NUL and control characters,
 * SQL-injection-looking strings, malformed and unknown ids, oversized bodies. Each must be
 * refused with a 4xx and a message (GraphQL: an error with a code), never a 5xx, and the data
 * must be exactly as before. Every value here is invalid where it is sent, so nothing may be
 * stored; valid text in any script is the last test's business.
 */

const MISSING = Symbol("missing");
type Value = unknown;

interface Probe {
  label: string;
  method: string;
  path: string;
  token?: string;
  /** A whole Authorization header (overrides token). */
  authorization?: string;
  json?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

const randomUuid = () => crypto.randomUUID();
const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64url");

const SQL = [
  "' OR '1'='1",
  "1; DROP TABLE orders; --",
  '" OR ""="',
  "admin'--",
  "0 UNION SELECT email, role FROM users --",
];
const CONTROL = ["nul \u0000 byte", "bell \u0007", "escape \u001b[31m", "delete \u007f", "\u0000"];
const WRONG_TYPES: Value[] = [123, 1.5, true, [], ["a"], {}, { $gt: "" }];
const ONE_MB = "m".repeat(1024 * 1024);
/** Over the limit by one character, by a lot, and by counting code points ("❤️" is two). */
const tooLong = (max: number): Value[] => ["x".repeat(max + 1), "❤️".repeat(max), "z".repeat(90_000)];
const requiredText = (max: number): Value[] => [
  MISSING,
  null,
  "",
  "   ",
  "\n\t",
  ...WRONG_TYPES,
  ...CONTROL,
  ...tooLong(max),
];
const optionalText = (max: number): Value[] => [...WRONG_TYPES, ...CONTROL, ...tooLong(max)];
const PHONES: Value[] = [
  MISSING,
  null,
  "",
  "abc",
  "123",
  "1".repeat(21),
  "+",
  "12 34 56 78",
  "+44-20-7946",
  "1234\u0000",
  ...SQL,
  1.5,
  -5,
  true,
  [],
  {},
];
const URLS: Value[] = [
  MISSING,
  null,
  "",
  "javascript:alert(1)",
  "ftp://example.com/x.png",
  "not a url",
  "http://",
  "https://exa mple.com/x",
  ...SQL,
  ...WRONG_TYPES,
  "http://example.com/\u0000",
  `https://example.com/${"a".repeat(2048)}`,
];
const EMAILS: Value[] = [
  MISSING,
  null,
  "",
  "   ",
  "not-an-email",
  "a@b",
  "@example.com",
  "a@",
  "a b@example.com",
  "<script>@x.com",
  "nul\u0000@example.com",
  "bell\u0007@example.com",
  ...SQL,
  `${"x".repeat(250)}@example.com`,
  ...WRONG_TYPES,
];
const QUANTITIES: Value[] = [
  MISSING,
  null,
  -1,
  0,
  1.5,
  -0.5,
  "5",
  "five",
  1e308,
  2 ** 31,
  2 ** 53 + 2,
  1_000_001,
  true,
  [],
  {},
  "1; DROP TABLE parts",
];
/** Lists of "Brand Model" names an admin may not give a part. */
const MODEL_LISTS: Value[] = [
  ["Lenovo"],
  [""],
  ["   "],
  [123],
  [null],
  {},
  [["Lenovo", "T14"]],
  [`Lenovo ${"x".repeat(81)}`],
  [`${"B".repeat(41)} X`],
  ["Dell \u0000 XPS"],
  Array.from({ length: 201 }, (_, i) => `Acer M${i}`),
];
const STOCKS: Value[] = [-1, 1.5, "5", 10_000_001, 1e308, true, [], {}];
const RATINGS: Value[] = [MISSING, null, 0, 6, 4.5, -1, "5", 1e308, true, [], {}];

/** Ids that name nothing the caller may touch (the path variants are sent raw, the rest encoded). */
function hostileIds(foreignId: string): Array<{ label: string; segment: string; value: string }> {
  const plain = [
    "nope",
    "0",
    "-1",
    "1e9",
    "00000000-0000-0000-0000-000000000000",
    randomUuid(),
    randomUuid().toUpperCase(),
    "../../etc/passwd",
    ...SQL,
    "x".repeat(5000),
    "🚀",
    "UGFydDo",
    globalId("Part", randomUuid()),
    globalId("Order", "not-a-uuid"),
    "nul\u0000id",
    foreignId,
  ];
  return [
    ...plain.map((value) => ({
      label: `id ${JSON.stringify(value.slice(0, 40))}`,
      segment: encodeURIComponent(value),
      value,
    })),
    { label: "id with broken percent-encoding", segment: "%E0%A4%A", value: "%E0%A4%A" },
    { label: "id %00", segment: "%00", value: "\u0000" },
  ];
}

/** Whole-body attacks every JSON route must refuse. */
function malformedBodies(base: Omit<Probe, "label">): Probe[] {
  return [
    { ...base, label: "malformed JSON", raw: '{"name": "x",' },
    { ...base, label: "an unterminated JSON string", raw: '{"name": "x' },
    { ...base, label: "a trailing comma", raw: '{"a": 1,}' },
    { ...base, label: "a JSON array", raw: "[1, 2, 3]" },
    { ...base, label: "a JSON string", raw: '"hello"' },
    { ...base, label: "JSON null", raw: "null" },
    { ...base, label: "a JSON number", raw: "42" },
    { ...base, label: "an empty object", json: {} },
    { ...base, label: "an empty body", raw: "" },
    { ...base, label: "invalid UTF-8", raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
    {
      ...base,
      label: "prototype-pollution keys",
      raw: '{"__proto__": {"role": "admin", "paid": true}, "constructor": {"prototype": {"role": "admin"}}}',
    },
    { ...base, label: "10,000 nested arrays", raw: "[".repeat(10_000) + "]".repeat(10_000) },
    { ...base, label: "a 200 kB body", json: { padding: "p".repeat(200_000) } },
    { ...base, label: "a 1 MB string", json: { name: ONE_MB, description: ONE_MB, address: ONE_MB } },
    { ...base, label: "a 3 MB body", raw: `{"x": "${"y".repeat(3 * 1024 * 1024)}"}` },
    { ...base, label: "gzip that does not inflate", raw: "not gzip at all", headers: { "content-encoding": "gzip" } },
    { ...base, label: "an unknown content-encoding", raw: "{}", headers: { "content-encoding": "br-x" } },
    {
      ...base,
      label: "an unsupported charset",
      raw: "{}",
      headers: { "content-type": "application/json; charset=utf-7" },
    },
    {
      ...base,
      label: "a form body",
      raw: "name=x&price=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
  ];
}

/** One probe per value of one field, the other fields valid: each probe fails on that field alone. */
function eachValue(
  base: Omit<Probe, "label" | "json">,
  body: Record<string, unknown>,
  field: string,
  values: Value[],
): Probe[] {
  return values.map((value) => {
    const json: Record<string, unknown> = { ...body };
    if (value === MISSING) delete json[field];
    else json[field] = value;
    const shown = value === MISSING ? "missing" : JSON.stringify(value)?.slice(0, 40);
    return { ...base, label: `${field} = ${shown}`, json };
  });
}

interface Fixtures {
  customer: Person;
  other: Person;
  admin: Person;
  /** Stock 5, minimum order 2. */
  partId: string;
  /** The part's one image (which may not be removed: a part needs an image). */
  partImageId: string;
  /** The customer's unpaid order. */
  orderId: string;
  /** Another customer's unpaid order. */
  foreignOrderId: string;
  /** The customer's unpaid checkout, and another customer's. */
  checkoutId: string;
  foreignCheckoutId: string;
  /** An address in the customer's book, and one in another customer's. */
  addressId: string;
  foreignAddressId: string;
  /** A shipping zone with one method ("Standard"), and a tax zone, each of one country of its own. */
  shippingZoneId: string;
  shippingMethodId: string;
  taxZoneId: string;
  /** Countries no shipping zone, and no tax zone, holds: a new zone of them would be valid. */
  freeCountry: string;
  freeTaxCountry: string;
  /** The seeded United States' standard method (it ships HOSTILE_BASE_ADDRESS). */
  usStandardMethodId: string;
  /** A line of the customer's checkout: an order, but not a reservation of one part. */
  checkoutOrderId: string;
  /** The two lines (2 units and 1) of the customer's paid checkout, nothing shipped yet, and another customer's paid line. */
  paidLineIds: string[];
  foreignPaidLineId: string;
  /** A parcel of another paid checkout of the customer's, not delivered. */
  shipmentId: string;
}
let f: Fixtures;

/** Every write route: its hostile requests. A write route without an entry fails the first test. */
const REST_CORPUS: Record<string, () => Probe[]> = {
  "POST /product": () => {
    const base = { method: "POST", path: "/product", token: f.admin.token };
    const body = {
      name: "Hostile test",
      available_quantity: 5,
      price: 9.99,
      img: "https://example.com/p.png",
      min_quantity: 1,
      description: "ok",
    };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "name", requiredText(20)),
      ...eachValue(base, body, "available_quantity", [-1, 1.5, "5", 1e308, 10_000_001, true, [], {}, "NaN"]),
      ...eachValue(base, body, "price", [
        -0.01,
        1.234,
        "9.99",
        1e308,
        1_000_000.01,
        true,
        [],
        {},
        "1; DROP TABLE products",
      ]),
      ...eachValue(base, body, "min_quantity", [-3, 0.5, "2", 1e308, true, []]),
      ...eachValue(base, body, "img", [
        "javascript:alert(1)",
        "ftp://example.com/a.png",
        "not a url",
        ...SQL,
        ...WRONG_TYPES,
        `https://x.com/${"a".repeat(2048)}`,
      ]),
      ...eachValue(base, body, "description", optionalText(2000)),
    ];
  },
  "POST /parts": () => {
    const base = { method: "POST", path: "/parts", token: f.admin.token };
    const body = {
      name: "Hostile part",
      short_desc: "ok",
      img: "/images/parts/dc-jack.svg",
      price: 9.99,
      available: 5,
      min_order_quantity: 1,
      low_stock_threshold: 2,
    };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "name", requiredText(80)),
      ...eachValue(base, body, "short_desc", requiredText(500)),
      ...eachValue(base, body, "img", [
        MISSING,
        null,
        "",
        "javascript:alert(1)",
        "ftp://example.com/a.png",
        "not a url",
        ...SQL,
        ...WRONG_TYPES,
        `/${"a".repeat(2048)}`,
      ]),
      ...eachValue(base, body, "price", [MISSING, null, -0.01, 1.234, "9.99", 1e308, 1_000_000.01, true, [], {}]),
      ...eachValue(base, body, "available", [MISSING, null, ...STOCKS]),
      ...eachValue(base, body, "min_order_quantity", [MISSING, null, 0, -1, 1.5, "2", 1_000_001, true, []]),
      ...eachValue(base, body, "low_stock_threshold", [-1, 0.5, "2", 10_000_001, true, []]),
    ];
  },
  "PATCH /parts/:id": () => {
    const base = { method: "PATCH", path: `/parts/${f.partId}`, token: f.admin.token };
    const body = { name: "Hostile rename" };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "name", ["", "   ", ...WRONG_TYPES, ...CONTROL, ...tooLong(80)]),
      ...eachValue(base, { ...body, short_desc: "x" }, "short_desc", [
        "",
        "   ",
        ...WRONG_TYPES,
        ...CONTROL,
        ...tooLong(500),
      ]),
      ...eachValue(base, { ...body, price: 1 }, "price", [-0.01, 1.234, "9.99", 1e308, true, [], {}]),
      ...eachValue(base, { ...body, available: 9, expected_available: 5 }, "available", STOCKS),
      // The stock without the figure the admin saw, or with a stale one (a conflict).
      ...eachValue(base, { ...body, available: 9, expected_available: 5 }, "expected_available", [
        MISSING,
        null,
        4,
        ...STOCKS,
      ]),
      ...eachValue(base, { ...body, min_order_quantity: 1 }, "min_order_quantity", [0, -1, 1.5, "2", true]),
      ...eachValue(base, { ...body, img: "/x.png" }, "img", ["", "javascript:alert(1)", ...SQL, 123, {}]),
      ...eachValue(base, body, "compatible_models", [...MODEL_LISTS, "Lenovo ThinkPad"]),
      ...hostileIds(randomUuid()).map((id) => ({
        label: id.label,
        method: "PATCH",
        path: `/parts/${id.segment}`,
        token: f.admin.token,
        json: body,
      })),
    ];
  },
  "POST /parts/:id/restock": () => {
    const base = { method: "POST", path: `/parts/${f.partId}/restock`, token: f.admin.token };
    return [
      ...malformedBodies(base),
      ...eachValue(base, { quantity: 1 }, "quantity", [MISSING, null, 0, -1, 1.5, "5", 1_000_001, 1e308, true, [], {}]),
      ...hostileIds(randomUuid()).map((id) => ({
        label: id.label,
        method: "POST",
        path: `/parts/${id.segment}/restock`,
        token: f.admin.token,
        json: { quantity: 1 },
      })),
    ];
  },
  "POST /parts/:id/retire": () =>
    hostileIds(randomUuid()).map((id) => ({
      label: id.label,
      method: "POST",
      path: `/parts/${id.segment}/retire`,
      token: f.admin.token,
    })),
  "POST /parts/:id/restore": () =>
    hostileIds(randomUuid()).map((id) => ({
      label: id.label,
      method: "POST",
      path: `/parts/${id.segment}/restore`,
      token: f.admin.token,
    })),
  // Files refused whole, applied (dryRun=false): nothing of them may be written.
  "POST /admin/parts/import": () => {
    const base = {
      method: "POST",
      path: "/admin/parts/import?dryRun=false",
      token: f.admin.token,
      headers: { "content-type": "text/csv" },
    };
    const line = "HOSTILE-1,Hostile imported part,9.99,5,1";
    return [
      { ...base, label: "an empty file", raw: "" },
      { ...base, label: "a header without part_number", raw: `name,price\nHostile,1\n` },
      { ...base, label: "an unknown column", raw: `part_number,name,price,stock,min_order_quantity,evil\n${line},x\n` },
      { ...base, label: "a repeated column", raw: `part_number,part_number,name\nHOSTILE-2,HOSTILE-3,x\n` },
      {
        ...base,
        label: "an unclosed quote",
        raw: `part_number,name,price,stock,min_order_quantity\n"HOSTILE-4,x,1,1,1\n`,
      },
      {
        ...base,
        label: "invalid UTF-8",
        raw: Buffer.concat([Buffer.from("part_number,name\nHOSTILE-5,"), Buffer.from([0xff, 0xfe]), Buffer.from("\n")]),
      },
      {
        ...base,
        label: "a JSON body",
        raw: '{"part_number": "HOSTILE-6"}',
        headers: { "content-type": "application/json" },
      },
      ...["yes", "", "maybe", "TRUE "].map((dryRun) => ({
        ...base,
        label: `dryRun=${JSON.stringify(dryRun)}`,
        path: `/admin/parts/import?dryRun=${encodeURIComponent(dryRun)}`,
        raw: `part_number,name,price,stock,min_order_quantity\n${line}\n`,
      })),
      {
        ...base,
        label: "a fileName of 1,000 characters",
        path: `/admin/parts/import?dryRun=false&fileName=${"f".repeat(1000)}`,
        raw: `part_number,name,price,stock,min_order_quantity\n${line}\n`,
      },
      {
        ...base,
        label: "a customer's import",
        token: f.customer.token,
        raw: `part_number,name,price,stock,min_order_quantity\n${line}\n`,
      },
    ];
  },
  "DELETE /product/:id": () =>
    hostileIds(randomUuid()).map((id) => ({
      label: id.label,
      method: "DELETE",
      path: `/product/${id.segment}`,
      token: f.admin.token,
    })),
  "POST /order": () => {
    const base = { method: "POST", path: "/order", token: f.customer.token };
    const body = orderBody(f.partId, 2);
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "quantity", [...QUANTITIES, 1, 6]),
      ...eachValue(base, body, "orderId", [
        MISSING,
        null,
        "",
        ...WRONG_TYPES,
        ...hostileIds(randomUuid()).map((id) => id.value),
      ]),
      ...eachValue(base, body, "address", requiredText(300)),
      ...eachValue(base, body, "phone", PHONES),
    ];
  },
  "PATCH /order/:id": () => {
    const base = { method: "PATCH", path: `/order/${f.orderId}`, token: f.customer.token };
    const body = { transactionId: "pi_does_not_exist" };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "transactionId", [
        MISSING,
        null,
        "",
        "   ",
        "pi_does_not_exist",
        ...WRONG_TYPES,
        ...SQL,
        ...CONTROL,
        "p".repeat(256),
        ONE_MB,
      ]),
      ...hostileIds(f.foreignOrderId).map((id) => ({
        label: id.label,
        method: "PATCH",
        path: `/order/${id.segment}`,
        token: f.customer.token,
        json: body,
      })),
    ];
  },
  "DELETE /userOrder/:id": () =>
    hostileIds(f.foreignOrderId).map((id) => ({
      label: id.label,
      method: "DELETE",
      path: `/userOrder/${id.segment}`,
      token: f.customer.token,
    })),
  "POST /create-payment-intent": () => {
    const base = { method: "POST", path: "/create-payment-intent", token: f.customer.token };
    // A price that is not the order's total: even the valid order id must be refused.
    const body = { orderId: f.orderId, price: 123456.78 };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "orderId", [
        MISSING,
        null,
        "",
        ...WRONG_TYPES,
        ...hostileIds(f.foreignOrderId).map((id) => id.value),
      ]),
      ...eachValue(base, body, "price", ["12", true, [], {}, 1e308, -1, 0]),
    ];
  },
  "POST /review": () => {
    const base = { method: "POST", path: "/review", token: f.customer.token };
    const body = { name: "Hostile", ratings: 5, description: "Fine", img: "https://example.com/r.png" };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "name", requiredText(80)),
      ...eachValue(base, body, "ratings", RATINGS),
      ...eachValue(base, body, "description", requiredText(2000)),
      ...eachValue(base, body, "img", URLS),
      // Optional, but when given it must name a part (blank counts as not given).
      ...eachValue(base, body, "partId", [...hostileIds(f.foreignOrderId).map((id) => id.value), ...WRONG_TYPES]),
    ];
  },
  "PUT /user/admin/:email": () =>
    [
      ...EMAILS.filter((email): email is string => typeof email === "string" && email.trim() !== ""),
      "unknown-user@example.com",
    ]
      .map((email) => ({
        label: `email ${JSON.stringify(email.slice(0, 40))}`,
        method: "PUT",
        path: `/user/admin/${encodeURIComponent(email)}`,
        token: f.admin.token,
      }))
      .concat([
        { label: "broken percent-encoding", method: "PUT", path: "/user/admin/%E0%A4%A", token: f.admin.token },
      ]),
  "DELETE /user/admin/:email": () =>
    [
      ...EMAILS.filter((email): email is string => typeof email === "string" && email.trim() !== ""),
      "unknown-user@example.com",
      f.admin.email,
    ]
      .map((email) => ({
        label: `email ${JSON.stringify(email.slice(0, 40))}`,
        method: "DELETE",
        path: `/user/admin/${encodeURIComponent(email)}`,
        token: f.admin.token,
      }))
      .concat([
        { label: "broken percent-encoding", method: "DELETE", path: "/user/admin/%E0%A4%A", token: f.admin.token },
      ]),
  "PUT /user/:email": () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const claims = Buffer.from(JSON.stringify({ sub: "x", email: f.customer.email, exp: 9999999999 })).toString(
      "base64url",
    );
    const path = `/user/${encodeURIComponent(f.customer.email)}`;
    const authorizations = [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Basic YWRtaW46YWRtaW4=",
      "Bearer garbage",
      `Bearer ${"x".repeat(9000)}`,
      `Bearer ${header}.${claims}.`,
      `Bearer ${f.customer.token}`,
      `Bearer ${f.other.idToken}`,
      "Bearer ' OR '1'='1",
      "Bearer a b c",
    ];
    return [
      ...authorizations.map((authorization) => ({
        label: `Authorization ${JSON.stringify(authorization?.slice(0, 30))}`,
        method: "PUT",
        path,
        authorization,
      })),
      ...EMAILS.filter((email): email is string => typeof email === "string" && email !== "").map((email) => ({
        label: `email ${JSON.stringify(email.slice(0, 40))} with another's ID token`,
        method: "PUT",
        path: `/user/${encodeURIComponent(email)}`,
        authorization: `Bearer ${f.customer.idToken}`,
      })),
      {
        label: "broken percent-encoding",
        method: "PUT",
        path: "/user/%E0%A4%A",
        authorization: `Bearer ${f.customer.idToken}`,
      },
    ];
  },
  "PUT /profileUpdate/:email": () => {
    const base = {
      method: "PUT",
      path: `/profileUpdate/${encodeURIComponent(f.customer.email)}`,
      token: f.customer.token,
    };
    const body = {
      userName: "Hostile",
      education: "BSc",
      address: "1 Main St",
      phone: "0123456789",
      linkedin: "https://linkedin.com/in/x",
    };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "education", requiredText(200)),
      ...eachValue(base, body, "address", requiredText(300)),
      ...eachValue(
        base,
        body,
        "phone",
        PHONES.filter((phone) => phone !== -5),
      ),
      ...eachValue(base, body, "linkedin", URLS),
      ...eachValue(base, body, "userName", optionalText(80)),
      // Someone else's profile, and emails that are nobody's.
      ...[
        f.other.email,
        ...EMAILS.filter((email): email is string => typeof email === "string" && email.trim() !== ""),
      ].map((email) => ({
        label: `profile of ${JSON.stringify(email.slice(0, 40))}`,
        method: "PUT",
        path: `/profileUpdate/${encodeURIComponent(email)}`,
        token: f.customer.token,
        json: body,
      })),
    ];
  },
  // The browser cart: no credential but its cookie; a script's JSON carries the storefront's form token.
  "POST /cart/lines": () => {
    const base = { method: "POST", path: "/cart/lines", headers: { "x-csrf-token": storefrontFormToken() } };
    const body = { part: f.partId, quantity: 2 };
    return [
      ...malformedBodies(base),
      // No quantity is the part's minimum order: a real add, so not among these.
      ...eachValue(base, body, "quantity", [...QUANTITIES.filter((value) => value !== MISSING), 6]),
      ...eachValue(base, body, "part", [MISSING, null, "", ...WRONG_TYPES, randomUuid(), "../parts"]),
      {
        ...base,
        label: "posted from another site",
        json: body,
        headers: { ...base.headers, "sec-fetch-site": "cross-site" },
      },
      {
        ...base,
        label: "another site's Origin",
        json: body,
        headers: { ...base.headers, origin: "https://evil.example" },
      },
      { method: "POST", path: "/cart/lines", label: "no form token", json: body },
      { method: "POST", path: "/cart/lines", label: "a made-up form token", json: { ...body, token: "x".repeat(43) } },
    ];
  },
  "POST /cart/lines/:part": () => {
    const base = {
      method: "POST",
      path: `/cart/lines/${f.partId}`,
      headers: { "x-csrf-token": storefrontFormToken() },
    };
    return [
      ...malformedBodies(base),
      { ...base, label: "a line changed with the storefront's token", json: { quantity: 3 } },
      { ...base, label: "a line removed with no cart", json: { remove: "1" } },
    ];
  },
  "POST /cart/merge": () => {
    const base = { method: "POST", path: "/cart/merge" };
    const body = { lines: [{ part: f.partId, quantity: 2 }], token: storefrontFormToken() };
    return [
      ...malformedBodies(base),
      ...eachValue(base, body, "lines", [
        MISSING,
        null,
        "",
        {},
        [null],
        [{ part: f.partId }],
        [{ part: "../parts", quantity: 2 }],
        [{ part: f.partId, quantity: -1 }],
        [{ part: f.partId, quantity: "2" }],
      ]),
      ...eachValue(base, body, "token", [MISSING, null, "", "x".repeat(43), 7]),
      { ...base, label: "posted from another site", json: body, headers: { "sec-fetch-site": "cross-site" } },
    ];
  },
  "POST /cart/join": (): Probe[] => [
    { method: "POST", path: "/cart/join", label: "no access token", json: {} },
    { method: "POST", path: "/cart/join", label: "a forged access token", authorization: "Bearer forged", json: {} },
    {
      method: "POST",
      path: "/cart/join",
      label: "posted from another site",
      token: f.customer.token,
      headers: { "sec-fetch-site": "cross-site" },
      json: {},
    },
  ],
  "POST /cart/leave": (): Probe[] => [
    {
      method: "POST",
      path: "/cart/leave",
      label: "posted from another site",
      headers: { "sec-fetch-site": "cross-site" },
    },
    {
      method: "POST",
      path: "/cart/leave",
      label: "another site's Origin",
      headers: { origin: "https://evil.example" },
    },
  ],
  "POST /newsletter": () => {
    const base = { method: "POST", path: "/newsletter" };
    return [...malformedBodies(base), ...eachValue(base, { email: "x" }, "email", EMAILS)];
  },
  "POST /stripe/webhook": () => {
    const base = { method: "POST", path: "/stripe/webhook" };
    const event = {
      type: "payment_intent.succeeded",
      data: {
        object: { id: "pi_x", metadata: { orderId: f.orderId }, amount: 1, currency: "usd", status: "succeeded" },
      },
    };
    return [
      ...malformedBodies(base),
      { ...base, label: "an unsigned event for a real order", json: event },
      ...[
        "t=1,v1=deadbeef",
        `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
        "garbage",
        "x".repeat(8000),
        "t=' OR 1=1",
      ].map((signature) => ({
        ...base,
        label: `signature ${signature.slice(0, 30)}`,
        json: event,
        headers: { "stripe-signature": signature },
      })),
    ];
  },
  // Multipart uploads are sent by the upload probes below; these are the non-multipart attacks.
  "POST /upload": () => {
    const base = { method: "POST", path: "/upload", token: f.customer.token };
    return [
      ...malformedBodies(base),
      { ...base, label: "multipart without a boundary", raw: "x", headers: { "content-type": "multipart/form-data" } },
      {
        ...base,
        label: "a truncated multipart body",
        raw: '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\u0089PNG',
        headers: { "content-type": "multipart/form-data; boundary=b" },
      },
    ];
  },
};

/** Multipart attacks on the upload route. */
async function uploadProbes(): Promise<Array<{ label: string; status: number; body: any }>> {
  const token = f.customer.token;
  const sends: Array<[string, () => Promise<{ status: number; body: any }>]> = [
    ["text named .png", () => uploadImage(shop().url, token, Buffer.from("definitely not an image"))],
    ["an empty file", () => uploadImage(shop().url, token, Buffer.alloc(0))],
    ["a PNG in the wrong field", () => uploadImage(shop().url, token, TINY_PNG, "file")],
    [
      "an SVG with a script",
      () =>
        uploadImage(
          shop().url,
          token,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ),
    ],
    [
      "HTML posing as an image",
      () => uploadImage(shop().url, token, Buffer.from("<html><script>alert(1)</script></html>")),
    ],
    ["a 6 MiB PNG", () => postMultipart(token, Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]))],
    ["NUL bytes only", () => uploadImage(shop().url, token, Buffer.alloc(1024))],
  ];
  const results = [];
  for (const [label, send] of sends) results.push({ label, ...(await send()) });
  return results;
}

/**
 * A multipart upload over plain http: the server answers an oversized upload (413) and closes
 * before reading it all, which fetch reports as a write error instead of the answer.
 */
function postMultipart(token: string, file: Buffer): Promise<{ status: number; body: any }> {
  const boundary = "hostile-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      `${shop().url}/upload`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": body.length,
        },
      },
      (response) => {
        answered = true;
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

interface MutationCorpus {
  token: () => string | undefined;
  query: string;
  cases: () => Array<{ label: string; variables: Record<string, unknown> }>;
}

/** Variables for one argument (or one input field) at a time. */
function eachVariable(variables: Record<string, unknown>, path: string[], values: Value[]) {
  return values.map((value) => {
    const copy = structuredClone(variables);
    let target: any = copy;
    for (const key of path.slice(0, -1)) target = target[key];
    if (value === MISSING) delete target[path[path.length - 1]];
    else target[path[path.length - 1]] = value;
    const shown = value === MISSING ? "missing" : JSON.stringify(value)?.slice(0, 40);
    return { label: `${path.join(".")} = ${shown}`, variables: copy };
  });
}

const idValues = (foreign: string) =>
  hostileIds(foreign)
    .map((id) => id.value)
    .concat([MISSING as any, null as any, ...(WRONG_TYPES as any[])]);

const HOSTILE_BASE_ADDRESS = {
  name: "Hostile",
  company: "Hostile Inc",
  line1: "1 Main Street",
  line2: "Suite 1",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "+12175550100",
};
/** Phone numbers the address rules refuse (separators aside, 4 to 20 digits after an optional +). */
const ADDRESS_PHONES: Value[] = [
  MISSING,
  null,
  "",
  "abc",
  "123",
  "1".repeat(21),
  "+",
  "1234\u0000",
  ...SQL,
  1.5,
  true,
  [],
  {},
];

/** Each field of an address at fault, one at a time (`variables.input` is a valid address). */
function addressCases(variables: { input: typeof HOSTILE_BASE_ADDRESS; id?: string }) {
  return [
    { label: "input missing", variables: variables.id ? { id: variables.id } : {} },
    { label: "input a string", variables: { ...variables, input: "1 Main Street" } },
    ...eachVariable(variables, ["input", "name"], requiredText(80)),
    ...eachVariable(variables, ["input", "company"], optionalText(80)),
    ...eachVariable(variables, ["input", "line1"], requiredText(120)),
    ...eachVariable(variables, ["input", "line2"], optionalText(120)),
    ...eachVariable(variables, ["input", "city"], requiredText(80)),
    ...eachVariable(variables, ["input", "region"], [MISSING, null, "", "Atlantis", "ON", ...optionalText(80)]),
    ...eachVariable(variables, ["input", "postalCode"], [...requiredText(16), "6270", "ABCDE", ...SQL]),
    ...eachVariable(variables, ["input", "country"], [...requiredText(2), "XX", "USA", "u", ...SQL]),
    ...eachVariable(variables, ["input", "phone"], ADDRESS_PHONES),
    { label: "an unknown input field", variables: { ...variables, input: { ...variables.input, isDefault: true } } },
  ];
}

/**
 * Where and how a sale ships, each at fault in turn (`variables.input` ships validly): no address,
 * both kinds, another customer's, each field of a typed one; a method missing, unknown, of another
 * zone (`f.shippingMethodId` ships to a country of its own).
 */
function deliveryCases(variables: { input: Record<string, unknown> }) {
  const typed = (field: string, values: Value[]) =>
    eachVariable(variables, ["input", "shipTo", "address", field], values);
  return [
    ...eachVariable(
      variables,
      ["input", "shipTo"],
      [MISSING, null, {}, "x", { addressId: f.addressId, address: HOSTILE_BASE_ADDRESS }],
    ),
    ...eachVariable(
      variables,
      ["input", "shipTo"],
      hostileIds(f.foreignAddressId).map((id) => ({ addressId: id.value })),
    ),
    ...typed("name", requiredText(80)),
    ...typed("line1", requiredText(120)),
    ...typed("city", requiredText(80)),
    ...typed("region", [MISSING, null, "", "Atlantis", "ON", ...optionalText(80)]),
    ...typed("postalCode", [...requiredText(16), "6270", "ABCDE", ...SQL]),
    ...typed("country", [...requiredText(2), "XX", "USA", ...SQL]),
    ...typed("phone", ADDRESS_PHONES),
    ...eachVariable(variables, ["input", "shippingMethodId"], [...idValues(randomUuid()), f.shippingMethodId, ""]),
  ];
}

/** A field that may be left out, once given: nothing but bad text (left out or null it means "unchanged"). */
const givenText = (max: number): Value[] => requiredText(max).filter((value) => value !== MISSING && value !== null);
/** A zone's places: none, ill-formed, unknown countries, a region where regions are not kept, a place another zone holds (`held`), too many. */
const ZONE_PLACES = (held: string): Value[] => [
  [],
  "US",
  [null],
  [{}],
  [{ country: "XX" }],
  [{ country: "USA" }],
  [{ country: 1 }],
  [{ country: "US", region: "Atlantis" }],
  [{ country: f.freeCountry, region: "Atlantis" }],
  [{ country: held }],
  [{ country: f.freeCountry }, { country: f.freeCountry }],
  Array.from({ length: 301 }, () => ({ country: f.freeCountry })),
  [{ country: f.freeCountry, ...SQL_REGION }],
];
const SQL_REGION = { region: "' OR '1'='1" };
const WEIGHT_BANDS: Value[] = [
  MISSING,
  null,
  [],
  "x",
  [null],
  [{}],
  [{ upToGrams: 0, price: 1 }],
  [{ upToGrams: 1.5, price: 1 }],
  [{ upToGrams: 100_000_001, price: 1 }],
  [{ upToGrams: 2000, price: -1 }],
  [{ upToGrams: 2000, price: 1.234 }],
  [{ upToGrams: 2000, price: 1_000_000.01 }],
  [
    { upToGrams: 2000, price: 1 },
    { upToGrams: 1000, price: 2 },
  ],
  [
    { upToGrams: 2000, price: 1 },
    { upToGrams: 2000, price: 2 },
  ],
  Array.from({ length: 51 }, (_, index) => ({ upToGrams: index + 1, price: 1 })),
];
/** A shipping method's settings, each at fault in turn (`variables.input` is a valid method). */
function methodCases(variables: { input: ReturnType<typeof methodInput>; id?: string; zoneId?: string }) {
  return [
    ...eachVariable(variables, ["input"], [MISSING, null, "express"]),
    ...eachVariable(variables, ["input", "name"], requiredText(80)),
    ...eachVariable(variables, ["input", "kind"], [MISSING, null, "AIR", "express", 1]),
    ...eachVariable(variables, ["input", "bands"], WEIGHT_BANDS),
    ...eachVariable(variables, ["input", "freeOver"], [-1, 1.234, 1_000_000.01, "10", true]),
    ...eachVariable(variables, ["input", "minDays"], [MISSING, null, -1, 366, 1.5, "1", 3]),
    ...eachVariable(variables, ["input", "maxDays"], [MISSING, null, -1, 366, 1.5, "2"]),
    ...eachVariable(variables, ["input", "carriesDangerousGoods"], ["yes", 1, []]),
  ];
}
const RATES: Value[] = [MISSING, null, -1, 100.0001, 101, 1.23456, "8", true, []];
const taxZoneInput = () => ({
  name: "Hostile tax zone",
  places: [{ country: f.freeTaxCountry }],
  pricesIncludeTax: false,
  taxesShipping: true,
  standardRate: 8.875,
  reducedRate: 4,
});

/** Every mutation: its hostile variables. A mutation without an entry fails the first test. */
const MUTATION_CORPUS: Record<string, MutationCorpus> = {
  // Zones: admins' writes, each field at fault in turn; a valid base is never sent as it is.
  createShippingZone: {
    token: () => f.admin.token,
    query: "mutation($input: CreateShippingZoneInput!) { createShippingZone(input: $input) { id } }",
    cases: () => {
      const v = { input: { name: "Hostile zone", places: [{ country: f.freeCountry }] } };
      return [
        ...eachVariable(v, ["input"], [MISSING, null, "zone"]),
        ...eachVariable(v, ["input", "name"], [...requiredText(80), "United States"]),
        ...eachVariable(v, ["input", "places"], [MISSING, null, ...ZONE_PLACES("US")]),
      ];
    },
  },
  updateShippingZone: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $input: UpdateShippingZoneInput!) { updateShippingZone(id: $id, input: $input) { id } }",
    cases: () => {
      const v = { id: f.shippingZoneId, input: { name: "Hostile zone" } };
      return [
        ...eachVariable(v, ["id"], idValues(randomUuid())),
        ...eachVariable({ id: f.shippingZoneId, input: {} }, ["input", "name"], [...givenText(80), "United States"]),
        ...eachVariable({ id: f.shippingZoneId, input: {} }, ["input", "places"], ZONE_PLACES("US")),
      ];
    },
  },
  deleteShippingZone: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { deleteShippingZone(id: $id) { deletedId } }",
    cases: () => eachVariable({ id: f.shippingZoneId }, ["id"], idValues(randomUuid())),
  },
  addShippingMethod: {
    token: () => f.admin.token,
    query:
      "mutation($zoneId: ID!, $input: ShippingMethodInput!) { addShippingMethod(zoneId: $zoneId, input: $input) { id } }",
    cases: () => {
      const v = { zoneId: f.shippingZoneId, input: methodInput() };
      return [
        ...eachVariable(v, ["zoneId"], idValues(randomUuid())),
        ...eachVariable(v, ["input", "name"], ["Standard"]),
        ...methodCases(v),
      ];
    },
  },
  updateShippingMethod: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $input: ShippingMethodInput!) { updateShippingMethod(id: $id, input: $input) { id } }",
    cases: () => {
      const v = { id: f.shippingMethodId, input: methodInput({ name: "Standard", kind: "STANDARD" }) };
      return [...eachVariable(v, ["id"], idValues(randomUuid())), ...methodCases(v)];
    },
  },
  removeShippingMethod: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { removeShippingMethod(id: $id) { id } }",
    cases: () => eachVariable({ id: f.shippingMethodId }, ["id"], idValues(randomUuid())),
  },
  createTaxZone: {
    token: () => f.admin.token,
    query: "mutation($input: CreateTaxZoneInput!) { createTaxZone(input: $input) { id } }",
    cases: () => {
      const v = { input: taxZoneInput() };
      return [
        ...eachVariable(v, ["input"], [MISSING, null, "tax"]),
        ...eachVariable(v, ["input", "name"], [...requiredText(80), "Germany"]),
        ...eachVariable(v, ["input", "places"], [MISSING, null, ...ZONE_PLACES("DE")]),
        ...eachVariable(v, ["input", "pricesIncludeTax"], [MISSING, null, "yes", 1]),
        ...eachVariable(v, ["input", "taxesShipping"], [MISSING, null, "no", 0]),
        ...eachVariable(v, ["input", "standardRate"], RATES),
        ...eachVariable(v, ["input", "reducedRate"], RATES),
        ...eachVariable(
          v,
          ["input", "zeroRate"],
          RATES.filter((value) => value !== MISSING && value !== null),
        ),
      ];
    },
  },
  updateTaxZone: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $input: UpdateTaxZoneInput!) { updateTaxZone(id: $id, input: $input) { id } }",
    cases: () => {
      const v = { id: f.taxZoneId, input: {} };
      const given = (values: Value[]) => values.filter((value) => value !== MISSING && value !== null);
      return [
        ...eachVariable({ id: f.taxZoneId, input: { name: "Hostile tax zone" } }, ["id"], idValues(randomUuid())),
        ...eachVariable(v, ["input", "name"], [...givenText(80), "Germany"]),
        ...eachVariable(v, ["input", "places"], ZONE_PLACES("DE")),
        ...eachVariable(v, ["input", "pricesIncludeTax"], ["yes", 1]),
        ...eachVariable(v, ["input", "taxesShipping"], ["no", 0]),
        ...eachVariable(v, ["input", "standardRate"], given(RATES)),
        ...eachVariable(v, ["input", "reducedRate"], given(RATES)),
        ...eachVariable(v, ["input", "zeroRate"], given(RATES)),
      ];
    },
  },
  deleteTaxZone: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { deleteTaxZone(id: $id) { deletedId } }",
    cases: () => eachVariable({ id: f.taxZoneId }, ["id"], idValues(randomUuid())),
  },
  addProduct: {
    token: () => f.admin.token,
    query: "mutation($input: AddProductInput!) { addProduct(input: $input) { id } }",
    cases: () => {
      const v = {
        input: {
          name: "Hostile",
          availableQuantity: 5,
          price: 9.99,
          img: "https://example.com/p.png",
          minQuantity: 1,
          description: "ok",
        },
      };
      return [
        { label: "input missing", variables: {} },
        { label: "input a string", variables: { input: "name" } },
        ...eachVariable(v, ["input", "name"], requiredText(20)),
        ...eachVariable(v, ["input", "availableQuantity"], [-1, 1.5, "5", 2 ** 31, 10_000_001, true, []]),
        ...eachVariable(v, ["input", "price"], [-0.01, 1.234, "9.99", 1e308, 1_000_000.01, true, []]),
        ...eachVariable(v, ["input", "minQuantity"], [-3, 0.5, "2", true]),
        ...eachVariable(v, ["input", "img"], ["javascript:alert(1)", "ftp://example.com/a.png", ...SQL, 123, {}]),
        ...eachVariable(v, ["input", "description"], optionalText(2000)),
        { label: "an unknown input field", variables: { input: { ...v.input, paid: true } } },
      ];
    },
  },
  createPart: {
    token: () => f.admin.token,
    query: "mutation($input: CreatePartInput!) { createPart(input: $input) { id } }",
    cases: () => {
      const v = {
        input: {
          name: "Hostile part",
          shortDesc: "ok",
          img: "/images/parts/dc-jack.svg",
          price: 9.99,
          available: 5,
          minOrderQuantity: 1,
        },
      };
      return [
        { label: "input missing", variables: {} },
        ...eachVariable(v, ["input", "name"], requiredText(80)),
        ...eachVariable(v, ["input", "shortDesc"], requiredText(500)),
        ...eachVariable(v, ["input", "img"], [MISSING, null, "", "javascript:alert(1)", ...SQL, 123, {}]),
        ...eachVariable(v, ["input", "price"], [MISSING, null, -0.01, 1.234, "9.99", 1e308, true]),
        ...eachVariable(v, ["input", "available"], [MISSING, null, ...STOCKS, 2 ** 31]),
        ...eachVariable(v, ["input", "minOrderQuantity"], [MISSING, null, 0, 1.5, "2", 1_000_001]),
        ...eachVariable(v, ["input", "lowStockThreshold"], [-1, 0.5, "2", 10_000_001]),
        { label: "an unknown input field", variables: { input: { ...v.input, retired: true } } },
      ];
    },
  },
  updatePart: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }",
    cases: () => {
      const v = { id: f.partId, input: { name: "Hostile rename" } };
      const withField = (field: string, value: unknown) => ({ id: f.partId, input: { ...v.input, [field]: value } });
      return [
        { label: "input missing", variables: { id: f.partId } },
        { label: "nothing to change", variables: { id: f.partId, input: {} } },
        { label: "only nulls", variables: { id: f.partId, input: { name: null, price: null } } },
        ...eachVariable(v, ["id"], idValues(randomUuid())),
        ...eachVariable(v, ["input", "name"], ["", "   ", ...WRONG_TYPES, ...CONTROL, ...tooLong(80)]),
        ...eachVariable(withField("shortDesc", "x"), ["input", "shortDesc"], ["", "   ", ...CONTROL, ...tooLong(500)]),
        ...eachVariable(withField("price", 1), ["input", "price"], [-0.01, 1.234, "9.99", 1e308, true]),
        ...eachVariable(
          { id: f.partId, input: { ...v.input, available: 9, expectedAvailable: 5 } },
          ["input", "available"],
          STOCKS,
        ),
        ...eachVariable(
          { id: f.partId, input: { ...v.input, available: 9, expectedAvailable: 5 } },
          ["input", "expectedAvailable"],
          [MISSING, null, 4, ...STOCKS],
        ),
        ...eachVariable(withField("minOrderQuantity", 1), ["input", "minOrderQuantity"], [0, -1, 1.5, "2"]),
        ...eachVariable(withField("img", "/x.png"), ["input", "img"], ["", "javascript:alert(1)", ...SQL, 123]),
        ...eachVariable(withField("compatibleModels", []), ["input", "compatibleModels"], MODEL_LISTS),
      ];
    },
  },
  restockPart: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $quantity: Int!) { restockPart(id: $id, quantity: $quantity) { id } }",
    cases: () => [
      ...eachVariable({ id: f.partId, quantity: 1 }, ["id"], idValues(randomUuid())),
      ...eachVariable(
        { id: f.partId, quantity: 1 },
        ["quantity"],
        [MISSING, null, 0, -1, 1.5, "5", 1_000_001, 2 ** 31, true],
      ),
    ],
  },
  addPartImage: {
    token: () => f.admin.token,
    query: "mutation($partId: ID!, $input: AddPartImageInput!) { addPartImage(partId: $partId, input: $input) { id } }",
    cases: () => {
      const v = { partId: f.partId, input: { url: "https://example.com/hostile.png", alt: "Hostile" } };
      return [
        { label: "input missing", variables: { partId: f.partId } },
        ...eachVariable(v, ["partId"], idValues(randomUuid())),
        ...eachVariable(v, ["input", "url"], [...URLS, `/uploads/${"0".repeat(32)}.jpg`]),
        ...eachVariable(v, ["input", "alt"], [...WRONG_TYPES, ...tooLong(250)]),
        ...eachVariable(v, ["input", "position"], [-1, 1.5, "2", 13, true]),
      ];
    },
  },
  reorderPartImages: {
    token: () => f.admin.token,
    query: "mutation($partId: ID!, $ids: [ID!]!) { reorderPartImages(partId: $partId, imageIds: $ids) { id } }",
    cases: () => {
      const v = { partId: f.partId, ids: [f.partImageId] };
      return [
        ...eachVariable(v, ["partId"], idValues(randomUuid())),
        ...eachVariable(
          v,
          ["ids"],
          [
            MISSING,
            null,
            [],
            [randomUuid()],
            [f.partImageId, f.partImageId],
            ["x"],
            [123],
            Array(13).fill(f.partImageId),
          ],
        ),
      ];
    },
  },
  setPartImageAlt: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $alt: String!) { setPartImageAlt(imageId: $id, alt: $alt) { id } }",
    cases: () => {
      const v = { id: f.partImageId, alt: "Hostile" };
      return [
        ...eachVariable(v, ["id"], idValues(randomUuid())),
        ...eachVariable(v, ["alt"], [MISSING, null, ...WRONG_TYPES, ...tooLong(250)]),
      ];
    },
  },
  removePartImage: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { removePartImage(imageId: $id) { id } }",
    cases: () => [
      { label: "the part's only image", variables: { id: f.partImageId } },
      ...eachVariable({ id: f.partImageId }, ["id"], idValues(randomUuid())),
    ],
  },
  retirePart: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { retirePart(id: $id) { id } }",
    cases: () => eachVariable({ id: "x" }, ["id"], idValues(randomUuid())),
  },
  restorePart: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { restorePart(id: $id) { id } }",
    cases: () => eachVariable({ id: "x" }, ["id"], idValues(randomUuid())),
  },
  updateProduct: {
    token: () => f.admin.token,
    query: "mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id } }",
    cases: () => {
      // A product no one has: each bad field is refused before the lookup, a good one by it.
      const v = { id: randomUuid(), input: { name: "Hostile rename" } };
      return [
        { label: "input missing", variables: { id: v.id } },
        { label: "input a string", variables: { id: v.id, input: "name" } },
        ...eachVariable(v, ["id"], idValues(randomUuid())),
        ...eachVariable(v, ["input", "name"], ["", "   ", ...WRONG_TYPES, ...CONTROL, ...tooLong(20)]),
        ...eachVariable(v, ["input", "availableQuantity"], [-1, 1.5, "5", 2 ** 31, 10_000_001, true, []]),
        ...eachVariable(v, ["input", "price"], [-0.01, 1.234, "9.99", 1e308, 1_000_000.01, true, []]),
        ...eachVariable(v, ["input", "minQuantity"], [-3, 0.5, "2", true]),
        ...eachVariable(v, ["input", "img"], ["javascript:alert(1)", "ftp://example.com/a.png", ...SQL, 123, {}]),
        ...eachVariable(v, ["input", "description"], [...CONTROL, ...tooLong(2000)]),
        { label: "an unknown input field", variables: { id: v.id, input: { ...v.input, paid: true } } },
      ];
    },
  },
  deleteProduct: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { deleteProduct(id: $id) { deletedId } }",
    cases: () => eachVariable({ id: "x" }, ["id"], idValues(randomUuid())),
  },
  addReview: {
    token: () => f.customer.token,
    query: "mutation($input: AddReviewInput!) { addReview(input: $input) { id } }",
    cases: () => {
      const v = { input: { name: "Hostile", ratings: 5, description: "Fine", img: "https://example.com/r.png" } };
      return [
        ...eachVariable(v, ["input", "name"], requiredText(80)),
        ...eachVariable(v, ["input", "ratings"], RATINGS),
        ...eachVariable(v, ["input", "description"], requiredText(2000)),
        ...eachVariable(v, ["input", "img"], URLS),
        ...eachVariable(
          v,
          ["input", "partId"],
          [...hostileIds(f.foreignOrderId).map((id) => id.value), ...WRONG_TYPES],
        ),
      ];
    },
  },
  placeOrder: {
    token: () => f.customer.token,
    query: "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }",
    cases: () => {
      const v = { input: { partId: f.partId, quantity: 2, address: "1 Main St", phone: "0123456789" } };
      return [
        ...eachVariable(v, ["input", "quantity"], [...QUANTITIES, 1, 6]),
        ...eachVariable(v, ["input", "partId"], idValues(randomUuid())),
        ...eachVariable(v, ["input", "address"], requiredText(300)),
        ...eachVariable(v, ["input", "phone"], PHONES),
      ];
    },
  },
  cancelOrder: {
    token: () => f.customer.token,
    query: "mutation($id: ID!) { cancelOrder(id: $id) { id } }",
    cases: () => eachVariable({ id: "x" }, ["id"], idValues(f.foreignOrderId)),
  },
  adminCancelOrder: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { adminCancelOrder(id: $id) { id } }",
    cases: () => eachVariable({ id: "x" }, ["id"], idValues(randomUuid())),
  },
  createPaymentIntent: {
    token: () => f.customer.token,
    query:
      "mutation($orderId: ID!, $price: Float) { createPaymentIntent(orderId: $orderId, price: $price) { clientSecret } }",
    cases: () => [
      ...eachVariable({ orderId: f.orderId, price: 123456.78 }, ["orderId"], idValues(f.foreignOrderId)),
      ...eachVariable({ orderId: f.orderId, price: 123456.78 }, ["price"], ["12", true, [], {}, -1, 0, 1e308]),
    ],
  },
  confirmOrderPayment: {
    token: () => f.customer.token,
    query:
      "mutation($orderId: ID!, $transactionId: String!) { confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) { id } }",
    cases: () => [
      ...eachVariable(
        { orderId: f.orderId, transactionId: "pi_does_not_exist" },
        ["orderId"],
        idValues(f.foreignOrderId),
      ),
      ...eachVariable(
        { orderId: f.orderId, transactionId: "pi_does_not_exist" },
        ["transactionId"],
        [MISSING, null, "", "   ", "pi_does_not_exist", ...SQL, ...CONTROL, "p".repeat(256), ...WRONG_TYPES],
      ),
    ],
  },
  // The part has 5 units and a minimum order of 2: every quantity below is out of its bounds or ill-typed.
  addToCart: {
    token: () => f.customer.token,
    query: "mutation($line: CartLineInput!) { addToCart(line: $line) { lineCount } }",
    cases: () => [
      { label: "line missing", variables: {} },
      ...eachVariable({ line: { partId: f.partId, quantity: 2 } }, ["line", "quantity"], [...QUANTITIES, 6]),
      ...eachVariable({ line: { partId: f.partId, quantity: 2 } }, ["line", "partId"], idValues(randomUuid())),
    ],
  },
  setCartQuantity: {
    token: () => f.customer.token,
    query: "mutation($line: CartLineInput!) { setCartQuantity(line: $line) { lineCount } }",
    cases: () => [
      ...eachVariable({ line: { partId: f.partId, quantity: 2 } }, ["line", "quantity"], [...QUANTITIES, 1, 6]),
      ...eachVariable({ line: { partId: f.partId, quantity: 2 } }, ["line", "partId"], idValues(randomUuid())),
    ],
  },
  // A well-formed id of a part not in the cart changes nothing and answers the cart: only ids that cannot name a part here.
  removeFromCart: {
    token: () => f.customer.token,
    query: "mutation($partId: ID!) { removeFromCart(partId: $partId) { lineCount } }",
    cases: () =>
      eachVariable(
        { partId: "x" },
        ["partId"],
        [
          MISSING,
          null,
          "",
          "   ",
          "nope",
          "x".repeat(5000),
          ...SQL,
          globalId("Order", randomUuid()),
          1.5,
          true,
          [],
          {},
        ],
      ),
  },
  // Unknown parts are left out of a merge (a browser's cart may name a part deleted since): only ill-formed lines here.
  mergeCart: {
    token: () => f.customer.token,
    query: "mutation($lines: [CartLineInput!]!) { mergeCart(lines: $lines) { lineCount } }",
    cases: () => {
      const v = { lines: [{ partId: f.partId, quantity: 2 }] };
      return [
        ...eachVariable(
          v,
          ["lines"],
          [MISSING, null, "x", 5, [null], [{}], Array.from({ length: 51 }, () => ({ partId: f.partId, quantity: 2 }))],
        ),
        ...eachVariable(v, ["lines", "0", "quantity"], QUANTITIES),
        ...eachVariable(v, ["lines", "0", "partId"], [MISSING, null, "", "   ", "x".repeat(5000), 1.5, true, [], {}]),
      ];
    },
  },
  // A US address, so that a region outside the states' list is refused too.
  addAddress: {
    token: () => f.customer.token,
    query: "mutation($input: AddressInput!) { addAddress(input: $input) { address { id } } }",
    cases: () => addressCases({ input: HOSTILE_BASE_ADDRESS }),
  },
  updateAddress: {
    token: () => f.customer.token,
    query: "mutation($id: ID!, $input: AddressInput!) { updateAddress(id: $id, input: $input) { address { id } } }",
    cases: () => [
      ...eachVariable({ id: f.addressId, input: HOSTILE_BASE_ADDRESS }, ["id"], idValues(f.foreignAddressId)),
      ...addressCases({ id: f.addressId, input: HOSTILE_BASE_ADDRESS }),
    ],
  },
  removeAddress: {
    token: () => f.customer.token,
    query: "mutation($id: ID!) { removeAddress(id: $id) { removedId } }",
    cases: () => eachVariable({ id: f.addressId }, ["id"], idValues(f.foreignAddressId)),
  },
  setDefaultAddress: {
    token: () => f.customer.token,
    query: "mutation($id: ID!) { setDefaultAddress(id: $id) { address { id } } }",
    cases: () => eachVariable({ id: f.addressId }, ["id"], idValues(f.foreignAddressId)),
  },
  placeCheckout: {
    token: () => f.customer.token,
    query: "mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { id } }",
    cases: () => {
      const v = {
        input: {
          lines: [{ partId: f.partId, quantity: 2 }],
          shipTo: { address: HOSTILE_BASE_ADDRESS },
          shippingMethodId: f.usStandardMethodId,
        },
      };
      return [
        { label: "input missing", variables: {} },
        ...eachVariable(
          v,
          ["input", "lines"],
          [MISSING, null, [], "x", [null], [{}], Array.from({ length: 51 }, () => ({ partId: f.partId, quantity: 2 }))],
        ),
        ...eachVariable(
          v,
          ["input", "lines"],
          [
            [
              { partId: f.partId, quantity: 2 },
              { partId: f.partId, quantity: 2 },
            ],
          ],
        ),
        ...eachVariable(v, ["input", "lines", "0", "quantity"], [...QUANTITIES, 1, 6]),
        ...eachVariable(v, ["input", "lines", "0", "partId"], idValues(randomUuid())),
        ...deliveryCases(v),
        // The free-text fields of old clients are ignored, but still typed and bounded.
        ...eachVariable(v, ["input", "address"], [...WRONG_TYPES, "z".repeat(90_000)]),
        ...eachVariable(v, ["input", "phone"], [...WRONG_TYPES, "z".repeat(90_000)]),
      ];
    },
  },
  recordShipment: {
    token: () => f.admin.token,
    query: "mutation($input: RecordShipmentInput!) { recordShipment(input: $input) { id } }",
    cases: () => {
      const [first, second] = f.paidLineIds;
      const v = {
        input: {
          orderId: first,
          lines: [
            { orderId: first, quantity: 2 },
            { orderId: second, quantity: 1 },
          ],
          carrier: "ups",
          trackingNumber: "1Z999AA10123456784",
        },
      };
      return [
        { label: "input missing", variables: {} },
        ...eachVariable(v, ["input", "orderId"], idValues(f.foreignPaidLineId)),
        ...eachVariable(
          v,
          ["input", "carrier"],
          [MISSING, null, "", "pigeon", "u p s", ...WRONG_TYPES, ...tooLong(40)],
        ),
        ...eachVariable(
          v,
          ["input", "trackingNumber"],
          [MISSING, null, "", "1Z9", "1Z/999", ...WRONG_TYPES, ...tooLong(40)],
        ),
        ...eachVariable(
          v,
          ["input", "lines"],
          [
            [],
            "all",
            [{ orderId: first }],
            [
              { orderId: first, quantity: 1 },
              { orderId: first, quantity: 1 },
            ],
          ],
        ),
        ...eachVariable(v, ["input", "lines", "0", "quantity"], [MISSING, null, 0, -1, 1.5, "2", 3, 2 ** 31, true]),
        ...eachVariable(v, ["input", "lines", "1", "orderId"], [...idValues(f.foreignPaidLineId), f.orderId]),
      ];
    },
  },
  markShipmentDelivered: {
    token: () => f.admin.token,
    query: "mutation($input: MarkShipmentDeliveredInput!) { markShipmentDelivered(input: $input) { id } }",
    cases: () => {
      const v = { input: { shipmentId: f.shipmentId, deliveredAt: new Date(Date.now() - 1000).toISOString() } };
      return [
        { label: "input missing", variables: {} },
        ...eachVariable(v, ["input", "shipmentId"], idValues(f.foreignPaidLineId)),
        ...eachVariable(
          v,
          ["input", "deliveredAt"],
          ["2999-01-01T00:00:00Z", "2000-01-01T00:00:00Z", "yesterday", "2026-13-45T00:00:00Z", ...WRONG_TYPES],
        ),
      ];
    },
  },
  chooseOrderDelivery: {
    token: () => f.customer.token,
    query: "mutation($input: ChooseOrderDeliveryInput!) { chooseOrderDelivery(input: $input) { id } }",
    cases: () => {
      const v = {
        input: {
          orderId: f.orderId,
          shipTo: { address: HOSTILE_BASE_ADDRESS },
          shippingMethodId: f.usStandardMethodId,
        },
      };
      return [
        { label: "input missing", variables: {} },
        ...eachVariable(v, ["input", "orderId"], [...idValues(f.foreignOrderId), f.checkoutOrderId]),
        ...deliveryCases(v),
      ];
    },
  },
  createCheckoutPaymentIntent: {
    token: () => f.customer.token,
    query: "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
    cases: () => eachVariable({ checkoutId: "x" }, ["checkoutId"], idValues(f.foreignCheckoutId)),
  },
  confirmCheckoutPayment: {
    token: () => f.customer.token,
    query:
      "mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { id } }",
    cases: () => [
      ...eachVariable(
        { checkoutId: f.checkoutId, transactionId: "pi_does_not_exist" },
        ["checkoutId"],
        idValues(f.foreignCheckoutId),
      ),
      ...eachVariable(
        { checkoutId: f.checkoutId, transactionId: "pi_does_not_exist" },
        ["transactionId"],
        [MISSING, null, "", "   ", "pi_does_not_exist", ...SQL, ...CONTROL, "p".repeat(256), ...WRONG_TYPES],
      ),
    ],
  },
  signIn: {
    token: () => undefined,
    query: "mutation($idToken: String!) { signIn(idToken: $idToken) { token } }",
    cases: () =>
      eachVariable(
        { idToken: "x" },
        ["idToken"],
        [MISSING, null, "", "   ", "garbage", "x".repeat(9000), f.customer.token, ...SQL, ...CONTROL, ...WRONG_TYPES],
      ),
  },
  demoteAdmin: {
    token: () => f.admin.token,
    query: "mutation($email: String!) { demoteAdmin(email: $email) { id } }",
    // The admin's own address too: refused (not oneself), nothing changes.
    cases: () => eachVariable({ email: "x" }, ["email"], [...EMAILS, "unknown-user@example.com", f.admin.email]),
  },
  refundOrder: {
    token: () => f.admin.token,
    query: "mutation($id: ID!) { refundOrder(id: $id) { id } }",
    cases: () => eachVariable({ id: "x" }, ["id"], idValues(randomUuid())),
  },
  // No arguments: a visitor's sign-out is refused and changes nothing.
  signOut: {
    token: () => undefined,
    query: "mutation { signOut }",
    cases: () => [{ label: "signed out", variables: {} }],
  },
  importParts: {
    token: () => f.admin.token,
    query:
      "mutation($csv: String!, $dryRun: Boolean!, $fileName: String!) { importParts(csv: $csv, dryRun: $dryRun, fileName: $fileName) { created } }",
    cases: () =>
      eachVariable(
        {
          csv: "part_number,name,price,stock,min_order_quantity\nHOSTILE-7,x,1,1,1\n",
          dryRun: false,
          fileName: "a.csv",
        },
        ["csv"],
        [
          MISSING,
          null,
          "",
          "name,price\nx,1\n",
          "part_number,part_number\nA,B\n",
          '"unclosed,quote\n',
          "x".repeat(100_000),
          ...WRONG_TYPES,
        ],
      ),
  },
  makeAdmin: {
    token: () => f.admin.token,
    query: "mutation($email: String!) { makeAdmin(email: $email) { id } }",
    cases: () => eachVariable({ email: "x" }, ["email"], [...EMAILS, "unknown-user@example.com"]),
  },
  updateProfile: {
    token: () => f.customer.token,
    query: "mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { userEmail } }",
    cases: () => {
      const v = {
        input: {
          userName: "Hostile",
          education: "BSc",
          address: "1 Main St",
          phone: "0123456789",
          linkedin: "https://linkedin.com/in/x",
        },
      };
      return [
        ...eachVariable(v, ["input", "education"], requiredText(200)),
        ...eachVariable(v, ["input", "address"], requiredText(300)),
        ...eachVariable(v, ["input", "phone"], [...PHONES, 123456]),
        ...eachVariable(v, ["input", "linkedin"], URLS),
        ...eachVariable(v, ["input", "userName"], optionalText(80)),
      ];
    },
  },
  subscribeNewsletter: {
    token: () => undefined,
    query: "mutation($email: String!) { subscribeNewsletter(email: $email) { subscribed } }",
    cases: () => eachVariable({ email: "x" }, ["email"], EMAILS),
  },
};

/** Requests to /graphql itself that must be refused before any mutation runs. */
const GRAPHQL_HTTP_PROBES = (): Probe[] => {
  const base = { method: "POST", path: "/graphql", token: f.customer.token };
  return [
    ...malformedBodies(base),
    { ...base, label: "query not a string", json: { query: 123 } },
    { ...base, label: "an empty query", json: { query: "" } },
    { ...base, label: "a syntax error", json: { query: "mutation { placeOrder(" } },
    {
      ...base,
      label: "variables not an object",
      json: { query: "mutation($id: ID!) { cancelOrder(id: $id) { id } }", variables: "x" },
    },
    { ...base, label: "a missing argument", json: { query: "mutation { cancelOrder { id } }" } },
    { ...base, label: "an unknown operation name", json: { query: "mutation A { __typename }", operationName: "B" } },
    {
      ...base,
      label: "two operations, none named",
      json: { query: "mutation A { __typename } mutation B { __typename }" },
    },
    { ...base, label: "a SQL string as the query", json: { query: SQL[1] } },
    { ...base, label: "a NUL in the query", json: { query: 'mutation { cancelOrder(id: "\u0000") { id } }' } },
    {
      ...base,
      label: "a batch of mutations",
      raw: JSON.stringify([{ query: 'mutation { subscribeNewsletter(email: "batch@example.com") { subscribed } }' }]),
    },
    {
      ...base,
      label: "a mutation as text/plain (CSRF)",
      raw: JSON.stringify({ query: 'mutation { subscribeNewsletter(email: "csrf@example.com") { subscribed } }' }),
      headers: { "content-type": "text/plain" },
    },
    {
      ...base,
      label: "a 5,000-deep list argument",
      json: { query: `mutation { cancelOrder(id: ${"[".repeat(5000)}1${"]".repeat(5000)}) { id } }` },
    },
    {
      method: "GET",
      path: `/graphql?query=${encodeURIComponent('mutation { subscribeNewsletter(email: "get@example.com") { subscribed } }')}`,
      label: "a mutation over GET",
      headers: { "apollo-require-preflight": "1" },
    },
  ];
};

async function send(probe: Probe): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = { accept: "application/json", ...probe.headers };
  if (probe.authorization !== undefined) headers.authorization = probe.authorization;
  else if (probe.token) headers.authorization = `Bearer ${probe.token}`;
  let body: string | Buffer | undefined;
  if (probe.raw !== undefined) body = probe.raw;
  else if (probe.json !== undefined) body = JSON.stringify(probe.json);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  let response: Response;
  try {
    response = await fetch(shop().url + probe.path, { method: probe.method, headers, body });
  } catch (error) {
    return { status: 0, body: null, text: `no answer: ${error}` };
  }
  const text = await response.text();
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, text };
}

/** The server's last line of defence (src/errors.ts): a value the database refused. Input validation must refuse such values first. */
const REACHED_THE_DATABASE = /cannot be stored/;

/** What is wrong with an answer to a hostile request, or null when it is a clear refusal. */
function restProblem(answer: { status: number; body: any; text: string }): string | null {
  if (answer.status < 400 || answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 200)}`;
  const message = answer.body?.error ?? answer.body?.errors?.[0]?.message;
  if (typeof message !== "string" || message.trim() === "") return `no message: ${answer.text.slice(0, 200)}`;
  if (REACHED_THE_DATABASE.test(message)) return `validation let it through to the database: ${message}`;
  return null;
}

function graphqlProblem(answer: { status: number; body: any; text: string }, field?: string): string | null {
  if (answer.status >= 500 || answer.status === 0) return `status ${answer.status}: ${answer.text.slice(0, 200)}`;
  const error = answer.body?.errors?.[0];
  if (!error) return `no error: ${answer.text.slice(0, 200)}`;
  const code = error.extensions?.code;
  if (typeof code !== "string" || code === "INTERNAL_SERVER_ERROR") return `code ${code}: ${error.message}`;
  if (typeof error.message !== "string" || !error.message.trim()) return "no message";
  if (REACHED_THE_DATABASE.test(error.message)) return `validation let it through to the database: ${error.message}`;
  if (field && answer.body.data?.[field] != null) return `the mutation answered data: ${answer.text.slice(0, 200)}`;
  return null;
}

beforeAll(async () => {
  const [customer, other, admin] = await Promise.all([newPerson("hostile"), newPerson("bystander"), adminPerson()]);
  const partId = await insertPart({ available: 5, minOrderQuantity: 2 });
  const place = async (who: Person) => {
    const placed = await rest("POST", "/order", {
      token: who.token,
      body: orderBody(await insertPart({ available: 5 }), 1),
    });
    if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
    return placed.body.insertedId as string;
  };
  const checkOut = async (who: Person) => {
    const placed = await gql(
      "mutation($input: PlaceCheckoutInput!) { placeCheckout(input: $input) { databaseId } }",
      {
        input: {
          lines: [{ partId: await insertPart({ available: 5 }), quantity: 1 }],
          ...(await collectedInOregon()),
        },
      },
      who.token,
    );
    if (placed.body.errors) throw new Error(JSON.stringify(placed.body.errors));
    return placed.body.data.placeCheckout.databaseId as string;
  };
  const addAddress = async (who: Person) => {
    const added = await gql(
      "mutation($input: AddressInput!) { addAddress(input: $input) { address { databaseId } } }",
      { input: HOSTILE_BASE_ADDRESS },
      who.token,
    );
    if (added.body.errors) throw new Error(JSON.stringify(added.body.errors));
    return added.body.data.addAddress.address.databaseId as string;
  };
  f = {
    customer,
    other,
    admin,
    partId,
    partImageId: await withDatabase(
      async (client) => (await client.query(`SELECT id FROM part_images WHERE part_id = $1`, [partId])).rows[0].id,
    ),
    orderId: await place(customer),
    foreignOrderId: await place(other),
    checkoutId: await checkOut(customer),
    foreignCheckoutId: await checkOut(other),
    addressId: await addAddress(customer),
    foreignAddressId: await addAddress(other),
    ...(await freshShippingZone().then(({ zoneId, methodId }) => ({
      shippingZoneId: zoneId,
      shippingMethodId: methodId,
    }))),
    taxZoneId: await freshTaxZone(),
    freeCountry: (await freeCountries(1))[0],
    freeTaxCountry: (await freeCountries(1, "tax"))[0],
    usStandardMethodId: await usMethodId("standard"),
    checkoutOrderId: "",
    paidLineIds: await paidCheckout(customer.token, [2, 1]),
    foreignPaidLineId: (await paidCheckout(other.token, [1]))[0],
    shipmentId: "",
  };
  const shipped = await gql(
    "mutation($input: RecordShipmentInput!) { recordShipment(input: $input) { databaseId } }",
    { input: { orderId: (await paidCheckout(customer.token, [1]))[0], carrier: "ups", trackingNumber: "1Z999AA1" } },
    admin.token,
  );
  if (shipped.body.errors) throw new Error(JSON.stringify(shipped.body.errors));
  f.shipmentId = shipped.body.data.recordShipment.databaseId;
  f.checkoutOrderId = await withDatabase(
    async (client) =>
      (await client.query(`SELECT id FROM orders WHERE checkout_id = $1`, [f.checkoutId])).rows[0].id as string,
  );
});

describe("hostile input", () => {
  it("the corpus covers every write route and every mutation of the server", async () => {
    const writes = (await restRoutes())
      .filter((route) => route.method !== "GET")
      .map(routeKey)
      .sort();
    expect(Object.keys(REST_CORPUS).sort()).toEqual(writes);
    const { mutation } = await graphqlRootFields();
    expect(Object.keys(MUTATION_CORPUS).sort()).toEqual([...mutation].sort());
  });

  it("every hostile request is refused with a 4xx and a message (GraphQL: an error code), and the data is unchanged", async () => {
    const before = await dumpDatabase();
    const imagesBefore = await storedImages();
    const problems: string[] = [];
    let sent = 0;

    for (const [route, probes] of Object.entries(REST_CORPUS)) {
      for (const probe of probes()) {
        sent++;
        const problem = restProblem(await send(probe));
        if (problem) problems.push(`${route} [${probe.label}]: ${problem}`);
      }
    }
    for (const result of await uploadProbes()) {
      sent++;
      const problem = restProblem({ ...result, text: JSON.stringify(result.body) });
      if (problem || result.body?.success !== false)
        problems.push(`POST /upload [${result.label}]: ${problem ?? "no success:false"}`);
    }
    for (const probe of GRAPHQL_HTTP_PROBES()) {
      sent++;
      const problem = graphqlProblem(await send(probe));
      if (problem) problems.push(`/graphql [${probe.label}]: ${problem}`);
    }
    for (const [field, corpus] of Object.entries(MUTATION_CORPUS)) {
      for (const { label, variables } of corpus.cases()) {
        sent++;
        const problem = graphqlProblem(
          await gql(corpus.query, variables, corpus.token()).then((a) => ({ ...a, text: JSON.stringify(a.body) })),
          field,
        );
        if (problem) problems.push(`mutation ${field} [${label}]: ${problem}`);
      }
    }

    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(700);
    const after = await dumpDatabase();
    for (const table of Object.keys(before)) expect(after[table], `table ${table} changed`).toEqual(before[table]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(await storedImages()).toEqual(imagesBefore);
  });

  it("a path part longer than any id or email is 414 with a message that says so; an email of 254 characters is read", async () => {
    const long = await rest("GET", `/order/${"a".repeat(400)}`, { token: f.customer.token });
    expect(long.status).toBe(414);
    expect(long.body).toEqual({
      error: "A part of the address is longer than 320 characters: no id or email is that long",
    });
    const longest = `${"x".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(57)}.com`;
    expect(longest).toHaveLength(254);
    expect((await rest("GET", `/admin/${longest}`, { token: f.admin.token })).body).toEqual({ admin: false });
  });

  it("the server is still healthy after the corpus", async () => {
    expect((await rest("GET", "/healthz")).status).toBe(200);
    const placed = await rest("POST", "/order", { token: f.customer.token, body: orderBody(f.partId, 2) });
    expect(placed.status).toBe(201);
  });
});

describe("valid text in any script", () => {
  const SCRIPTS = [
    "Zoë Saldaña, café crème",
    "東京都渋谷区神南1-2-3",
    "Привет, мир",
    "مرحبا بالعالم",
    "שלום עולם",
    "हिन्दी पाठ",
    "ภาษาไทย",
    "한국어 텍스트",
    "👩‍👩‍👧‍👦 🏳️‍🌈 🚀 ❤️",
    "e\u0301 (a combining accent, not normalised)",
    "Robert'); DROP TABLE reviews; --",
    "<script>alert('x')</script> & \"quotes\"",
    "line one\nline two\ttabbed",
  ];

  it("is stored and returned exactly, over REST and GraphQL, and in the database", async () => {
    const customer = await newPerson("unicode");
    const admin = await adminPerson();
    for (const text of SCRIPTS) {
      const name = [...text].slice(0, 80).join("");
      const added = await rest("POST", "/review", {
        token: customer.token,
        body: { name, ratings: 5, description: text, img: "https://example.com/ü.png" },
      });
      expect(added.status, text).toBe(201);
      const stored = await withDatabase(
        async (client) =>
          (await client.query("SELECT name, description FROM reviews WHERE id = $1", [added.body.insertedId])).rows[0],
      );
      expect(stored).toEqual({ name, description: text });
      const viaRest = (await rest("GET", "/review")).body.find((review: any) => review._id === added.body.insertedId);
      expect(viaRest).toMatchObject({ name, description: text });
      const viaGraphQL = await gql("query($id: ID!) { node(id: $id) { ... on Review { name description } } }", {
        id: globalId("Review", added.body.insertedId),
      });
      expect(viaGraphQL.body.data.node).toEqual({ name, description: text });
    }

    const address = "ул. Тверская, 7 — 東京都 — 🏠";
    const placed = await rest("POST", "/order", {
      token: customer.token,
      body: orderBody(await insertPart({ available: 3 }), 1, { address }),
    });
    expect((await rest("GET", `/order/${placed.body.insertedId}`, { token: customer.token })).body.address).toBe(
      address,
    );

    const profile = {
      userName: "Ærøskøbing Ōsaka 🌸",
      education: "Université de Montréal — 東京大学",
      address: "Straße 5, 8010 Graz 🇦🇹",
      phone: "+43123456",
      linkedin: "https://linkedin.com/in/zoë",
    };
    expect(
      (await rest("PUT", `/profileUpdate/${customer.email}`, { token: customer.token, body: profile })).status,
    ).toBe(200);
    const viewer = await gql(
      "{ viewer { profile { userName education address phone linkedin } } }",
      {},
      customer.token,
    );
    expect(viewer.body.data.viewer.profile).toEqual(profile);

    const product = await gql(
      "mutation($input: AddProductInput!) { addProduct(input: $input) { databaseId name description } }",
      {
        input: { name: "Café ☕ 東京 🚀", description: SCRIPTS.join(" | ") },
      },
      admin.token,
    );
    expect(product.body.data.addProduct).toMatchObject({ name: "Café ☕ 東京 🚀", description: SCRIPTS.join(" | ") });
    expect(
      (await rest("GET", "/product")).body.find((p: any) => p._id === product.body.data.addProduct.databaseId).name,
    ).toBe("Café ☕ 東京 🚀");
  });

  it("maximum lengths count characters as the database does: 80 emoji fit a name, 81 are refused with a message", async () => {
    const customer = await newPerson("lengths");
    const review = (name: string) =>
      rest("POST", "/review", {
        token: customer.token,
        body: { name, ratings: 4, description: "d", img: "https://example.com/x.png" },
      });
    for (const name of ["😀".repeat(80), "❤️".repeat(40), "e\u0301".repeat(40), "x".repeat(80)]) {
      const answer = await review(name);
      expect(answer.status, name).toBe(201);
      const stored = await withDatabase(
        async (client) =>
          (await client.query("SELECT name FROM reviews WHERE id = $1", [answer.body.insertedId])).rows[0].name,
      );
      expect(stored).toBe(name);
    }
    for (const name of ["😀".repeat(81), "❤️".repeat(41), "❤️".repeat(80), "e\u0301".repeat(41), "x".repeat(81)]) {
      const answer = await review(name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error).toBe("Name must be at most 80 characters");
    }
  });
});
