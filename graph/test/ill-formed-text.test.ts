import { describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, orderBody, insertPart, rest, withDatabase } from "./support/client";
import { dumpDatabase } from "./support/fixtures";

const LONE_SURROGATE = "a@b.co\ud800";
const subscriptions = (email: string) =>
  withDatabase(
    async (client) =>
      (await client.query("SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE email = $1", [email])).rows[0]
        .n as number,
  );

describe("ill-formed text is refused at the edge, naming the field", () => {
  it("an email with a lone surrogate is a 400 over REST and BAD_USER_INPUT over GraphQL, never a 500", async () => {
    const before = await dumpDatabase();
    const answer = await rest("POST", "/newsletter", { body: { email: LONE_SURROGATE } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("email contains an unpaired UTF-16 surrogate (not valid Unicode text)");

    const viaVariable = await gql("mutation($email: String!) { subscribeNewsletter(email: $email) { subscribed } }", {
      email: LONE_SURROGATE,
    });
    expect(viaVariable.status).toBe(400);
    expect(viaVariable.body.errors[0]).toMatchObject({
      message: "Variable $email contains an unpaired UTF-16 surrogate (not valid Unicode text)",
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await dumpDatabase()).toEqual(before);
  });

  it("control characters are refused in body fields, query parameters, path parameters, nested variables and literals", async () => {
    const customer = await newCustomer("controls");
    const part = await insertPart({ available: 5 });
    const before = await dumpDatabase();

    const body = await rest("POST", "/order", {
      token: customer.token,
      body: orderBody(part, 1, { address: "1 Main St\u0007" }),
    });
    expect(body.status).toBe(400);
    expect(body.body).toEqual({ success: false, error: "address contains a control character (U+0007)" });

    const query = await rest("GET", `/order?user=${encodeURIComponent(`${customer.email}\u0000`)}`, {
      token: customer.token,
    });
    expect(query.status).toBe(400);
    expect(query.body.error).toBe("?user contains a control character (U+0000)");

    const path = await rest("GET", `/admin/${encodeURIComponent(`${customer.email}\u001b`)}`, {
      token: customer.token,
    });
    expect(path.status).toBe(400);
    expect(path.body.error).toBe(":email contains a control character (U+001B)");

    const nested = await gql(
      "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }",
      { input: { partId: part, quantity: 1, address: "x\u009b", phone: "0123456789" } },
      customer.token,
    );
    expect(nested.body.errors[0]).toMatchObject({
      message: "Variable $input.address contains a control character (U+009B)",
      extensions: { code: "BAD_USER_INPUT" },
    });

    const literal = await gql(
      `mutation { placeOrder(input: { partId: "${part}", quantity: 1, address: "x\\u0000", phone: "0123456789" }) { id } }`,
      {},
      customer.token,
    );
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0].message).toBe("placeOrder(input.address:) contains a control character (U+0000)");
    expect(await dumpDatabase()).toEqual(before);
  });

  it("noncharacters, over-long strings and bad field names are refused too; tab and newlines are text", async () => {
    expect((await rest("POST", "/newsletter", { body: { email: "x@example.com", note: "\uffff" } })).body.error).toBe(
      "note contains a Unicode noncharacter (U+FFFF)",
    );
    expect(
      (await rest("POST", "/newsletter", { body: { email: "x@example.com", note: "n".repeat(10_001) } })).body.error,
    ).toBe("note is longer than 10000 characters");
    expect(
      (await rest("POST", "/newsletter", { body: { email: "x@example.com", ["k\ud800"]: 1 } })).body.error,
    ).toMatch(/^\(a field name\) contains an unpaired/);
    const customer = await newCustomer("multiline");
    const review = await rest("POST", "/review", {
      token: customer.token,
      body: { name: "Tab\tName", ratings: 5, description: "line one\nline two\r\n", img: "https://example.com/a.png" },
    });
    expect(review.status).toBe(201);
  });

  it("an email that identifies someone must be plain ASCII: look-alikes are refused, not stored", async () => {
    for (const lookAlike of ["\u0430dmin@example.com", "\uff41dmin@example.com"]) {
      const answer = await rest("POST", "/newsletter", { body: { email: lookAlike } });
      expect(answer.status, lookAlike).toBe(400);
      expect(answer.body.error).toMatch(/Email must be written in plain ASCII/);
      expect(
        errorCode(
          await gql("mutation($email: String!) { subscribeNewsletter(email: $email) { subscribed } }", {
            email: lookAlike,
          }),
        ),
      ).toBe("BAD_USER_INPUT");
      expect(await subscriptions(lookAlike)).toBe(0);
    }
  });
});
