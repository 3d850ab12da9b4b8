import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { prefersHtml } from "./rest";
import { STOREFRONT_LOADER } from "./storefront-loader";

export interface WebAppSettings {
  /** The built web app (absent in API-only deployments). */
  webDistDir: string;
  /** Images shipped with the seed catalogue. */
  assetsDir: string;
  /** Render the landing pages on the server (on by default); off serves every page empty, for the browser to render. */
  serverRendering?: boolean;
  /** How long a server render may wait for the page's data before the browser renders it instead. */
  renderTimeoutMs?: number;
  /** The token of the storefront's cart forms (the same for every visitor: the pages stay cacheable). */
  cartFormToken?(): string;
  /** This browser's cart for the cart page, and the cookies its answer sets. */
  cartPage?(request: FastifyRequest): Promise<{ data: unknown; cookies: string[] }>;
  /** A page rendered alike for every visitor, with the GraphQL requests its render sent (the answer cache keeps it, AnswerCache.pageRead). */
  pageRendered?(request: FastifyRequest, reads: RenderReads | undefined): void;
}

/** The GraphQL requests a render sent, and whether each was answered in full. */
export interface RenderReads {
  queries: unknown[];
  complete: boolean;
}

export interface WebApp {
  /** Answers with the web app's page, which shows the route (or its own 404). */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  /** Whether the page at `pathname` is rendered on the server alike for every visitor (not the cart). */
  rendersAlikeForAll(pathname: string): boolean;
  /** Which build serves pages now: its index.html's modification time. */
  build(): string;
}

/** What the web app's server entry (web/src/ssr/entry-server.tsx, built into dist/server) offers. */
interface ServerEntry {
  rendersOnServer(pathname: string): boolean;
  render(request: {
    url: string;
    origin: string;
    graphqlUrl: string;
    template: string;
    manifest: unknown;
    signal?: AbortSignal;
    cartFormToken?: string;
    cart?: unknown;
    storefrontLoader?: string;
  }): Promise<{ status: number; html: string; reads?: RenderReads } | { status: 301; location: string }>;
}

/** The built server entry's file, inside the built web app. */
const SERVER_ENTRY = path.join("server", "entry-server.js");
/** The client build's manifest (vite's build.manifest): the stylesheets and scripts of each page's code. */
const BUILD_MANIFEST = path.join(".vite", "manifest.json");
const DEFAULT_RENDER_TIMEOUT_MS = 5_000;
/** The one page that varies by visitor: rendered from this browser's cart (its cookie), never stored. */
const CART_PAGE = "/cart";

