import crypto from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DataSource } from "typeorm";
import { errorCode, getRaw, gql, newCustomer, rest, seededAdmin, shop, Shopper, withDatabase } from "./support/client";
import { GRAPH_DIR } from "./support/processes";

/*
 * The public storefront: every part and new arrival has a readable address
 * (/p/{slug}, /products/{slug}) whose page reads its data, reviews and related parts from the API;
 * search engines get robots.txt and a sitemap of every public page.
 */

let admin: Shopper;
beforeAll(async () => {
  admin = await seededAdmin();
});

const unique = (label: string) => `${label} ${crypto.randomBytes(3).toString("hex")}`;
const PART = "id databaseId name slug retired";

async function createPart(name: string, compatibleModels: string[] = []) {
  const answer = await gql(
    `mutation($input: CreatePartInput!) { createPart(input: $input) { ${PART} } }`,
    {
      input: {
        name,
        shortDesc: "A part of the storefront test",
        img: "/images/parts/dc-jack.svg",
        price: 19.5,
        available: 12,
        minOrderQuantity: 1,
        compatibleModels,
      },
    },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.createPart as { id: string; databaseId: string; name: string; slug: string };
}

const retirePart = (id: string) =>
  gql(`mutation($id: ID!) { retirePart(id: $id) { id retired } }`, { id }, admin.token);

async function sitemapPaths(): Promise<string[]> {
  const answer = await fetch(`${shop().url}/sitemap.xml`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const xml = await answer.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc.replace(shop().url, ""));
}

describe("public part and product addresses", () => {
  it("a part's slug is its name's words then its id, and the id in it finds the part with its reviews and the parts for the same laptops", async () => {
    const model = `Storefront Laptop ${crypto.randomBytes(3).toString("hex")}`;
    const suffix = crypto.randomBytes(3).toString("hex");
    const part = await createPart(`Ünïcode 15.6" Panel, ${suffix}`, [model]);
    const sibling = await createPart(unique("Sibling keyboard"), [model]);
    await createPart(unique("Stranger fan"), [`Other ${model}`]);
    expect(part.slug).toBe(`unicode-15-6-panel-${suffix}-${part.databaseId}`);

    const customer = await newCustomer("storefront-review");
    const review = { name: "Rosa Diaz", ratings: 4, description: "Fits exactly.", img: "https://example.com/rosa.png" };
    expect(
      (await rest("POST", "/review", { token: customer.token, body: { ...review, partId: part.databaseId } })).status,
    ).toBe(201);

    const id = part.slug.slice(-36);
    const answer = await gql(
      `query($id: ID!) { part(id: $id) { slug reviews(first: 5) { edges { node { name ratings description } } } relatedParts(first: 4) { databaseId slug } } }`,
      { id },
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.part.slug).toBe(part.slug);
    expect(answer.body.data.part.reviews.edges.map((edge: any) => edge.node)).toEqual([
      { name: review.name, ratings: review.ratings, description: review.description },
    ]);
    // Only the part that fits the same laptop; a retired one is no longer offered.
    expect(answer.body.data.part.relatedParts).toEqual([{ databaseId: sibling.databaseId, slug: sibling.slug }]);
    await retirePart(sibling.id);
    expect(
      (await gql(`query($id: ID!) { part(id: $id) { relatedParts { databaseId } } }`, { id })).body.data.part
        .relatedParts,
    ).toEqual([]);
  });

  it("asks for 1 to 12 related parts, and says so otherwise", async () => {
    const part = await createPart(unique("Bounded part"));
    const answer = await gql(`query($id: ID!) { part(id: $id) { relatedParts(first: 13) { id } } }`, { id: part.id });
    expect(errorCode(answer)).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(answer.body.errors)).toContain("first must be at most 12");
  });

  it("a new arrival has its own address and answers by id; an unknown one is NOT_FOUND", async () => {
    const productId = await withDatabase(
      async (client) =>
        (await client.query(`INSERT INTO products (name, price_cents) VALUES ('USB-C Dock 90W', 4500) RETURNING id`))
          .rows[0].id,
    );
    const answer = await gql(`query($id: ID!) { product(id: $id) { databaseId slug name price } }`, { id: productId });
    expect(answer.body.data.product).toEqual({
      databaseId: productId,
      slug: `usb-c-dock-90w-${productId}`,
      name: "USB-C Dock 90W",
      price: 45,
    });
    const unknown = await gql(`query($id: ID!) { product(id: $id) { id } }`, { id: crypto.randomUUID() });
    expect(errorCode(unknown)).toBe("NOT_FOUND");
  });
});

