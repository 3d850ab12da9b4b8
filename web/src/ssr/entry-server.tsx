import { StrictMode } from "react";
import { matchPath } from "react-router-dom";
import { prerenderToNodeStream } from "react-dom/static";
import { ApolloClient, HttpLink } from "@apollo/client";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { AppProviders } from "../AppProviders";
import { AppRoutes } from "../AppRoutes";
import { createCache } from "../apollo/cache";
import { headTags, pageTitle, type PageHead } from "../routes/storefront/usePageHead";
import { PageResponseContext, type PageResponse } from "./PageResponse";
import { ServerOriginContext } from "./origin";
import { pagePaths, type PageName } from "../routeTable";
import { APOLLO_STATE_ID, SERVER_HEAD_ATTRIBUTE, SITE_DEFAULT_ATTRIBUTE, scriptSafeJson } from "./serverPage";

/** The pages visitors land on from search engines and links; the rest (sign-in, cart, dashboard) render in the browser. */
const SERVER_RENDERED: ReadonlySet<PageName> = new Set([
  "home",
  "catalogue",
  "part",
  "product",
  "blogs",
  "portfolio",
  "notFound",
]);
const PAGE_PATHS = pagePaths().filter(({ path }) => path !== "*");

/** Whether the server renders the page at `pathname` (an address no route knows is the 404 page: rendered too). */
export function rendersOnServer(pathname: string): boolean {
  const page = PAGE_PATHS.find(({ path }) => matchPath(path, pathname))?.page ?? "notFound";
  return SERVER_RENDERED.has(page);
}

export interface RenderRequest {
  /** The page's address on the shop: path and query ("/parts?q=battery"). */
  url: string;
  /** The shop's origin as the visitor sees it (https://shop.example.com): canonical and structured-data URLs. */
  origin: string;
  /** Where the server's own GraphQL answers the page's queries. */
  graphqlUrl: string;
  /** The built index.html: the page is written into it. */
  template: string;
  /** Gives up waiting for data (the page is then rendered with what has arrived). */
  signal?: AbortSignal;
}

export type RenderedPage = { status: number; html: string } | { status: 301; location: string };

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
export async function render({ url, origin, graphqlUrl, template, signal }: RenderRequest): Promise<RenderedPage> {
  // A visitor's page: no credentials, so nothing of any customer is ever rendered into it.
  const client = new ApolloClient({ ssrMode: true, link: new HttpLink({ uri: graphqlUrl }), cache: createCache() });
  const { answer, response, reset } = recorder();
  const tree = (
    <StrictMode>
      <PageResponseContext value={response}>
        <ServerOriginContext value={origin}>
          <AppProviders client={client} serverLocation={url}>
            <AppRoutes />
          </AppProviders>
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
  const page = answer.head ? withPageHead(template, answer.head, origin) : template;
  const state = `<script type="application/json" id="${APOLLO_STATE_ID}">${scriptSafeJson(client.extract())}</script>`;
  const html = page.replace(/<div id="root"><\/div>/, () => `<div id="root">${result}</div>${state}`);
  return { status: answer.status, html };
}
