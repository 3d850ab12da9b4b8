import { Readable } from "node:stream";
import type { Services } from "../../domain/services";
import { SITEMAP_FILE_LIMIT, type SitemapEntry } from "../../domain/catalogue/sitemap.service";
import { ShopError } from "../../domain/errors";
import { idOfSlug } from "../../domain/catalogue/slug";
import type { Reply, RestRoute } from "./route";
import { schemas, type RouteDoc } from "./route-doc";
import { restProduct, restPublicPart } from "./serializers";

const { ref } = schemas;
const XML_ANSWER = {
  content: { "application/xml": { schema: { type: "string", description: "A sitemaps.org XML document, UTF-8" } } },
};
const SLUG = {
  slug: {
    type: "string",
    description: "The record's slug (its name's words, then its id): only the id at its end finds the record",
  },
};

/** A public record page's description: its JSON for API clients, and the statuses a browser also gets. */
const recordPageDoc = (
  what: string,
  operationId: string,
  schema: string,
  extra: RouteDoc["answers"] = {},
): RouteDoc => ({
  operationId,
  summary: `A ${what}'s public page: the web app for a browser (Accept: text/html), the ${what} as JSON for any other client`,
  description:
    "A browser gets the web app with the same statuses: 404 for an unknown record, 301 to the record's own address when the words differ.",
  tag: "Catalogue",
  params: SLUG,
  answers: {
    200: { description: `The ${what}`, schema: ref(schema) },
    301: {
      description: "The address's words are not the record's name's: its own address is in Location",
      schema: {
        type: "object",
        properties: { movedTo: { type: "string", description: "Its own address" } },
        required: ["movedTo"],
        additionalProperties: false,
      },
      headers: { location: { type: "string", description: "The record's own address", required: true } },
    },
    404: { description: "The address names no record, or an unknown one", schema: ref("Error") },
    ...extra,
  },
});

const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };
const XML_START = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where one file of a split sitemap is: /sitemap/{n}.xml. */
const sitemapFilePath = (number: number) => `/sitemap/${number}.xml`;
const SITEMAP_FILE_PARAM = /^([1-9][0-9]{0,5})\.xml$/;

function urlElement(origin: string, entry: SitemapEntry): string {
  const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>\n`;
}

/** A urlset written as the batches of addresses come from the database. */
async function* urlset(origin: string, batches: AsyncGenerator<SitemapEntry[]>): AsyncGenerator<string> {
  yield `${XML_START}<urlset xmlns="${SITEMAP_NS}">\n`;
  for await (const batch of batches) yield batch.map((entry) => urlElement(origin, entry)).join("");
  yield "</urlset>\n";
}

function sitemapIndex(origin: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(origin + sitemapFilePath(i + 1))}</loc></sitemap>\n`,
  );
  return `${XML_START}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join("")}</sitemapindex>\n`;
}

const streamed = (chunks: AsyncGenerator<string>) => ({
  status: 200,
  headers: XML_HEADERS,
  body: Readable.from(chunks, { objectMode: false }),
});

/**
 * What robots may not crawl: the signed-in pages (the dashboard, the private reserve page
 * /parts/{id}) and every API address a GET reaches (anchored with $ where a longer public address
 * starts the same, as /product does /products/...). The uploaded images stay crawlable: public
 * pages show them.
 */
function keptOut(routes: readonly RestRoute[]): string[] {
  const apiPaths = routes
    .filter((route) => route.method === "GET" && !route.webRoute && !route.path.startsWith("/uploads/"))
    .map((route) => (route.path.includes(":") ? route.path.slice(0, route.path.indexOf(":")) : `${route.path}$`));
  return [...new Set(["/dashboard", "/parts/", "/graphql", ...apiPaths])];
}

/**
 * A public record page: its JSON for an API client, the web app for a browser, with the status a
 * search engine reads: 404 for an address naming no record, 301 to the record's own address when
 * the words differ (a renamed part), 410 for a part no longer sold.
 */
