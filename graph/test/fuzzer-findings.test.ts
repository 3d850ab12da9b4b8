import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gql, newCustomer, rest, seededAdmin, shop } from "./support/client";
import { storedImages, TINY_PNG } from "./support/fixtures";

/** What the fuzzer found (graph/test/fuzz), kept as plain cases so they never come back. */
describe("inputs the fuzzer found reaching a 500", () => {
  it("a price written in exponent notation is judged by its value, not refused with a 500", async () => {
    const admin = await seededAdmin();
    const refused = await rest("POST", "/product", { token: admin.token, body: { name: "Tiny price", price: 1e-7 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Price must be an amount in dollars with at most two decimals");
    const mutation = "mutation($input: AddProductInput!) { addProduct(input: $input) { name price } }";
    expect(
      (await gql(mutation, { input: { name: "Tiny", price: 1.5e-3 } }, admin.token)).body.errors[0].extensions.code,
    ).toBe("BAD_USER_INPUT");
    // A denormal is zero cents, as close as any float gets: a price of $0.00.
    expect(
      (await gql(mutation, { input: { name: "Denormal", price: 3e-323 } }, admin.token)).body.data.addProduct.price,
    ).toBe(0);
    expect(
      (await gql(mutation, { input: { name: "Fine", price: 1.5e1 } }, admin.token)).body.data.addProduct.price,
    ).toBe(15);
  });

  it("a Host header that is no host is refused with a 400, on GraphQL too", async () => {
    const { port } = new URL(shop().url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/graphql?query=%7B__typename%7D",
          headers: { host: "a b", accept: "application/json" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(400);
  });

  it("errors graphql-js and Apollo raise about the request reach the client as what they are", async () => {
    const cases: Array<[object, string | RegExp]> = [
      [{ query: "subscription { __typename }" }, /not configured to execute subscription/],
      [
        { query: "{ __typename }", extensions: { persistedQuery: { version: 1, sha256Hash: "00" } } },
        /persistedQuery.sha256Hash is not the sha256 of `query`/,
      ],
      [{ extensions: { persistedQuery: { version: 2, sha256Hash: "00" } } }, "Unsupported persisted query version"],
      [
        { query: "query($first: Int) { parts(first: $first) { __typename } }", variables: { first: null } },
        /non-null type "Int!" must not be null/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await rest("POST", "/graphql", { body });
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.errors[0].message).toMatch(message);
      expect(["BAD_REQUEST", "BAD_USER_INPUT", "PERSISTED_QUERY_NOT_FOUND"]).toContain(
        answer.body.errors[0].extensions.code,
      );
    }
  });

  it("a correctly signed webhook that is not an event is refused with a 400", async () => {
    const secret = fs.readFileSync(path.join(shop().dataDir, "stripe-sandbox-webhook-secret"), "utf8").trim();
    for (const payload of [
      "null",
      JSON.stringify({ object: "event", id: "evt_1", type: "payment_intent.succeeded", data: "" }),
    ]) {
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
      const answer = await rest("POST", "/stripe/webhook", {
        rawBody: payload,
        headers: { "stripe-signature": `t=${timestamp},v1=${signature}` },
      });
      expect(answer.status, payload).toBe(400);
    }
  });

  it("only complete images are stored: an image header on a script, or an image cut short, is refused", async () => {
    const customer = await newCustomer("fuzz-images");
    const before = await storedImages();
    for (const file of [
      Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from("<script>alert(1)</script>")]),
      TINY_PNG.subarray(0, 8),
      TINY_PNG.subarray(0, TINY_PNG.length - 4),
    ]) {
      const form = new FormData();
      form.append("image", new Blob([file], { type: "image/png" }), "photo.png");
      const answer = await fetch(`${shop().url}/upload`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as any).error).toMatch(/not a complete PNG image/);
    }
    expect(await storedImages()).toEqual(before);
  });

  it("a GIF whose colour table runs past its end is refused at once, and the shop answers the next request", async () => {
    const customer = await newCustomer("fuzz-gif");
    // An image descriptor near the end declaring a local colour table of 768 bytes: walking it
    // read past the bytes and never ended, and the whole process stopped answering.
    const gif = Buffer.concat([
      Buffer.from("GIF89a", "latin1"),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x87]),
    ]);
    const form = new FormData();
    form.append("image", new Blob([gif], { type: "image/gif" }), "photo.gif");
    const answer = await fetch(`${shop().url}/upload`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${customer.token}` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as any).error).toMatch(/not a complete GIF image/);
    expect((await rest("GET", "/parts")).status).toBe(200);
  });

  it("a refused upload is answered after its body was read, so the client sees the answer, not a broken pipe", async () => {
    const { port } = new URL(shop().url);
    const boundary = "fuzzfinding";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const body = Buffer.concat([head, Buffer.alloc(3 * 1024 * 1024, 7), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const answer = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const request = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/upload",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length },
      });
      let sent = 0;
      request.on("response", (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
      });
      request.on("error", reject);
      // Slowly: the answer must still wait for the whole body.
      const next = () => {
        if (sent >= body.length) return void request.end();
        const chunk = body.subarray(sent, sent + 256 * 1024);
        request.write(chunk, () => {
          sent += chunk.length;
          setTimeout(next, 5);
        });
      };
      next();
    });
    expect(answer).toEqual({ status: 401, sent: body.length });
  });
});
