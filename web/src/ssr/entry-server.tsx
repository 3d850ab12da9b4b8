import { StrictMode } from "react";
import { matchPath } from "react-router-dom";
import { prerenderToNodeStream } from "react-dom/static";
import { ApolloClient, HttpLink } from "@apollo/client";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { AppProviders } from "../AppProviders";
import { AppRoutes, lazyPageName } from "../AppRoutes";
import { createCache } from "@/lib/apollo/cache";
import { headTags, pageTitle, type PageHead } from "@/lib/page/pageHead";
import { PageResponseContext, type PageResponse } from "@/lib/page/PageResponse";
import { ServerOriginContext } from "@/lib/page/origin";
import { pagePaths, type PageName } from "../routeTable";
import { CartFormTokenContext, cartFormTokenMeta } from "@/features/cart/cartForm";
import { ServerCartContext, type ServerCart } from "@/features/cart/serverCart";
import { APOLLO_STATE_ID, SERVER_HEAD_ATTRIBUTE, SITE_DEFAULT_ATTRIBUTE, scriptSafeJson } from "@/lib/page/serverPage";

/**
 * The pages visitors land on from search engines and links, and the cart (from this browser's
 * cart, so that it works with no script); the rest (sign-in, checkout, dashboard) render in the browser.
 */
const SERVER_RENDERED: ReadonlySet<PageName> = new Set([
  "home",
  "cart",
  "catalogue",
  "part",
  "product",
  "blogs",
  "portfolio",
  "notFound",
]);
const PAGE_PATHS = pagePaths().filter(({ path }) => path !== "*");

const pageAt = (pathname: string): PageName =>
  PAGE_PATHS.find(({ path }) => matchPath(path, pathname))?.page ?? "notFound";

/**
 * The storefront's pages: they run the storefront's entry (its islands), not the app. The cart,
 * also rendered on the server, is the app's: it renders itself afresh over the server's HTML.
 */
const isStorefrontPage = (page: PageName) => page !== "cart" && SERVER_RENDERED.has(page);

/** Whether the server renders the page at `pathname` (an address no route knows is the 404 page: rendered too). */
export function rendersOnServer(pathname: string): boolean {
  return SERVER_RENDERED.has(pageAt(pathname));
}

/** One chunk of the client build's manifest (vite's build.manifest, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isDynamicEntry?: boolean;
  css?: string[];
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The storefront's entry as the client build's manifest names it (vite.config.ts's second input). */
export const STOREFRONT_ENTRY = "src/islands/storefront.ts";

/**
 * The <link>s a page's own code needs in the head, so the HTML is styled from its first paint
 * and nothing shifts when the code arrives: its stylesheets (and those of the chunks it imports)
 * and, with `scripts`, a modulepreload of its scripts, from the client build's manifest, where a
 * page fetched on demand is the dynamic entry of its source file. A storefront page's scripts are
 * not linked: they are fetched when an island first needs them. Home and the 404 page are in the
 * app's entry, whose stylesheets index.html links already; what the template links is left out.
 */
export function pageAssetLinks(
  page: PageName,
  manifest: BuildManifest,
  template: string,
  { scripts: withScripts }: { scripts: boolean } = { scripts: true },
): string {
  const name = lazyPageName(page);
  if (!name) return "";
  const source = Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && key.endsWith(`/${name}.tsx`));
  if (!source) throw new Error(`the build manifest has no chunk for the page ${name}: build the web app again`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  const absent = (file: string) => !template.includes(`"/${file}"`);
  return [
    ...[...styles].filter(absent).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...(withScripts
      ? [...scripts].filter(absent).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      : []),
  ].join("");
}

/**
 * The built index.html made a storefront page's: the app's entry and the modulepreloads of its
 * code give way to the storefront's entry (its islands); the stylesheets stay. With the shop's
 * `loader` (an inline script its CSP allows by hash, last in the body) the entry is loaded once the
 * page has loaded and painted, and nothing of it is fetched before; without one, as a module script.
 */