async function recordPage<T extends { slug: string }>(
  slug: string,
  prefix: string,
  find: (id: string) => Promise<T>,
  json: (record: T) => object,
  gone: (record: T) => boolean,
): Promise<Reply> {
  const id = idOfSlug(slug);
  const record = id
    ? await find(id).catch((error: unknown) => {
        if (error instanceof ShopError && error.code === "NOT_FOUND") return null;
        throw error;
      })
    : null;
  if (!record) return { status: 404, page: true, body: { error: `Nothing is sold at ${prefix}${slug}` } };
  if (record.slug !== slug) {
    const location = `${prefix}${encodeURIComponent(record.slug)}`;
    return { status: 301, page: true, headers: { location }, body: { movedTo: location } };
  }
  if (gone(record)) return { status: 410, page: true, body: { error: `${prefix}${slug} is no longer sold` } };
  return { status: 200, page: true, body: json(record) };
}

/** What the shop tells search engines: robots.txt and the sitemap of its public pages. */
export function storefrontRoutes(services: Services, apiRoutes: readonly RestRoute[]): RestRoute[] {
  const disallowed = keptOut(apiRoutes);
  return [
    {
      method: "GET",
      path: "/p/:slug",
      doc: recordPageDoc("part", "getPartPage", "Part", {
        410: { description: "The part is retired: no longer sold", schema: ref("Error") },
      }),
      handle: (request) =>
        recordPage(
          request.params.slug,
          "/p/",
          (id) => services.parts.get(id),
          restPublicPart,
          (part) => part.retired,
        ),
    },
    {
      method: "GET",
      path: "/products/:slug",
      doc: recordPageDoc("new arrival", "getProductPage", "Product"),
      handle: (request) =>
        recordPage(
          request.params.slug,
          "/products/",
          (id) => services.products.get(id),
          restProduct,
          () => false,
        ),
    },
    {
      method: "GET",
      path: "/robots.txt",
      doc: {
        operationId: "getRobotsTxt",
        summary: "What crawlers may read: not the dashboard, the private reserve page or the API; where the sitemap is",
        tag: "Catalogue",
        answers: {
          200: {
            description: "robots.txt",
            content: { "text/plain": { schema: { type: "string", description: "Robots exclusion rules" } } },
          },
        },
      },
      handle: async (request) => ({
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
        body: Buffer.from(
          [
            "User-agent: *",
            ...disallowed.map((path) => `Disallow: ${path}`),
            "",
            `Sitemap: ${request.origin}/sitemap.xml`,
            "",
          ].join("\n"),
        ),
      }),
    },
    {
      // Every public part and product: listed here while they fit one file, else an index of files.
      method: "GET",
      path: "/sitemap.xml",
      doc: {
        operationId: "getSitemap",
        summary:
          "Every public page: the home page, the catalogue, each part on sale and each new arrival, with its date",
        description: `Streamed. Past ${SITEMAP_FILE_LIMIT.toLocaleString("en-US")} addresses it is an index of the files /sitemap/{n}.xml instead.`,
        tag: "Catalogue",
        answers: { 200: { description: "A urlset, or a sitemapindex", ...XML_ANSWER } },
      },
      handle: async (request) => {
        const files = await services.sitemap.fileCount();
        if (files > 1)
          return { status: 200, headers: XML_HEADERS, body: Buffer.from(sitemapIndex(request.origin, files)) };
        return streamed(urlset(request.origin, services.sitemap.file(1)));
      },
    },
    {
      method: "GET",
      path: "/sitemap/:file",
      doc: {
        operationId: "getSitemapFile",
        summary: "One file of a sitemap split past 50,000 addresses",
        tag: "Catalogue",
        params: { file: { type: "string", description: "{n}.xml, n from 1 to the number of files sitemap.xml lists" } },
        answers: {
          200: { description: "A urlset", ...XML_ANSWER },
          404: { description: "No such file", schema: ref("Error") },
        },
      },
      handle: async (request) => {
        const number = Number(SITEMAP_FILE_PARAM.exec(request.params.file)?.[1] ?? 0);
        if (number < 1 || number > (await services.sitemap.fileCount())) {
          throw new ShopError("NOT_FOUND", `There is no sitemap file ${request.params.file}: /sitemap.xml lists them`);
        }
        return streamed(urlset(request.origin, services.sitemap.file(number)));
      },
    },
  ];
}
