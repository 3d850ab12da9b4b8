import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import accepts from "accepts";
import FindMyWay from "find-my-way";
import {
  BREAK,
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLSchema,
  Kind,
  parse,
  SelectionSetNode,
  visit,
} from "graphql";
import { CacheHint, CacheScope, rootCacheHints } from "../api/graphql/cache-directive";
import { NotifiedCache } from "../api/notified-cache";
import { CHANGE_TOPICS, ChangeTopic, ChangeFeed } from "../domain/change-feed";
import type { AnswerLabel } from "./metrics";
import type { RenderReads } from "./web-app";

/**
 * Reads answered from memory, in front of the whole app. What may be cached is declared where it
 * is defined: a REST route's `cachedUntil`, a GraphQL root field's `@cached(until:, scope:)`.
 *
 * A request goes through the full stack (security headers, CORS, body parsing, GraphQL validation
 * and limits, the services, the database) until it has been seen twice; the second time its answer
 * is recorded (status 200, JSON, no Set-Cookie, no GraphQL errors). An identical request after that
 * gets the recorded bytes back, with no framework, no GraphQL execution and no SQL, until a change of one of
 * the topics it depends on is committed (NotifiedCache: a hit first waits until every change
 * committed before it arrived has been heard, so no read after an acknowledged write is stale, in
 * any process).
 *
 * - A visitor's request (no Authorization, no Cookie): a GET of a REST route with `cachedUntil`
 *   (no query string), or a POST /graphql whose document is only queries of root fields cached
 *   for PUBLIC or VISITOR. Shared by every visitor.
 * - A visitor's page (a GET asking for HTML, query string and all, of a page `declarePages`
 *   names): the server's render of it, kept when every GraphQL read of the render could have
 *   been (`pageRead`), until their topics change. A shopper's pages carry no Cookie (the cart's
 *   is scoped to the cart's paths) and nothing of them: the browser shows who is signed in.
 *   Pages are kept apart, in bounds of their own, from the first render: a page is asked for
 *   again far more often than a new GraphQL variable, and many pages never push out an answer.
 * - A signed-in GraphQL read: a genuine, unexpired access token (checked before anything is looked
 *   up), no Cookie, a document of only queries of root fields cached for PUBLIC or CALLER. The key
 *   starts with the caller's user id, so an answer is never replayed to anyone else, and it also
 *   depends on the users topic (the caller's account and role), and on the accounts topic when it
 *   shows prices as the caller's place shows them (their default address).
 *
 * Requests are "identical" when the method, URL, body and every header the answer can depend on
 * (Accept, Accept-Encoding, Origin, Content-Type, Apollo's CSRF headers) are. Whatever must run on
 * EVERY request, even a cached one (a request id, a rate limit), has to be done here as well:
 * cache hits do not reach the app. A hit to a GET whose If-None-Match matches the recorded ETag
 * gets 304.
 */
export interface CachedAnswer {
  bytes: number;
  status: number;
  headers: OutgoingHttpHeaders;
  notModifiedHeaders: OutgoingHttpHeaders | null;
  etag: string | null;
  body: Buffer;
  /** How a replay is counted (metrics, logs); null when nothing observes the cache. */
  label: AnswerLabel | null;
}

/** What a missed request carries to `record`: its key and the cache version it started at. */
interface Pending {
  key: string;
  version: number;
  callerId: string | null;
  restTopics: ChangeTopic[] | null;
  /** The REST route's pattern; null for GraphQL. */
  restRoute: string | null;
  /** A page of the web app: its topics are those of the render's reads, once `pageRead` has judged them. */
  page: boolean;
}

const PENDING = Symbol("answer-cache-pending");
type Tracked = IncomingMessage & { [PENDING]?: Pending };

