import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRaw, gql, newCustomer, rest, seededAdmin, type Shopper } from "./support/client";
import { GRAPH_DIR, type ShopProcess } from "./support/processes";
import { startSiblingShop } from "./support/siblings";

/*
 * Server rendering: a shop serving the real web build renders the pages visitors
 * land on, so a client without JavaScript (a search engine, curl) reads the page's content, its
 * head and its structured data; the rest of the app is the page the browser renders.
 */

const WEB_DIST_DIR = path.join(GRAPH_DIR, "..", "web", "dist");

let ssrShop: ShopProcess;
let admin: Shopper;
beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, "server", "entry-server.js")))
    throw new Error("The web app's server entry is not built: run `npm run build -w web` first");
  admin = await seededAdmin();
  // At debug, each answer from memory is logged: how a test tells a kept page from a render.
  ssrShop = await startSiblingShop("ssr", { WEB_DIST_DIR, LOG_LEVEL: "debug" });
}, 120_000);
afterAll(async () => {
  if (process.env.SSR_DEBUG) console.log(ssrShop?.output());
  await ssrShop?.stop();
});

/** A page as curl gets it: no JavaScript runs. */
async function page(pagePath: string) {
  const answer = await getRaw(ssrShop.url + pagePath, { accept: "text/html,application/xhtml+xml" });
  return { status: answer.status, headers: answer.headers, html: answer.body.toString("utf8") };
}

/**
 * How many pages (of `url`, or any) the shop answered from memory: it logs each at debug, as
 * "GET <url>" with `cache: "hit"` (pretty-printed here, one entry per timestamped block).
 */
const pagesFromMemory = (url?: string) =>
  ssrShop
    .output()
    .split(/\n(?=\[)/)
    .filter((entry) => /cache: "hit"|"cache":"hit"/.test(entry))
    .filter((entry) => (url ? entry.includes(`GET ${url}\n`) : /GET \/(?!graphql)/.test(entry))).length;

/**
 * Waits until this shop has heard every change committed so far: a part created through the main
 * shop reaches it by the database's notification, and a page rendered while a change is still on
 * its way is rightly not kept. A kept page is replayed only once the shop has heard every change
 * committed before it was asked for, so a portfolio page of its own, asked twice, is the wait.
 */
async function heardEveryChange(): Promise<void> {
  const portfolio = `/portfolio?heard=${crypto.randomBytes(3).toString("hex")}`;
  for (let ask = 0; ask < 2; ask++) await page(portfolio);
  await expect.poll(() => pagesFromMemory(portfolio)).toBe(1);
}

/** What the server rendered into the root element (the page's content without the template around it). */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf("</body>"));

const jsonLdOf = (html: string): any[] =>
  Array.from(html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs), (match) => JSON.parse(match[1]));

/**
 * The shop's CSP runs no inline script but its storefront loader (allowed by its hash): every other
 * script element of a page is a file or data.
 */
function expectNoInlineScript(html: string) {
  const scripts = Array.from(html.matchAll(/<script[^>]*>/g), ([tag]) => tag);
  expect(scripts.length).toBeGreaterThan(1);
  for (const tag of scripts)
    expect(tag).toMatch(
      / src="\/assets\/|type="application\/(ld\+)?json"|^<script data-storefront-entry="\/assets\/storefront-[\w-]+\.js">$/,
    );
}

