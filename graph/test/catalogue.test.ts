import { describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, rest, seededAdmin, uniqueEmail } from "./support/client";

describe("parts", () => {
  it("GET /parts lists the seeded catalogue in the spec's shape with prices in dollars", async () => {
    const answer = await rest("GET", "/parts");
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body.length).toBeGreaterThanOrEqual(12);
    const [first] = answer.body;
    expect(Object.keys(first).sort()).toEqual([
      "_id",
      "available",
      "img",
      "min_order_quantity",
      "name",
      "price",
      "short_desc",
    ]);
    expect(first.price).toBe(49.99);
    expect(first.min_order_quantity).toBe(10);
    expect(first.img).toMatch(/^\/images\/parts\/.+\.svg$/);
  });

  it("serves the seed images from the repository", async () => {
    const { body } = await rest("GET", "/parts");
    const response = await fetch(`${(await import("./support/client")).shop().url}${body[0].img}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/image\/svg\+xml/);
  });

  it("GET /parts/{id} answers one part; unknown and malformed ids are 404", async () => {
    const { body: parts } = await rest("GET", "/parts");
    const one = await rest("GET", `/parts/${parts[1]._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(parts[1]);
    expect((await rest("GET", "/parts/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const malformed = await rest("GET", "/parts/not-an-id'%20OR%201=1");
    expect(malformed.status).toBe(404);
    expect(malformed.body.error).toBe("Part not found");
  });

  it("a browser asking for /parts/{id} as a page gets the web app, an API client gets JSON", async () => {
    const { body: parts } = await rest("GET", "/parts");
    const page = await rest("GET", `/parts/${parts[0]._id}`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.body).toContain("Partshop test page");
    const json = await rest("GET", `/parts/${parts[0]._id}`, { headers: { accept: "*/*" } });
    expect(json.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("an unknown path answers JSON 404 to API clients and the web app to browsers", async () => {
    const answer = await rest("GET", "/no/such/route");
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/Cannot GET/);
    const page = await rest("GET", "/no/such/route", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Partshop test page");
  });
});

describe("products", () => {
  it("anyone lists products, newest first", async () => {
    const answer = await rest("GET", "/product");
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(answer.body[0]).sort()).toEqual([
      "_id",
      "available_quantity",
      "description",
      "img",
      "min_quantity",
      "name",
      "price",
    ]);
  });

  it("an admin adds a product and it lists first; the client may not set its id", async () => {
    const admin = await seededAdmin();
    const added = await rest("POST", "/product", {
      token: admin.token,
      body: {
        _id: "mine",
        name: "Partshop Flex 16",
        available_quantity: 40,
        price: 1299.5,
        img: "https://example.com/flex.png",
        min_quantity: 1,
        description: "A convertible",
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.acknowledged).toBe(true);
    expect(added.body.insertedId).not.toBe("mine");
    const list = await rest("GET", "/product");
    expect(list.body[0]).toMatchObject({
      _id: added.body.insertedId,
      name: "Partshop Flex 16",
      price: 1299.5,
      available_quantity: 40,
    });
  });

  it("a product needs a name of at most 20 characters; other fields are optional", async () => {
    const admin = await seededAdmin();
    for (const name of [undefined, "", "   "]) {
      const answer = await rest("POST", "/product", { token: admin.token, body: { name } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Name is required");
    }
    const long = await rest("POST", "/product", { token: admin.token, body: { name: "x".repeat(21) } });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Name must be at most 20 characters");
    const minimal = await rest("POST", "/product", { token: admin.token, body: { name: "x".repeat(20) } });
    expect(minimal.status).toBe(201);
    await rest("DELETE", `/product/${minimal.body.insertedId}`, { token: admin.token });
  });

  it("refuses wrong types instead of coercing them", async () => {
    const admin = await seededAdmin();
    const answer = await rest("POST", "/product", {
      token: admin.token,
      body: { name: "Typed", price: "12", available_quantity: "5" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/Available quantity must be a whole number/);
    expect(answer.body.error).toMatch(/Price must be an amount in dollars/);
  });

  it("only admins add or delete products: visitors 401, customers 403", async () => {
    const customer = await newCustomer();
    expect((await rest("POST", "/product", { body: { name: "Nope" } })).status).toBe(401);
    expect((await rest("POST", "/product", { token: customer.token, body: { name: "Nope" } })).status).toBe(403);
    const { body: products } = await rest("GET", "/product");
    expect((await rest("DELETE", `/product/${products[0]._id}`)).status).toBe(401);
    expect((await rest("DELETE", `/product/${products[0]._id}`, { token: customer.token })).status).toBe(403);
  });

  it("an admin deletes a product; deleting it again is 404", async () => {
    const admin = await seededAdmin();
    const added = await rest("POST", "/product", { token: admin.token, body: { name: "Short lived" } });
    const deleted = await rest("DELETE", `/product/${added.body.insertedId}`, { token: admin.token });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await rest("DELETE", `/product/${added.body.insertedId}`, { token: admin.token })).status).toBe(404);
    expect((await rest("DELETE", "/product/garbage", { token: admin.token })).status).toBe(404);
  });

  it("GraphQL deleteProduct answers the name for the 'Product: {name} is deleted.' toast", async () => {
    const admin = await seededAdmin();
    const added = await gql(
      'mutation { addProduct(input: { name: "Dock USB-C", price: 89.99 }) { id name price } }',
      {},
      admin.token,
    );
    expect(added.body.data.addProduct).toMatchObject({ name: "Dock USB-C", price: 89.99 });
    const deleted = await gql(
      "mutation($id: ID!) { deleteProduct(id: $id) { deletedId name } }",
      { id: added.body.data.addProduct.id },
      admin.token,
    );
    expect(deleted.body.data.deleteProduct).toEqual({ deletedId: added.body.data.addProduct.id, name: "Dock USB-C" });
  });
});

describe("reviews", () => {
  const review = {
    name: "Rosa Diaz",
    ratings: 5,
    description: "Fast shipping, exact fit.",
    img: "https://example.com/rosa.png",
  };

  it("anyone reads reviews; a signed-in customer adds one", async () => {
    const customer = await newCustomer();
    const added = await rest("POST", "/review", { token: customer.token, body: review });
    expect(added.status).toBe(201);
    expect(added.body.acknowledged).toBe(true);
    const list = await rest("GET", "/review");
    expect(list.body[0]).toEqual({ _id: added.body.insertedId, ...review });
  });

  it("a visitor cannot add a review (401)", async () => {
    expect((await rest("POST", "/review", { body: review })).status).toBe(401);
  });

  it("each missing field has its message, and ratings must be a whole number from 1 to 5", async () => {
    const customer = await newCustomer();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...review, name: "" }, "Name is Required"],
      [{ ...review, description: " " }, "Description is Required"],
      [{ ...review, img: undefined }, "Image is Required"],
      [{ ...review, img: "javascript:alert(1)" }, "Image must be an http(s) URL"],
      [{ ...review, ratings: 6 }, "Rating must be a whole number from 1 to 5"],
      [{ ...review, ratings: 0 }, "Rating must be a whole number from 1 to 5"],
      [{ ...review, ratings: 4.5 }, "Rating must be a whole number from 1 to 5"],
      [{ ...review, ratings: "5" }, "Rating must be a whole number from 1 to 5"],
    ];
    for (const [body, message] of cases) {
      const answer = await rest("POST", "/review", { token: customer.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe(message);
    }
  });

  it("stores text in any script exactly", async () => {
    const customer = await newCustomer();
    const text = "Très bien — 很好 — отлично 👍🏽";
    const added = await rest("POST", "/review", {
      token: customer.token,
      body: { ...review, name: "Zoë 李", description: text },
    });
    const list = await rest("GET", "/review");
    expect(list.body.find((r: any) => r._id === added.body.insertedId)).toMatchObject({
      name: "Zoë 李",
      description: text,
    });
  });
});

describe("newsletter", () => {
  it("subscribes an email once (201) and says so the second time (200)", async () => {
    const email = uniqueEmail("news");
    const first = await rest("POST", "/newsletter", { body: { email } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ subscribed: true });
    const again = await rest("POST", "/newsletter", { body: { email: email.toUpperCase() } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ subscribed: true, alreadySubscribed: true });
  });

  it("refuses an invalid email (400)", async () => {
    for (const email of ["not-an-email", "", 42]) {
      const answer = await rest("POST", "/newsletter", { body: { email } });
      expect(answer.status).toBe(400);
    }
  });

  it("works through the subscribeNewsletter mutation", async () => {
    const email = uniqueEmail("gqlnews");
    const answer = await gql(
      "mutation($e: String!) { subscribeNewsletter(email: $e) { subscribed alreadySubscribed } }",
      { e: email },
    );
    expect(answer.body.data.subscribeNewsletter).toEqual({ subscribed: true, alreadySubscribed: false });
    const invalid = await gql('mutation { subscribeNewsletter(email: "nope") { subscribed } }');
    expect(errorCode(invalid)).toBe("BAD_USER_INPUT");
    expect(invalid.body.errors[0].message).toBe("Provide a valid email address");
  });
});