const MAX_GRAPHQL_BODY = 16 * 1024;
/** Keys of missed requests remembered, to record an answer the second time it is asked for. */
const SEEN_KEYS = 20_000;
const JSON_REQUEST = /^application\/json\s*(;\s*charset=("?)utf-8\2\s*)?$/i;
const JSON_ANSWER = /^application\/(graphql-response\+)?json\b/i;
const HTML_ANSWER = /^text\/html\b/i;
/** How page answers are counted (metrics, logs): they match no route of their own. */
export const PAGE_LABEL_ROUTE = "(page)";
const KEY_HEADERS = [
  "accept",
  "accept-encoding",
  "origin",
  "content-type",
  "apollo-require-preflight",
  "x-apollo-operation-name",
];

/** Whether a document may be cached, for whom, and until what changes. */
interface Verdict {
  forVisitors: boolean;
  forCallers: boolean;
  until: ChangeTopic[];
  /** It shows prices as the caller's place shows them: a signed-in caller's answer also ends when their address book changes. */
  byCallersPlace: boolean;
}

/**
 * Fields whose value, for a signed-in caller, follows their default address (the place prices
 * are shown for): an address book's change is an accounts change.
 */
const CALLERS_PLACE_FIELDS = new Set(["shownPrice", "priceDisplay"]);

/**
 * Who watches the cache (metrics, debug logs): answers from memory never reach the app, so they
 * are counted and logged here. Absent when nothing watches, so the cache then does no more work.
 */
export interface AnswerCacheObserver {
  /** The label a recorded answer will be counted under: its REST route's pattern, or GraphQL's (route null) with the operation. */
  labelFor(restRoute: string | null, parsedBody: unknown): AnswerLabel;
  /** An answer replayed from memory; `startedAt` is performance.now() when the hit was found. */
  answered(req: IncomingMessage, status: number, label: AnswerLabel, startedAt: number): void;
  /** A cacheable request the cache did not have an answer for. */
  missed(): void;
}

export interface AnswerCacheOptions {
  graphqlPath: string;
  maxEntries: number;
  maxBytes: number;
  /** The bounds of the storefront pages kept, apart from the answers'. */
  maxPages: number;
  maxPageBytes: number;
  observer?: AnswerCacheObserver;
  /** The text the server runs for a persisted document's hash (api/graphql/persisted-documents.ts). */
  persistedDocumentOf?: (sha256Hash: string) => string | undefined;
}

/** The web app's pages, as the cache needs to know them (edge/web-app.ts). */
export interface WebPages {
  /** Whether the page at `pathname` is rendered alike for every visitor. */
  rendersAlikeForAll(pathname: string): boolean;
  /** Which build of the web app serves pages now (it can be built again while the shop runs). */
  build(): string;
}

export class AnswerCache {
  private readonly answers: NotifiedCache<CachedAnswer>;
  private readonly pageAnswers: NotifiedCache<CachedAnswer>;
  private readonly restRoutes = FindMyWay();
  private graphqlHints = new Map<string, CacheHint>();
  /** Verdicts per query text: clients send the same few documents again and again. */
  private readonly verdicts = new Map<string, Verdict | null>();
  private readonly seen = new Set<string>();
  private pages: WebPages = { rendersAlikeForAll: () => false, build: () => "" };

  constructor(
    events: ChangeFeed,
    private readonly callerIdOf: (authorization: string) => Promise<string | null>,
    private readonly options: AnswerCacheOptions,
  ) {
    this.answers = new NotifiedCache<CachedAnswer>(events, {
      maxEntries: options.maxEntries,
      maxBytes: options.maxBytes,
    });
    this.pageAnswers = new NotifiedCache<CachedAnswer>(events, {
      maxEntries: options.maxPages,
      maxBytes: options.maxPageBytes,
    });
  }

  /** A REST route's `cachedUntil` (visitors' GETs only). */
  declareRestRoute(path: string, until: ChangeTopic[]): void {
    this.restRoutes.on("GET", path, () => undefined, { until, path });
  }

  /** The web app's pages rendered alike for every visitor. */
  declarePages(pages: WebPages): void {
    this.pages = pages;
  }

  /**
   * A page rendered for a missed request, with the GraphQL requests its render sent: it is kept
   * only if each of them was answered in full and may be cached for visitors, until any of their
   * topics changes.
   */
  pageRead(req: IncomingMessage, reads: RenderReads | undefined): void {
    const pending = (req as Tracked)[PENDING];
    if (!pending?.page) return;
    const verdicts = reads?.complete ? reads.queries.map((query) => this.verdictOf(query)) : [null];
    if (verdicts.some((verdict) => !verdict?.forVisitors)) return;
    const until = CHANGE_TOPICS.filter((topic) => verdicts.some((verdict) => verdict!.until.includes(topic)));
    pending.restTopics = until.length ? until : ["catalogue"];
  }

  /** The schema's @cached root fields. */
  declareGraphqlSchema(schema: GraphQLSchema): void {
    this.graphqlHints = rootCacheHints(schema);
    this.verdicts.clear();
  }

  /** The node request listener: answers from memory, or passes the request on to `app`. */
  serve(req: IncomingMessage, res: ServerResponse, app: () => void): void {
    if (req.headers.cookie !== undefined || this.answers.version() < 0) return app();
    if (req.method === "GET" && req.headers.authorization === undefined) return this.serveGet(req, res, app);
    if (req.method === "POST" && req.url === this.options.graphqlPath && this.isPlainJsonBody(req))
      return void this.serveGraphql(req, res, app);
    app();
  }

  /**
   * Called with a missed request's answer, once the app has it: stores it when the request was
   * cacheable. `parsedBody` is the request's JSON body (GraphQL). `headersOf` is called only for
   * an answer kept: fastify merges its headers into a new object each time they are asked for.
   */
  record(
    req: IncomingMessage,
    headersOf: () => OutgoingHttpHeaders,
    statusCode: number,
    payload: unknown,
    parsedBody: unknown,
  ): void {
    const pending = (req as Tracked)[PENDING];
    if (!pending || statusCode !== 200) return;
    const body = typeof payload === "string" ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return;
    let until = pending.restTopics;
    if (pending.page && !until) return; // not rendered, or a read of the render may not be kept
    if (!until) {
      const verdict = this.verdictOf(parsedBody);
      if (!verdict || !(pending.callerId ? verdict.forCallers : verdict.forVisitors) || !graphqlSucceeded(body)) return;
      until = pending.callerId
        ? withUsers(verdict.byCallersPlace ? withAccounts(verdict.until) : verdict.until)
        : verdict.until;
    }
    const label = this.options.observer?.labelFor(pending.restRoute, parsedBody) ?? null;
    const answer = recordedAnswer(headersOf(), body, label, pending.page ? HTML_ANSWER : JSON_ANSWER);
    if (answer) this.cacheOf(pending.page).set(pending.key, answer, until, pending.version);
  }

  private serveGet(req: IncomingMessage, res: ServerResponse, app: () => void): void {
    const url = req.url ?? "";
    // The header first: matching a path against the web app's routes costs microseconds (tens for
    // a path it has no route for), and API clients, scripts and images never ask for HTML.
    if (asksForHtml(req) && this.pages.rendersAlikeForAll(url.split("?")[0])) {
      // A page names the build's scripts and styles: one kept from another build is never replayed.
      const key = keyOf(req, "", `page ${this.pages.build()}\n`);
      return this.answerOrMiss(req, res, key, () => this.miss(req, key, null, null, PAGE_LABEL_ROUTE, app, true), true);
    }
    const route = url.includes("?") ? null : this.restRoutes.find("GET", url);
    if (!route) return app();
    const key = keyOf(req, "", "");
    const { until, path } = route.store as { until: ChangeTopic[]; path: string };
    this.answerOrMiss(req, res, key, () => this.miss(req, key, null, until, path, app));
  }

  private async serveGraphql(req: IncomingMessage, res: ServerResponse, app: () => void): Promise<void> {
    let callerId: string | null = null;
    if (req.headers.authorization !== undefined) {
      // Only to the caller it was recorded for: the token is checked before anything is looked up.
      callerId = await this.callerIdOf(req.headers.authorization);
      if (callerId === null) return app();
    }
    readBody(req, Number(req.headers["content-length"]), (body) => {
      // A client that went away mid-body: nobody is waiting for an answer.
      if (body === null) return void req.destroy();
      const key = keyOf(req, body.toString("latin1"), callerId === null ? "" : `${callerId}\n`);
      const miss = () => {
        req.unshift(body);
        this.miss(req, key, callerId, null, null, app);
      };
      this.answerOrMiss(req, res, key, miss);
    });
  }

  /** Replays the answer once every change committed before now has been heard; else `miss`. */
  private answerOrMiss(req: IncomingMessage, res: ServerResponse, key: string, miss: () => void, page = false): void {
    const observer = this.options.observer;
    const answers = this.cacheOf(page);
    if (!answers.get(key)) {
      observer?.missed();
      return miss();
    }
    const startedAt = observer ? performance.now() : 0;
    answers.afterPendingChanges((ok) => {
      const cached = ok ? answers.get(key) : undefined;
      if (!cached) {
        observer?.missed();
        return miss();
      }
      req.resume();
      const status = send(req, res, cached);
      if (observer && cached.label) observer.answered(req, status, cached.label, startedAt);
    });
  }

  /**
   * Passes a request the cache cannot answer to the app. Its answer is recorded only if the same
   * request was seen before: answers whose keys never repeat (new variables on every request)
   * would only cost the recording and push out the ones that do. A page is recorded at once, in
   * the pages' own bounds.
   */
  private miss(
    req: IncomingMessage,
    key: string,
    callerId: string | null,
    restTopics: ChangeTopic[] | null,
    restRoute: string | null,
    app: () => void,
    page = false,
  ): void {
    const version = this.cacheOf(page).version();
    if (version >= 0 && (page || this.seenBefore(key)))
      (req as Tracked)[PENDING] = { key, version, callerId, restTopics, restRoute, page };
    app();
  }

  private cacheOf(page: boolean): NotifiedCache<CachedAnswer> {
    return page ? this.pageAnswers : this.answers;
  }

  /** Whether a key was missed before (remembered by digest, at most SEEN_KEYS of them). */
  private seenBefore(key: string): boolean {
    const digest = crypto.hash("sha1", key, "base64");
    if (this.seen.has(digest)) return true;
    if (this.seen.size >= SEEN_KEYS) this.seen.clear();
    this.seen.add(digest);
    return false;
  }

  private isPlainJsonBody(req: IncomingMessage): boolean {
    const headers = req.headers;
    const length = headers["content-length"];
    return (
      length !== undefined &&
      /^\d{1,5}$/.test(length) &&
      Number(length) > 0 &&
      Number(length) <= MAX_GRAPHQL_BODY &&
      headers["transfer-encoding"] === undefined &&
      (headers["content-encoding"] === undefined || headers["content-encoding"] === "identity") &&
      JSON_REQUEST.test(headers["content-type"] ?? "")
    );
  }

  private verdictOf(body: unknown): Verdict | null {
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const query = this.documentOf(body as GraphqlBody);
    if (query === undefined) return null;
    let verdict = this.verdicts.get(query);
    if (verdict === undefined) {
      verdict = judgeDocument(query, this.graphqlHints);
      if (this.verdicts.size >= 500) this.verdicts.clear();
      this.verdicts.set(query, verdict);
    }
    return verdict;
  }

  /** The text a request runs: its `query`, or the persisted document its hash names. */
  private documentOf(body: GraphqlBody): string | undefined {
    if (typeof body.query === "string") return body.query;
    const hash = body.extensions?.persistedQuery?.sha256Hash;
    return typeof hash === "string" ? this.options.persistedDocumentOf?.(hash) : undefined;
  }
}

interface GraphqlBody {
  query?: unknown;
  extensions?: { persistedQuery?: { sha256Hash?: unknown } };
}

const withUsers = (topics: ChangeTopic[]): ChangeTopic[] => (topics.includes("users") ? topics : [...topics, "users"]);
const withAccounts = (topics: ChangeTopic[]): ChangeTopic[] =>
  topics.includes("accounts") ? topics : [...topics, "accounts"];

// --- Which GraphQL documents may be cached ------------------------------------------------------

const allows = (scope: CacheScope, who: "visitor" | "caller") =>
  scope === "PUBLIC" || (who === "visitor" ? scope === "VISITOR" : scope === "CALLER");

/** Collects the hints of the root fields of a selection; false if one of them has none. */
function collectRootHints(
  selectionSet: SelectionSetNode,
  hints: Map<string, CacheHint>,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
  found: CacheHint[],
): boolean {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === "__typename") continue;
      const hint = hints.get(selection.name.value);
      if (!hint) return false;
      found.push(hint);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!collectRootHints(selection.selectionSet, hints, fragments, seen, found)) return false;
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      const fragment = fragments.get(name);
      if (!fragment || !collectRootHints(fragment.selectionSet, hints, fragments, seen, found)) return false;
    }
  }
  return true;
}

