import { describe, expect, it } from "vitest";
import {
  Answer,
  errorCode,
  getRaw,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  withDatabase,
} from "./support/client";

// Answers served from memory report 0 SQL statements (x-sql-queries, on in the test shop).
const sqlOf = (answer: Answer) => Number(answer.headers.get("x-sql-queries"));

/**
 * Asks until an answer comes from memory (at most 3 times: a late webhook of another test file
 * may drop the caches in between) and returns it; fails if none does.
 */
async function fromMemory(ask: () => Promise<Answer>): Promise<Answer> {
  let answer = await ask();
  for (let attempt = 0; attempt < 3 && sqlOf(answer) !== 0; attempt++) answer = await ask();
  expect(sqlOf(answer), "a repeated read is answered from memory").toBe(0);
  return answer;
}

const MY_ORDERS =
  "query MyOrders { viewer { email role orders(first: 50) { edges { node { databaseId quantity address part { name available } } } } } }";
const MY_PROFILE = "query MyProfile { viewer { email profile { education } } }";

describe("signed-in reads answered from memory", () => {
  it("a repeated read of one's orders comes from memory, and an order placed through the shop shows at once", async () => {
    const customer = await newCustomer();
    const partId = await insertPart({ available: 10 });
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(partId, 2) })).status).toBe(201);
    const first = await gql(MY_ORDERS, {}, customer.token);
    expect(first.body.data.viewer.orders.edges).toHaveLength(1);
    const again = await fromMemory(() => gql(MY_ORDERS, {}, customer.token));
    expect(again.body).toEqual(first.body);

    const other = await insertPart({ available: 5 });
    expect((await rest("POST", "/order", { token: customer.token, body: orderBody(other, 1) })).status).toBe(201);
    const after = await gql(MY_ORDERS, {}, customer.token);
    expect(after.body.data.viewer.orders.edges).toHaveLength(2);
    // The first part's stock moved too: the answer was rebuilt, not replayed.
    expect(sqlOf(after)).toBeGreaterThan(0);
  });

  it("a change written outside the shop (psql) shows in the very next read", async () => {
    const customer = await newCustomer();
    const profile = {
      education: "BSc Electronics",
      address: "4 Mill Lane",
      phone: "441234567",
      linkedin: "https://linkedin.com/in/pat",
    };
    expect(
      (await rest("PUT", `/profileUpdate/${customer.email}`, { token: customer.token, body: profile })).status,
    ).toBe(200);
    await gql(MY_PROFILE, {}, customer.token);
    expect((await fromMemory(() => gql(MY_PROFILE, {}, customer.token))).body.data.viewer.profile.education).toBe(
      "BSc Electronics",
    );

    await withDatabase((db) =>
      db.query(
        "UPDATE profiles SET education = 'MSc Photonics' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
        [customer.email],
      ),
    );
    expect((await gql(MY_PROFILE, {}, customer.token)).body.data.viewer.profile.education).toBe("MSc Photonics");

    await fromMemory(() => gql(MY_ORDERS, {}, customer.token));
    await withDatabase((db) => db.query("UPDATE users SET role = 'admin' WHERE email = $1", [customer.email]));
    expect((await gql(MY_ORDERS, {}, customer.token)).body.data.viewer.role).toBe("ADMIN");
  });

  it("two customers sending the same query each get their own answer", async () => {
    const [ann, bob] = [await newCustomer("ann"), await newCustomer("bob")];
    const partId = await insertPart({ available: 10 });
    expect((await rest("POST", "/order", { token: ann.token, body: orderBody(partId, 3) })).status).toBe(201);
    await gql(MY_ORDERS, {}, ann.token);
    await fromMemory(() => gql(MY_ORDERS, {}, ann.token));

    const bobs = await gql(MY_ORDERS, {}, bob.token);
    expect(bobs.body.data.viewer).toMatchObject({ email: bob.email, orders: { edges: [] } });
    expect(sqlOf(bobs)).toBeGreaterThan(0);
    expect((await gql(MY_ORDERS)).body.data.viewer).toBeNull();
  });

  it("a token that does not verify never gets a remembered answer", async () => {
    const customer = await newCustomer();
    await gql(MY_ORDERS, {}, customer.token);
    await fromMemory(() => gql(MY_ORDERS, {}, customer.token));
    const [header, payload, signature] = customer.token.split(".");
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const answer = await gql(MY_ORDERS, {}, tampered);
    expect(errorCode(answer)).toBe("UNAUTHENTICATED");
    expect(answer.body.data?.viewer ?? null).toBeNull();
  });

  it("a deleted account is refused at once, whatever was remembered for it", async () => {
    const customer = await newCustomer();
    await gql(MY_PROFILE, {}, customer.token);
    await fromMemory(() => gql(MY_PROFILE, {}, customer.token));
    await withDatabase((db) => db.query("DELETE FROM users WHERE email = $1", [customer.email]));
    expect(errorCode(await gql(MY_PROFILE, {}, customer.token))).toBe("UNAUTHENTICATED");
  });

  it("reads that can show accounts created later (users) and mutations are never replayed", async () => {
    const admin = await seededAdmin();
    const users = "query { users(first: 100) { edges { node { email } } } }";
    for (let i = 0; i < 3; i++) expect(sqlOf(await gql(users, {}, admin.token))).toBeGreaterThan(0);
    const customer = await newCustomer();
    const subscribe =
      "mutation($email: String!) { subscribeNewsletter(email: $email) { subscribed alreadySubscribed } }";
    const answers = [
      await gql(subscribe, { email: customer.email }, customer.token),
      await gql(subscribe, { email: customer.email }, customer.token),
    ];
    expect(answers.map((answer) => answer.body.data.subscribeNewsletter)).toEqual([
      { subscribed: true, alreadySubscribed: false },
      { subscribed: true, alreadySubscribed: true },
    ]);
    expect(answers.map(sqlOf).every((count) => count > 0)).toBe(true);
  });
});