export function storefrontTemplate(template: string, manifest: BuildManifest, loader?: string): string {
  const app = manifest["index.html"];
  const storefront = manifest[STOREFRONT_ENTRY];
  if (!app || !storefront) throw new Error("the build manifest has no storefront entry: build the web app again");
  const appScript = /<script type="module"[^>]*><\/script>/.exec(template)?.[0];
  if (!appScript?.includes(`"/${app.file}"`))
    throw new Error("index.html does not load the app's entry it was built with");
  const entry = loader
    ? `<script data-storefront-entry="/${storefront.file}">${loader}</script>`
    : `<script type="module" crossorigin src="/${storefront.file}"></script>`;
  const preloads = loader
    ? ""
    : (storefront.imports ?? [])
        .map((key) => manifest[key]?.file)
        .filter((file): file is string => Boolean(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join("");
  const withoutApp = template.replace(/<link rel="modulepreload"[^>]*>\s*/g, "");
  // The loader is a classic script: in the head it would wait for the stylesheets and hold the
  // parser meanwhile, so the page's images would be found later. Last in the body it holds nothing.
  return loader
    ? withoutApp.replace(appScript, "").replace("</body>", () => `${entry}</body>`)
    : withoutApp.replace(appScript, () => entry).replace("</head>", () => `${preloads}</head>`);
}

/**
 * A page rendered on the server paints without its scripts: they are fetched at low priority, so
 * the stylesheets and images a phone shows first are not kept waiting behind the code that only
 * makes the page interactive (module scripts and modulepreloads are otherwise fetched at high).
 */
const scriptsAfterPaint = (html: string): string =>
  html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');

export interface RenderRequest {
  /** The page's address on the shop: path and query ("/parts?q=battery"). */
  url: string;
  /** The shop's origin as the visitor sees it (https://shop.example.com): canonical and structured-data URLs. */
  origin: string;
  /** Where the server's own GraphQL answers the page's queries. */
  graphqlUrl: string;
  /** The built index.html: the page is written into it. */
  template: string;
  /** The client build's manifest: which stylesheets and scripts the page's own code needs. */
  manifest: BuildManifest;
  /** Gives up waiting for data (the page is then rendered with what has arrived). */
  signal?: AbortSignal;
  /** The token of the storefront's cart forms: the same for every visitor. */
  cartFormToken?: string;
  /** This browser's cart, for the cart page (the only page that varies by visitor). */
  cart?: ServerCart;
  /** The shop's inline loader of a storefront page's script (storefrontTemplate). */
  storefrontLoader?: string;
}

/** The root of a page the browser's app renders anew (the cart: the app shows the cart it knows). */
export const BROWSER_RENDERS_ATTRIBUTE = "data-browser-renders";

/**
 * The GraphQL requests a render sent (their JSON bodies), and whether every one was answered in
 * full (200, no errors): the shop keeps a rendered page for the next visitor only when they were,
 * until what they read changes.
 */
export interface RenderReads {
  queries: unknown[];
  complete: boolean;
}

export type RenderedPage = { status: number; html: string; reads?: RenderReads } | { status: 301; location: string };

/** A fetch for the render's GraphQL link that notes what it asked and whether it was answered in full. */
function recordingFetch() {
  const reads: RenderReads = { queries: [], complete: true };
  const checks: Promise<void>[] = [];
  const incomplete = () => void (reads.complete = false);
  const fetchNoting: typeof fetch = async (input, init) => {
    try {
      reads.queries.push(JSON.parse(String(init?.body)));
    } catch {
      incomplete();
    }
    const response = await fetch(input, init).catch((error: unknown) => {
      incomplete();
      throw error;
    });
    if (!response.ok) incomplete();
    else
      checks.push(
        response
          .clone()
          .json()
          .then((body: { errors?: unknown }) => {
            if (body?.errors !== undefined) incomplete();
          }, incomplete),
      );
    return response;
  };
  const settled = async () => {
    await Promise.all(checks);
    return reads;
  };
  return { fetchNoting, settled };
}

/** One server render's answer: what the page set while rendering (the last render counts). */
function recorder() {
  const answer: { status: number; location: string | null; head: PageHead | null } = {
    status: 200,
    location: null,
    head: null,
  };
  const response: PageResponse = {
    setStatus: (code) => void (answer.status = code),
    redirect: (to) => void (answer.location = to),
    setHead: (head) => void (answer.head = head),
  };
  const reset = () => Object.assign(answer, { status: 200, location: null, head: null });
  return { answer, response, reset };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The template's head with the page's own title, description and link-preview tags. */
function withPageHead(template: string, head: PageHead, origin: string): string {
  const tags = headTags(head, origin);
  const description = tags.find(([tag]) => tag.key === "description")?.[1] ?? head.description;
  const added = tags
    .filter(([tag, value]) => tag.key !== "description" && value !== null)
    .map(
      ([tag, value]) =>
        `<${tag.element} ${tag.keyAttribute}="${escapeAttribute(tag.key)}" ${tag.valueAttribute}="${escapeAttribute(value ?? "")}" ${SERVER_HEAD_ATTRIBUTE}>`,
    )
    .join("");
  return template
    .replace(
      /<title>([^<]*)<\/title>/,
      (_all, site: string) => `<title ${SITE_DEFAULT_ATTRIBUTE}="${site}">${escapeText(pageTitle(head))}</title>`,
    )
    .replace(
      /<meta name="description" content="([^"]*)" ?\/?>/,
      (_all, site: string) =>
        `<meta name="description" content="${escapeAttribute(description)}" ${SITE_DEFAULT_ATTRIBUTE}="${site}" />`,
    )
    .replace("</head>", `${added}</head>`);
}

/**
 * Renders a page of the web app on the server: every query it makes is answered first (Apollo's
 * prerenderStatic renders again until none is left), then the HTML goes into the built
 * index.html with the page's head and the filled cache, which the browser hydrates from.
 */
export async function render({
  url,
  origin,
  graphqlUrl,
  template,
  manifest,
  signal,
  cartFormToken = "",
  cart,
  storefrontLoader,
}: RenderRequest): Promise<RenderedPage> {
  const page = pageAt(url.split("?")[0]);
  const assets = pageAssetLinks(page, manifest, template, { scripts: !isStorefrontPage(page) });
  // A visitor's page: no credentials, so nothing of any customer is ever rendered into it.
  const noted = recordingFetch();
  const client = new ApolloClient({
    ssrMode: true,
    link: new HttpLink({ uri: graphqlUrl, fetch: noted.fetchNoting }),
    cache: createCache(),
  });
  const { answer, response, reset } = recorder();
  const tree = (
    <StrictMode>
      <PageResponseContext value={response}>
        <ServerOriginContext value={origin}>
          <CartFormTokenContext value={cartFormToken}>
            <ServerCartContext value={cart ?? null}>
              <AppProviders client={client} serverLocation={url}>
                <AppRoutes />
              </AppProviders>
            </ServerCartContext>
          </CartFormTokenContext>
        </ServerOriginContext>
      </PageResponseContext>
    </StrictMode>
  );
  const { result } = await prerenderStatic({
    tree,
    signal,
    renderFunction: (node) => {
      reset();
      // One piece: a large boundary sent apart is put in place by an inline script, which the shop's CSP refuses.
      return prerenderToNodeStream(node, { signal, progressiveChunkSize: Number.POSITIVE_INFINITY });
    },
  });
  client.stop();
  if (answer.location) return { status: 301, location: answer.location };
  const base = isStorefrontPage(page) ? storefrontTemplate(template, manifest, storefrontLoader) : template;
  const withAssets = scriptsAfterPaint(
    base.replace("</head>", () => `${assets}${cartFormTokenMeta(cartFormToken)}</head>`),
  );
  const headed = answer.head ? withPageHead(withAssets, answer.head, origin) : withAssets;
  const state = `<script type="application/json" id="${APOLLO_STATE_ID}">${scriptSafeJson(client.extract())}</script>`;
  const root = cart ? `<div id="root" ${BROWSER_RENDERS_ATTRIBUTE}>` : `<div id="root">`;
  const html = headed.replace(/<div id="root"><\/div>/, () => `${root}${result}</div>${state}`);
  const reads = await noted.settled();
  // Given up waiting for data: the page shows what had arrived, not a page to keep.
  if (signal?.aborted) reads.complete = false;
  return { status: answer.status, html, reads };
}