async function createPart(name: string) {
  const answer = await gql(
    `mutation($input: CreatePartInput!) { createPart(input: $input) { id databaseId name slug } }`,
    {
      input: {
        name,
        shortDesc: "A part rendered on the server",
        img: "/images/parts/dc-jack.svg",
        price: 24.5,
        available: 7,
        minOrderQuantity: 1,
        compatibleModels: [],
      },
    },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.createPart as { id: string; databaseId: string; name: string; slug: string };
}

describe("pages rendered on the server", () => {
  it("a part page fetched without JavaScript holds its name, price, stock, reviews, head tags and a Product JSON-LD", async () => {
    const part = await createPart(`Rendered battery ${crypto.randomBytes(3).toString("hex")}`);
    const customer = await newCustomer("ssr-review");
    // A review trying to close the page's script elements: it stays text everywhere it is written.
    const review = {
      name: "Ines Rendered",
      ratings: 4,
      description: "Fits well </script><script>window.injected=1</script>",
      img: "https://example.com/ines.png",
    };
    const posted = await rest("POST", "/review", {
      token: customer.token,
      body: { ...review, partId: part.databaseId },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);

    const { status, headers, html } = await page(`/p/${part.slug}`);
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(headers["cache-control"]).toBe("no-cache");
    const content = rootOf(html);
    expect(content).toMatch(new RegExp(`<h1[^>]*>${part.name}</h1>`));
    expect(content).toContain("$24.50");
    expect(content).toContain("In stock");
    expect(content).toContain("Ines Rendered");
    expect(content).toContain("Fits well &lt;/script&gt;&lt;script&gt;window.injected=1&lt;/script&gt;");
    expect(html).not.toContain("<script>window.injected=1");
    expectNoInlineScript(html);

    // The head is the page's own: title, description, canonical URL and link previews.
    const canonical = `${ssrShop.url}/p/${part.slug}`;
    expect(html).toContain(`${part.name} | Partshop</title>`);
    expect(html.match(/<title[ >]/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${part.name}: A part rendered on the server"`);
    expect(html).toContain(`<link rel="canonical" href="${canonical}"`);
    expect(html).toContain(`<meta property="og:title" content="${part.name}"`);
    expect(html).toContain(`<meta property="og:image" content="${ssrShop.url}/images/parts/dc-jack.svg"`);

    const product = jsonLdOf(html).find((data) => data["@type"] === "Product");
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: part.name,
      url: canonical,
      offers: {
        "@type": "Offer",
        price: "24.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Ines Rendered" },
          reviewRating: { "@type": "Rating", ratingValue: 4 },
          reviewBody: review.description,
        },
      ],
    });
    expect(jsonLdOf(html).find((data) => data["@type"] === "BreadcrumbList")?.itemListElement).toHaveLength(3);

    // The page's own stylesheet is linked in the head: the HTML is styled before its code arrives (no layout shift).
    const stylesheets = Array.from(html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g), ([, href]) => href);
    expect(stylesheets.length).toBeGreaterThan(1);
    for (const href of stylesheets) {
      const css = await getRaw(ssrShop.url + href, { accept: "text/css" });
      expect(css.status, href).toBe(200);
    }
    const partPageCss = await Promise.all(
      stylesheets.map(async (href) => (await getRaw(ssrShop.url + href, { accept: "text/css" })).body.toString()),
    );
    expect(partPageCss.join("\n")).toMatch(/\.part-page__main\b/);

    // The browser starts from the data the server read: the part is in the handed cache.
    const state = html.match(/<script type="application\/json" id="apollo-state">(.*?)<\/script>/s);
    expect(state).not.toBeNull();
    expect(JSON.parse(state![1])).toHaveProperty([`Part:${part.id}`, "name"], part.name);
  });

  it("an unknown part and an unknown address answer 404 with the 404 page's text", async () => {
    for (const pagePath of [`/p/rendered-battery-${crypto.randomUUID()}`, "/no-such-page/here"]) {
      const { status, html } = await page(pagePath);
      expect(status, pagePath).toBe(404);
      expect(rootOf(html), pagePath).toContain("There&#x27;s nothing here: 404!");
    }
  });

  it("every page rendered on the server has a title of its own: a search names its words, the 404 page says it was not found", async () => {
    const titleOf = (html: string) => {
      expect(html.match(/<title[ >]/g)).toHaveLength(1);
      return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
    };
    const titles = {
      "/parts": "All parts | Partshop",
      "/parts?q=battery": "Parts matching “battery” | Partshop",
      "/blogs": "How Partshop is built | Partshop",
      "/portfolio": "Portfolio: Partshop web team | Partshop",
      "/no-such-page/here": "Page not found | Partshop",
      [`/p/rendered-battery-${crypto.randomUUID()}`]: "Page not found | Partshop",
    };
    for (const [pagePath, title] of Object.entries(titles)) {
      const { html } = await page(pagePath);
      expect(titleOf(html), pagePath).toBe(title);
    }
    // A search's canonical address is the search itself; the 404 page names no address of its own.
    expect((await page("/parts?q=battery")).html).toContain(
      `<link rel="canonical" href="${ssrShop.url}/parts?q=battery"`,
    );
    expect((await page("/no-such-page/here")).html).not.toContain('rel="canonical"');
  });

  it("home, the catalogue with its query, blogs and portfolio are rendered; the dashboard and sign-in are left to the browser", async () => {
    const part = await createPart(`Searchable hinge ${crypto.randomBytes(3).toString("hex")}`);
    const catalogue = await page(`/parts?q=${encodeURIComponent(part.name)}`);
    expect(catalogue.status).toBe(200);
    expect(rootOf(catalogue.html)).toContain(part.name);

    const home = await page("/");
    expect(home.status).toBe(200);
    expect(jsonLdOf(home.html).map((data) => data["@type"])).toContain("Organization");
    expect(rootOf(home.html)).toContain("<footer");
    expectNoInlineScript(home.html);

    for (const pagePath of ["/blogs", "/portfolio"]) {
      const { status, html } = await page(pagePath);
      expect(status, pagePath).toBe(200);
      expect(rootOf(html), pagePath).toContain("<h1");
    }
    // Each page fetched on demand has its own stylesheet linked in the head, found in vite's
    // manifest by the page's name (a page moved or renamed would lose it); its code is not: the
    // storefront's entry fetches it when an island first needs it, and the app's entry is left out.
    const ownCode = { "/blogs": "BlogsPage", "/portfolio": "PortfolioPage", "/parts?q=x": "CataloguePage" };
    for (const [pagePath, name] of Object.entries(ownCode)) {
      const html = (await page(pagePath)).html;
      const head = html.split("</head>")[0];
      expect(head, pagePath).toMatch(new RegExp(`<link rel="stylesheet"[^>]* href="/assets/${name}-[\\w-]+\\.css"`));
      expect(html, pagePath).not.toMatch(new RegExp(`href="/assets/${name}-[\\w-]+\\.js"`));
      expect(html, pagePath).toMatch(/<script data-storefront-entry="\/assets\/storefront-[\w-]+\.js">/);
      // Last in the body: a classic script in the head would hold the parser until the stylesheets came.
      expect(html.indexOf("data-storefront-entry"), pagePath).toBeGreaterThan(html.indexOf("</head>"));
      expect(html.indexOf("data-storefront-entry"), pagePath).toBeGreaterThan(html.indexOf(`id="apollo-state"`));
      expect(html, pagePath).not.toMatch(/src="\/assets\/index-[\w-]+\.js"/);
    }
    for (const pagePath of ["/dashboard", "/login"]) {
      const { status, html } = await page(pagePath);
      expect(status, pagePath).toBe(200);
      expect(html, pagePath).toContain('<div id="root"></div>');
    }
  });

  it("a visitor's page is kept from its first render and answered from memory, until an admin's change shows in the very next one", async () => {
    const part = await createPart(`Kept keyboard ${crypto.randomBytes(3).toString("hex")}`);
    const search = `/parts?q=${encodeURIComponent(part.name)}`;
    const fromMemory = () => pagesFromMemory(search);
    await heardEveryChange();
    const rendered = await page(search);
    const kept = await page(search);
    await expect.poll(fromMemory).toBe(1);
    expect(kept.html).toBe(rendered.html);
    // The same headers (the shop's CSP and COOP included) as the render it keeps.
    for (const header of ["content-security-policy", "cross-origin-opener-policy", "cache-control", "vary"])
      expect(kept.headers[header], header).toBe(rendered.headers[header]);

    const renamed = `${part.name} MK2`;
    const update = await gql(
      `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { name } }`,
      { id: part.id, input: { name: renamed } },
      admin.token,
    );
    expect(update.body.errors).toBeUndefined();
    expect(rootOf((await page(search)).html)).toContain(renamed);
    expect(fromMemory()).toBe(1);
  });

  it("a page kept from an earlier build of the web app is not replayed once it is built again", async () => {
    const portfolio = `/portfolio?from=${crypto.randomBytes(3).toString("hex")}`;
    for (let ask = 0; ask < 2; ask++) await page(portfolio);
    await expect.poll(() => pagesFromMemory(portfolio)).toBe(1);
    // A build writes index.html anew: its modification time names the build.
    const index = path.join(WEB_DIST_DIR, "index.html");
    const later = new Date(fs.statSync(index).mtimeMs + 1000);
    fs.utimesSync(index, later, later);
    await page(portfolio);
    expect(pagesFromMemory(portfolio)).toBe(1);
  });

  it("a page is never kept for a request with a Cookie, nor the cart page or a 404", async () => {
    const countHits = () => pagesFromMemory();
    const before = countHits();
    for (let ask = 0; ask < 3; ask++) {
      await getRaw(ssrShop.url + "/portfolio", { accept: "text/html", cookie: "theme=dark" });
      await page("/cart");
      await page("/no-such-page-anywhere");
    }
    expect(countHits()).toBe(before);
  });

  it("the storefront's add-to-cart forms post to /cart/lines with one token for everyone; the cart page is this browser's, never stored", async () => {
    const home = (await page("/")).html;
    const token = /<meta name="partshop-cart-form-token" content="([\w-]+)">/.exec(home)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    // Plain script answers it (data-plain) until React has the page, naming the part in its toast.
    expect(rootOf(home)).toContain(
      '<form class="add-to-cart" data-plain="add-to-cart" data-part-name="Li-ion Battery 11.55V 57Wh, 3-cell" action="/cart/lines" method="post">',
    );
    expect(rootOf(home)).toContain(`<input type="hidden" name="token" value="${token}"/>`);
    // The same page for another visitor: the token does not vary.
    expect((await page("/parts")).html).toContain(`content="${token}"`);

    const cart = await page("/cart");
    expect(cart.status).toBe(200);
    expect(cart.headers["cache-control"]).toBe("private, no-store");
    expect(cart.html).toContain('<div id="root" data-browser-renders>');
    expect(cart.html.split('<div id="root" data-browser-renders>')[1]).toContain("Your cart is empty.");
    // The cart is the app's page (it renders itself over the server's HTML), not a storefront page of islands.
    expect(cart.html).toMatch(/<script type="module"[^>]* src="\/assets\/index-[\w-]+\.js"/);
    expect(cart.html).not.toMatch(/src="\/assets\/storefront-[\w-]+\.js"/);
  });

  it("a phone gets the page and its code compressed, the code fetched after what it paints, and kept for good", async () => {
    const plain = await page("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const brotli = await getRaw(`${ssrShop.url}/`, { accept: "text/html", "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.html.length / 3);
    expect(rootOf(zlib.brotliDecompressSync(brotli.body).toString("utf8"))).toContain("<footer");
    const gzip = await getRaw(`${ssrShop.url}/`, { accept: "text/html", "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(rootOf(zlib.gunzipSync(gzip.body).toString("utf8"))).toContain("<footer");

    // The page paints without its script: nothing of it is fetched before the page has loaded. Its one
    // script is the shop's inline loader, which the Content-Security-Policy allows by its hash alone.
    expect(plain.html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const inline = Array.from(plain.html.matchAll(/<script(?![^>]*type=)[^>]*>([^<]+)<\/script>/g), ([, text]) => text);
    expect(inline).toHaveLength(1);
    const loaderHash = `'sha256-${crypto.createHash("sha256").update(inline[0]).digest("base64")}'`;
    const scriptSources = /script-src ([^;]+)/.exec(String(plain.headers["content-security-policy"]))![1].split(" ");
    expect(scriptSources).toContain(loaderHash);
    expect(scriptSources).not.toContain("'unsafe-inline'");

    // The entry's brotli copy, named by its content's hash: browsers keep it.
    const entry = /<script data-storefront-entry="(\/assets\/[^"]+\.js)">/.exec(plain.html)![1];
    const code = await getRaw(ssrShop.url + entry, { "accept-encoding": "br, gzip" });
    expect(code.status).toBe(200);
    expect(code.headers["content-encoding"]).toBe("br");
    expect(code.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const uncompressed = await getRaw(ssrShop.url + entry, {});
    expect(uncompressed.headers["content-encoding"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(code.body).equals(uncompressed.body)).toBe(true);
    // A file whose name stays the same from build to build is kept an hour, as before.
    expect((await getRaw(`${ssrShop.url}/favicon.svg`, {})).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("the server entry and the build's manifest are not files browsers can fetch", async () => {
    const answer = await getRaw(`${ssrShop.url}/server/entry-server.js`, { accept: "*/*" });
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain("rendersOnServer");
    const manifest = await getRaw(`${ssrShop.url}/.vite/manifest.json`, { accept: "*/*" });
    expect(manifest.status).toBe(404);
    expect(manifest.body.toString()).not.toContain("src/main.tsx");
  });
});

describe("with WEB_SSR=off", () => {
  it("every page is the empty page the browser renders, with no cache handed over", async () => {
    const part = await createPart(`Browser-rendered fan ${crypto.randomBytes(3).toString("hex")}`);
    const onServer = await page(`/p/${part.slug}`);
    expect(rootOf(onServer.html)).toContain(part.name);

    const clientShop = await startSiblingShop("ssr-off", { WEB_DIST_DIR, WEB_SSR: "off" });
    try {
      for (const pagePath of [`/p/${part.slug}`, "/", `/parts?q=${encodeURIComponent(part.name)}`]) {
        const answer = await getRaw(clientShop.url + pagePath, { accept: "text/html" });
        const html = answer.body.toString("utf8");
        expect(answer.status, pagePath).toBe(200);
        expect(html, pagePath).toContain('<div id="root"></div>');
        expect(html, pagePath).not.toContain('id="apollo-state"');
        expect(html, pagePath).not.toContain(part.name);
        // Rendered by the browser, the page needs its scripts first.
        expect(html, pagePath).not.toContain("fetchpriority");
      }
    } finally {
      await clientShop.stop();
    }
  }, 120_000);
});

describe("a render that fails", () => {
  it("gives the visitor the page the browser renders, with the log saying why, never a 500", async () => {
    // A web build whose server entry throws while rendering (the shop's side of a failed render).
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "partshop-test-broken-ssr-"));
    fs.copyFileSync(path.join(WEB_DIST_DIR, "index.html"), path.join(dist, "index.html"));
    fs.mkdirSync(path.join(dist, "server"));
    fs.writeFileSync(
      path.join(dist, "server", "entry-server.js"),
      [
        "export const rendersOnServer = () => true;",
        'export async function render() { throw new Error("the page broke while rendering"); }',
      ].join("\n"),
    );
    const broken = await startSiblingShop("ssr-broken", { WEB_DIST_DIR: dist });
    try {
      const answer = await getRaw(`${broken.url}/p/anything-${crypto.randomUUID()}`, { accept: "text/html" });
      const html = answer.body.toString("utf8");
      // The REST route's status (an unknown part) stands; the page is the browser's to render.
      expect(answer.status).toBe(404);
      expect(html).toContain('<div id="root"></div>');
      const home = await getRaw(`${broken.url}/`, { accept: "text/html" });
      expect(home.status).toBe(200);
      expect(home.body.toString("utf8")).toContain('<div id="root"></div>');
      expect(broken.output()).toContain("the page broke while rendering");
    } finally {
      await broken.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 120_000);
});