/** The web app's server entry, when the build has one (built by `npm run build -w web`). */
async function loadServerEntry(webDistDir: string): Promise<ServerEntry | null> {
  const file = path.join(webDistDir, SERVER_ENTRY);
  if (!fs.existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
  if (typeof entry.render !== "function" || typeof entry.rendersOnServer !== "function")
    throw new Error(
      `${file} is not the web app's server entry (no render or rendersOnServer): build the web app again`,
    );
  return entry as ServerEntry;
}

/**
 * The client build's manifest, read with the template (both change when the web app is built
 * again); {} when the build has none (the server entry then says which page it cannot link).
 */
async function readManifest(webDistDir: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(webDistDir, BUILD_MANIFEST), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

/** The shop's own GraphQL, at the address this request came in on. */
function ownGraphqlUrl(request: FastifyRequest): string {
  const address = request.socket.localAddress ?? "127.0.0.1";
  const host = address.includes(":") ? `[${address}]` : address;
  return `http://${host}:${request.socket.localPort}/graphql`;
}

/**
 * A page, compressed for a browser that accepts it: a rendered page is tens of kilobytes of text,
 * and the first thing a phone waits for. Brotli at a middling quality costs little beside the
 * render (docs/performance.md).
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header("vary", "accept-encoding");
  const encoding = negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]);
  if (!encoding) return reply.send(html);
  const body =
    encoding === "br"
      ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(html);
  return reply.header("content-encoding", encoding).send(body);
}

/** The built web app at "/", the catalogue's images at /images, and browsers' page routes. */
export async function registerWebApp(app: FastifyInstance, settings: WebAppSettings): Promise<WebApp> {
  const index = path.join(settings.webDistDir, "index.html");
  const built = fs.existsSync(index);
  const entry = built && settings.serverRendering !== false ? await loadServerEntry(settings.webDistDir) : null;
  await app.register(fastifyStatic, {
    root: path.join(settings.assetsDir, "images"),
    prefix: "/images/",
    maxAge: "7d",
    index: false,
    wildcard: true,
  });
  if (built) {
    const assetsDir = path.join(settings.webDistDir, "assets") + path.sep;
    await app.register(fastifyStatic, {
      root: settings.webDistDir,
      prefix: "/",
      maxAge: "1h",
      // The build's .br and .gz beside each script, stylesheet and drawing, to browsers that accept them.
      preCompressed: true,
      // A file under /assets/ is named by its content's hash: it never changes, so browsers keep it.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(assetsDir)) reply.header("cache-control", "public, max-age=31536000, immutable");
      },
      index: false,
      wildcard: false,
      decorateReply: false,
      // The server entry and the build's manifest are the shop's, not files for browsers.
      allowedPath: (pathName) => !pathName.startsWith("/server/") && !pathName.startsWith("/.vite/"),
    });
  }

  /** The page rendered on the server, or null when it is not one the server renders. A failed render is null too (logged). */
  const renderOnServer = async (request: FastifyRequest, reply: FastifyReply, template: string) => {
    const url = request.url;
    if (!entry) return null;
    try {
      const pathname = url.split("?")[0];
      if (!entry.rendersOnServer(pathname)) return null;
      let cart: unknown;
      if (pathname === CART_PAGE && settings.cartPage) {
        const page = await settings.cartPage(request);
        cart = page.data;
        reply.header("cache-control", "private, no-store");
        if (page.cookies.length) reply.header("set-cookie", page.cookies);
      }
      const manifest = await readManifest(settings.webDistDir);
      const rendered = await entry.render({
        url,
        origin: `${request.protocol}://${request.host}`,
        graphqlUrl: ownGraphqlUrl(request),
        template,
        manifest,
        signal: AbortSignal.timeout(settings.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS),
        cartFormToken: settings.cartFormToken?.(),
        cart,
        storefrontLoader: STOREFRONT_LOADER,
      });
      if (pathname !== CART_PAGE && "html" in rendered) settings.pageRendered?.(request, rendered.reads);
      return rendered;
    } catch (error) {
      // A visitor still gets the page: the browser renders it.
      reply.log.error({ err: error, url }, "server rendering failed: the browser renders the page");
      return null;
    }
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8");
    // Read per request: a web app built again is served without restarting the shop.
    const template = await fs.promises.readFile(index, "utf8");
    const rendered = await renderOnServer(request, reply, template);
    if (rendered && "location" in rendered) return reply.code(301).header("location", rendered.location).send();
    if (rendered) return sendPage(request, reply.code(rendered.status), rendered.html);
    return sendPage(request, reply, template);
  };
  // Web routes and unknown paths: browsers get the web app (it shows its own 404), APIs get JSON.
  app.setNotFoundHandler((request, reply) => {
    const asset = request.url.startsWith("/assets/") || request.url.startsWith("/images/");
    if (built && !asset && request.method === "GET" && prefersHtml(request)) return serve(request, reply);
    return reply
      .code(404)
      .send({ error: asset ? "Not found" : `Cannot ${request.method} ${request.url.split("?")[0]}` });
  });
  return {
    serve: (request, reply) => (built ? serve(request, reply) : reply.code(404).send({ error: "Not found" })),
    rendersAlikeForAll: (pathname) => entry !== null && pathname !== CART_PAGE && entry.rendersOnServer(pathname),
    build: () => String(fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0),
  };
}