describe("public pages as the shop answers them", () => {
  const browser = (path: string) => getRaw(shop().url + path, { accept: "text/html,application/xhtml+xml" });
  const WEB_APP = "<title>Partshop test page</title>";

  it("a browser gets the web app at a part's own address, is moved there from other words, and reads 404 for an unknown part or an address without an id", async () => {
    const part = await createPart(unique("Status battery"));
    const own = await browser(`/p/${part.slug}`);
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(own.body.toString()).toContain(WEB_APP);

    const renamed = await browser(`/p/old-words-${part.databaseId}?from=share#reviews`);
    expect(renamed.status).toBe(301);
    expect(renamed.headers.location).toBe(`/p/${part.slug}`);

    for (const path of [`/p/status-battery-${crypto.randomUUID()}`, "/p/status-battery", "/products/nothing-here"]) {
      const unknown = await browser(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body.toString(), path).toContain(WEB_APP);
    }

    await retirePart(part.id);
    const retired = await browser(`/p/${part.slug}`);
    expect(retired.status).toBe(410);
    expect(retired.body.toString()).toContain(WEB_APP);
  });

  it("an API client gets the record's JSON at its page's address, and a message for an unknown one", async () => {
    const part = await createPart(unique("Json battery"));
    const answer = await rest("GET", `/p/${part.slug}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: part.databaseId, name: part.name, price: 19.5 });
    const unknown = await rest("GET", `/p/json-battery-${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^Nothing is sold at \/p\/json-battery-/);
    const productId = await withDatabase(
      async (client) =>
        (await client.query(`INSERT INTO products (name) VALUES ('Page dock') RETURNING id`)).rows[0].id,
    );
    const product = await browser(`/products/page-dock-${productId}`);
    expect(product.status).toBe(200);
  });
});

describe("what search engines read", () => {
  it("robots.txt keeps robots out of the dashboard, the private reserve page and the API, and names the sitemap", async () => {
    const answer = await fetch(`${shop().url}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await answer.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    const disallowed = lines
      .filter((line) => line.startsWith("Disallow: "))
      .map((line) => line.slice("Disallow: ".length));
    expect(disallowed).toEqual(
      expect.arrayContaining(["/dashboard", "/parts/", "/graphql", "/getOrders$", "/product$", "/order/", "/admin/"]),
    );
    // The public pages stay open: no rule is a prefix of them.
    for (const open of [
      "/",
      "/parts",
      "/p/lcd-panel-1",
      "/products/dock-1",
      "/blogs",
      "/portfolio",
      "/images/parts/dc-jack.svg",
    ]) {
      const blocking = disallowed.filter((rule) =>
        rule.endsWith("$") ? open === rule.slice(0, -1) : open.startsWith(rule),
      );
      expect(blocking, open).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${shop().url}/sitemap.xml`);
  });

  it("the sitemap lists the home page, the catalogue and every public part and product with its date, and drops a part once it is retired", async () => {
    const part = await createPart(unique("Sitemap battery"));
    const paths = await sitemapPaths();
    expect(paths.slice(0, 2)).toEqual(["/", "/parts"]);
    expect(paths).toContain(`/p/${part.slug}`);
    const expected = await withDatabase(async (client) => {
      const parts = await client.query(`SELECT id, name FROM parts WHERE retired_at IS NULL`);
      const products = await client.query(`SELECT id, name FROM products`);
      return { parts: parts.rows.length, products: products.rows.length };
    });
    expect(paths.filter((p) => p.startsWith("/p/"))).toHaveLength(expected.parts);
    expect(paths.filter((p) => p.startsWith("/products/"))).toHaveLength(expected.products);
    expect(new Set(paths).size).toBe(paths.length);
    const xml = await (await fetch(`${shop().url}/sitemap.xml`)).text();
    expect(xml).toMatch(
      new RegExp(`<url><loc>[^<]+/p/${part.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`),
    );

    expect((await retirePart(part.id)).body.data.retirePart.retired).toBe(true);
    expect(await sitemapPaths()).not.toContain(`/p/${part.slug}`);
  });

  it("a sitemap file that does not exist is a 404 with a message", async () => {
    for (const file of ["2.xml", "0.xml", "x.xml", "1"]) {
      const answer = await rest("GET", `/sitemap/${file}`);
      expect(answer.status, file).toBe(404);
      expect(answer.body.error).toMatch(/no sitemap file/);
    }
    const first = await fetch(`${shop().url}/sitemap/1.xml`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("<urlset");
  });

  it("past a file's limit the addresses are split into files that together list each once, in order", async () => {
    const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));
    requireBuilt("reflect-metadata");
    const { createDataSource } = requireBuilt("./db/data-source.js");
    const { SitemapService } = requireBuilt("./domain/catalogue/sitemap.service.js");
    const pino = requireBuilt("pino");
    const db: DataSource = createDataSource(shop().databaseUrl, pino({ level: "silent" }), { poolSize: 2 });
    await db.initialize();
    try {
      const read = async (service: any, file: number) => {
        const paths: string[] = [];
        for await (const batch of service.file(file)) paths.push(...batch.map((entry: { path: string }) => entry.path));
        return paths;
      };
      const whole = await read(new SitemapService(db), 1);
      const limit = Math.ceil(whole.length / 3) + 1;
      const split = new SitemapService(db, limit);
      expect(await split.fileCount()).toBe(3);
      const files = [await read(split, 1), await read(split, 2), await read(split, 3)];
      for (const file of files) expect(file.length).toBeLessThanOrEqual(limit);
      expect(files.flat()).toEqual(whole);
      expect(await read(split, 4)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