describe("catalogue reads answered from memory", () => {
  it("a repeated GET /parts comes from memory, and stock changed outside the shop shows in the very next one", async () => {
    const partId = await insertPart({ available: 7 });
    await rest("GET", "/parts");
    const cached = await fromMemory(() => rest("GET", "/parts"));
    expect(cached.body.find((part: any) => part._id === partId).available).toBe(7);
    await withDatabase((db) => db.query("UPDATE parts SET available = 6 WHERE id = $1", [partId]));
    const after = await rest("GET", "/parts");
    expect(after.body.find((part: any) => part._id === partId).available).toBe(6);
  });

  it("a GET revalidated with its ETag is 304 with no body, from memory or not; after a change it is 200 with a new ETag", async () => {
    const partId = await insertPart({ available: 5 });
    const parts = (headers: Record<string, string>) =>
      getRaw(`${shop().url}/parts`, { accept: "application/json", ...headers });
    // A Cookie keeps the answer cache out of it: the app answers.
    const uncached = { cookie: "session=test" };
    const first = await parts(uncached);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await parts({ ...uncached, "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect((await parts({ ...uncached, "if-none-match": 'W/"other"' })).status).toBe(200);
    // A client that asks for a fresh copy gets one.
    expect((await parts({ ...uncached, "if-none-match": etag, "cache-control": "no-cache" })).status).toBe(200);
    // The same from memory: the answer is kept the second time it is asked for.
    await parts({});
    await parts({});
    let remembered = await parts({ "if-none-match": etag });
    for (let attempt = 0; attempt < 3 && Number(remembered.headers["x-sql-queries"]) !== 0; attempt++)
      remembered = await parts({ "if-none-match": etag });
    expect(remembered.status).toBe(304);
    expect(Number(remembered.headers["x-sql-queries"])).toBe(0);
    await withDatabase((db) => db.query("UPDATE parts SET available = 4 WHERE id = $1", [partId]));
    const changed = await parts({ ...uncached, "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString("utf8")).find((part: any) => part._id === partId).available).toBe(4);
  });
});