/** A document may be cached when every operation is a query of only @cached root fields. */
function judgeDocument(query: string, hints: Map<string, CacheHint>): Verdict | null {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: 5000 });
  } catch {
    return null;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const found: CacheHint[] = [];
  let operations = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    operations++;
    if (
      definition.operation !== "query" ||
      !collectRootHints(definition.selectionSet, hints, fragments, new Set(), found)
    )
      return null;
  }
  if (operations === 0) return null;
  const until = CHANGE_TOPICS.filter((topic) => found.some((hint) => hint.until.includes(topic)));
  return {
    forVisitors: found.every((hint) => allows(hint.scope, "visitor")),
    forCallers: found.every((hint) => allows(hint.scope, "caller")),
    until: until.length ? until : ["catalogue"],
    byCallersPlace: selectsAnyOf(document, CALLERS_PLACE_FIELDS),
  };
}

/** Whether any field of the document (any operation or fragment, used or not) is one of `names`. */
function selectsAnyOf(document: DocumentNode, names: ReadonlySet<string>): boolean {
  let found = false;
  visit(document, {
    Field(field) {
      if (names.has(field.name.value)) {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function graphqlSucceeded(body: Buffer): boolean {
  try {
    const answer = JSON.parse(body.toString("utf8"));
    return Boolean(answer) && typeof answer === "object" && answer.errors === undefined && answer.data !== undefined;
  } catch {
    return false;
  }
}

// --- Recording and replaying ---------------------------------------------------------------------

function keyOf(req: IncomingMessage, body: string, prefix: string): string {
  let key = `${prefix}${req.method} ${req.url}`;
  for (const name of KEY_HEADERS) {
    const value = req.headers[name];
    key += `\n${value === undefined ? "" : String(value)}`;
  }
  return `${key}\n\n${body}`;
}

/** The answer as it may be replayed, or null when it is one client's own or not of the type expected. */
function recordedAnswer(
  headers: OutgoingHttpHeaders,
  body: Buffer,
  label: AnswerLabel | null,
  type: RegExp,
): CachedAnswer | null {
  if (!type.test(String(headers["content-type"] ?? "")) || headers["set-cookie"] !== undefined) return null;
  // An answer for one user only. ("no-store" is advice to HTTP caches between us and the client
  // and is replayed as it is; this cache is the server's own, emptied on every change.)
  if (/private/i.test(String(headers["cache-control"] ?? ""))) return null;
  const replay: OutgoingHttpHeaders = { ...headers };
  for (const name of ["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"]) delete replay[name];
  replay["content-length"] = String(body.length);
  // Served from memory: no SQL statement ran for it.
  if (replay["x-sql-queries"] !== undefined) replay["x-sql-queries"] = "0";
  const etag = typeof headers.etag === "string" ? headers.etag : null;
  let notModifiedHeaders: OutgoingHttpHeaders | null = null;
  if (etag) {
    notModifiedHeaders = { ...replay };
    delete notModifiedHeaders["content-type"];
    delete notModifiedHeaders["content-length"];
  }
  let bytes = body.length + 64;
  for (const [name, value] of Object.entries(replay)) bytes += name.length + String(value).length;
  return { bytes, status: 200, headers: replay, notModifiedHeaders, etag, body, label };
}

/** Whether a request would rather have HTML than JSON (a browser's navigation): it gets the web app's page. */
export function asksForHtml(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  // With neither a text type nor a q-value named, JSON is matched at least as well as HTML and is
  // listed first: the negotiation's answer is known without parsing the header.
  if (accept === undefined || !/text\/|;/.test(accept)) return false;
  return accepts(req).type(["application/json", "text/html"]) === "text/html";
}

/** The freshness rule of HTTP caches (the `fresh` package) for an ETag, for GET requests. */
export function isFresh(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (!noneMatch) return false;
  const cacheControl = req.headers["cache-control"];
  if (cacheControl && /(?:^|,)\s*no-cache\s*(?:,|$)/.test(cacheControl)) return false;
  if (noneMatch.trim() === "*") return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return noneMatch.split(",").some((tag) => strip(tag) === strip(etag));
}

/** Replays an answer (304 when the client's copy is fresh); returns the status sent. */
function send(req: IncomingMessage, res: ServerResponse, cached: CachedAnswer): number {
  if (req.method === "GET" && cached.etag && cached.notModifiedHeaders && isFresh(req, cached.etag)) {
    res.writeHead(304, cached.notModifiedHeaders);
    res.end();
    return 304;
  }
  res.writeHead(cached.status, cached.headers);
  res.end(cached.body);
  return cached.status;
}

/**
 * Reads exactly `length` body bytes without ending the stream, so that on a miss they can be put
 * back (unshift) and the app parses the body as usual, with all its checks and error answers.
 */
function readBody(req: IncomingMessage, length: number, done: (body: Buffer | null) => void): void {
  const finish = (body: Buffer | null) => {
    req.removeListener("readable", onReadable);
    req.removeListener("end", onEnd);
    req.removeListener("error", onEnd);
    req.removeListener("aborted", onEnd);
    done(body);
  };
  const onReadable = () => {
    const body = req.read(length) as Buffer | null;
    if (body !== null) finish(body.length === length ? body : null);
  };
  const onEnd = () => finish(null);
  req.on("readable", onReadable);
  req.on("end", onEnd);
  req.on("error", onEnd);
  req.on("aborted", onEnd);
}
