import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { DocumentNode, FragmentDefinitionNode, Kind, parse, SelectionSetNode } from "graphql";
import type { NotifiedCache } from "./notified-cache";

/**
 * Catalogue reads and signed-in reads answered from memory, in front of the whole express app.
 *
 * The first time a request is seen, it goes through the full stack (security headers, CORS,
 * body parsing, GraphQL validation and limits, the services, the database) and its answer is
 * recorded. An identical request after that gets the recorded bytes back, with no express, no
 * GraphQL execution and no SQL, until the catalogue changes (NotifiedCache on catalogue_changed: every write, in
 * every process, drops everything; a hit first waits until every change committed before it
 * arrived has been heard). Only these are recorded:
 *
 * - GET /parts, /parts/{id}, /product, /review (no query string);
 * - POST /graphql with a JSON body of at most 16 KiB whose document has only queries, and only
 *   the public catalogue fields at the root (parts, part, products, reviews, node);
 * - without an Authorization or Cookie header, with status 200, a JSON content type, no Set-Cookie, no
 *   "Cache-Control: private" and no errors in a GraphQL answer.
 *
 * Signed-in reads are kept apart per caller, in a second cache (Services.viewerCache):
 *
 * - POST /graphql with a genuine, unexpired access token (checked before anything is looked up),
 *   no Cookie, and a document of only queries of VIEWER_ROOT_FIELDS; same status, content and
 *   error rules as above. The key starts with the caller's user id: an answer recorded for one
 *   user is never replayed to another, and a token that no longer verifies never gets one.
 * - Such answers show the caller's account, orders and profile and the catalogue: any change to
 *   users, orders, profiles, parts, products or reviews drops them all (NOTIFY users_changed,
 *   accounts_changed, catalogue_changed). Writes of this process are heard the same way: a hit
 *   waits for the LISTEN round trip, which delivers every notification committed before it.
 *
 * Requests are "identical" when the method, URL, body and every header the answer can depend on
 * (Accept, Accept-Encoding, Origin, Content-Type, Apollo's CSRF headers) are. So a hit replays
 * exactly what the stack answered to the same request since the last catalogue change. Whatever
 * must run on EVERY request, even a cached one (per-request rate limits, logging), has to be added
 * here as well: cache hits do not reach express.
 *
 * A hit to a GET whose If-None-Match matches the recorded ETag gets 304, as express would answer.
 */
export interface CachedResponse {
  bytes: number;
  status: number;
  headers: OutgoingHttpHeaders;
  notModifiedHeaders: OutgoingHttpHeaders | null;
  etag: string | null;
  body: Buffer;
}

const MAX_GRAPHQL_BODY = 16 * 1024;
const REST_PATHS = new Set(["/parts", "/product", "/review"]);
const PART_PATH = /^\/parts\/[A-Za-z0-9_-]{1,200}$/;
const JSON_REQUEST = /^application\/json\s*(;\s*charset=("?)utf-8\2\s*)?$/i;
const JSON_ANSWER = /^application\/(graphql-response\+)?json\b/i;
/** Public catalogue fields: what they answer depends only on the catalogue tables. */
const CATALOGUE_ROOT_FIELDS = new Set(["parts", "part", "products", "reviews", "node", "__typename"]);
/**
 * What a signed-in read may ask to be cached for its caller: what they answer depends only on the
 * caller's user row and the users, orders, profiles and catalogue tables, whose every change drops
 * the cache. (Not `node`, `users` or `isAdmin`: they can show users who sign up later, and an
 * INSERT into users is not notified.)
 */
const VIEWER_ROOT_FIELDS = new Set(["viewer", "order", "orders", "parts", "part", "products", "reviews", "__typename"]);
const KEY_HEADERS = ["accept", "accept-encoding", "origin", "content-type", "apollo-require-preflight", "x-apollo-operation-name"];

type Kind_ = "rest" | "graphql" | "viewer";

/** Where an answer may be cached: its kind, its cache and, for a signed-in read, its caller. */
interface Cacheable {
  kind: Kind_;
  cache: NotifiedCache<CachedResponse>;
  keyPrefix: string;
}

export interface AnswerCaches {
  /** Anonymous catalogue reads, shared by everyone. */
  catalogue: NotifiedCache<CachedResponse>;
  /** Signed-in GraphQL reads, each for its caller only. */
  viewer: NotifiedCache<CachedResponse>;
  /** The user id behind an Authorization header with a genuine, unexpired access token; else null. */
  callerIdOf(authorization: string): string | null;
}

function cacheableAs(req: IncomingMessage, caches: AnswerCaches): Cacheable | null {
  const headers = req.headers;
  if (headers.cookie !== undefined) return null;
  const url = req.url ?? "";
  let cacheable: Cacheable;
  if (headers.authorization === undefined) {
    if (req.method === "GET") return REST_PATHS.has(url) || PART_PATH.test(url) ? { kind: "rest", cache: caches.catalogue, keyPrefix: "" } : null;
    cacheable = { kind: "graphql", cache: caches.catalogue, keyPrefix: "" };
  } else {
    // A signed-in read is answered from memory only to the user it was recorded for. The token is
    // checked here (signature and expiry); whether the account still exists and its role are part
    // of the recorded answer, which any change to the user's row drops (users_changed).
    if (req.method !== "POST" || url !== "/graphql") return null;
    const callerId = caches.callerIdOf(headers.authorization);
    if (callerId === null) return null;
    cacheable = { kind: "viewer", cache: caches.viewer, keyPrefix: `${callerId}\n` };
  }
  if (req.method !== "POST" || url !== "/graphql") return null;
  const length = headers["content-length"];
  if (
    length === undefined ||
    !/^\d{1,5}$/.test(length) ||
    Number(length) === 0 ||
    Number(length) > MAX_GRAPHQL_BODY ||
    headers["transfer-encoding"] !== undefined ||
    (headers["content-encoding"] !== undefined && headers["content-encoding"] !== "identity") ||
    !JSON_REQUEST.test(headers["content-type"] ?? "")
  ) {
    return null;
  }
  return cacheable;
}

function keyOf(req: IncomingMessage, body: string, prefix: string): string {
  let key = `${prefix}${req.method} ${req.url}`;
  for (const name of KEY_HEADERS) {
    const value = req.headers[name];
    key += `\n${value === undefined ? "" : String(value)}`;
  }
  return `${key}\n\n${body}`;
}

/** express's freshness rule (the `fresh` package) for an ETag, for GET requests. */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (!noneMatch) return false;
  const cacheControl = req.headers["cache-control"];
  if (cacheControl && /(?:^|,)\s*no-cache\s*(?:,|$)/.test(cacheControl)) return false;
  if (noneMatch.trim() === "*") return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return noneMatch.split(",").some((tag) => strip(tag) === strip(etag));
}

function send(req: IncomingMessage, res: ServerResponse, cached: CachedResponse): void {
  if (req.method === "GET" && cached.etag && cached.notModifiedHeaders && isFresh(req, cached.etag)) {
    res.writeHead(304, cached.notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(cached.status, cached.headers);
  res.end(cached.body);
}

// --- Which GraphQL documents are catalogue reads -------------------------------------------------

function onlyRootFields(selectionSet: SelectionSetNode, allowed: Set<string>, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): boolean {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!allowed.has(selection.name.value)) return false;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!onlyRootFields(selection.selectionSet, allowed, fragments, seen)) return false;
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      const fragment = fragments.get(name);
      if (!fragment || !onlyRootFields(fragment.selectionSet, allowed, fragments, seen)) return false;
    }
  }
  return true;
}

/** Whether every operation of a document is a query of only the allowed root fields. */
function queriesOnly(query: string, allowed: Set<string>): boolean {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: 5000 });
  } catch {
    return false;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let operations = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    operations++;
    if (definition.operation !== "query" || !onlyRootFields(definition.selectionSet, allowed, fragments, new Set())) return false;
  }
  return operations > 0;
}

/** Verdicts per root-field set and query text: clients send the same few documents again and again. */
const verdicts = new Map<Set<string>, Map<string, boolean>>([
  [CATALOGUE_ROOT_FIELDS, new Map()],
  [VIEWER_ROOT_FIELDS, new Map()],
]);

function asksOnly(body: unknown, allowed: Set<string>): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const query = (body as { query?: unknown }).query;
  if (typeof query !== "string") return false;
  const memo = verdicts.get(allowed)!;
  let verdict = memo.get(query);
  if (verdict === undefined) {
    verdict = queriesOnly(query, allowed);
    if (memo.size >= 500) memo.clear();
    memo.set(query, verdict);
  }
  return verdict;
}

// --- Recording an answer -------------------------------------------------------------------------

function record(
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  kind: Kind_,
  chunks: Buffer[],
): CachedResponse | null {
  if (res.statusCode !== 200) return null;
  const headers = res.getHeaders();
  const contentType = String(headers["content-type"] ?? "");
  if (!JSON_ANSWER.test(contentType) || headers["set-cookie"] !== undefined) return null;
  // An answer for one user only. (Apollo's "no-store" is advice to HTTP caches between us and the
  // client and is replayed as it is; this cache is the server's own, invalidated on every change.)
  if (/private/i.test(String(headers["cache-control"] ?? ""))) return null;
  const body = Buffer.concat(chunks);
  if (headers["content-length"] !== undefined && Number(headers["content-length"]) !== body.length) return null;
  if (kind === "graphql" || kind === "viewer") {
    if (!asksOnly(req.body, kind === "graphql" ? CATALOGUE_ROOT_FIELDS : VIEWER_ROOT_FIELDS)) return null;
    try {
      const answer = JSON.parse(body.toString("utf8"));
      if (!answer || typeof answer !== "object" || answer.errors !== undefined || answer.data === undefined) return null;
    } catch {
      return null;
    }
  }
  const replay: OutgoingHttpHeaders = { ...headers };
  delete replay.date;
  delete replay.connection;
  delete replay["keep-alive"];
  delete replay["transfer-encoding"];
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
  return { bytes, status: 200, headers: replay, notModifiedHeaders, etag, body };
}

/** Runs the request through the app and records its answer if it may be cached. */
function throughApp(app: RequestListener, req: IncomingMessage, res: ServerResponse, kind: Kind_, key: string, cache: NotifiedCache<CachedResponse>) {
  const version = cache.version();
  if (version < 0) return app(req, res);
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, ...rest: unknown[]) {
    collect(chunk, encoding);
    return (write as Function).call(this, chunk, encoding, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, ...rest: unknown[]) {
    collect(chunk, encoding);
    res.write = write;
    res.end = end;
    const result = (end as Function).call(this, chunk, encoding, ...rest);
    try {
      const cached = record(req, res, kind, chunks);
      if (cached) cache.set(key, cached, version);
    } catch (error) {
      console.error("[partshop] Could not record a cacheable answer:", error);
    }
    return result;
  } as typeof res.end;
  return app(req, res);
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

export function serveCachedAnswers(app: RequestListener, caches: AnswerCaches): RequestListener {
  return (req, res) => {
    const cacheable = cacheableAs(req, caches);
    if (cacheable === null || cacheable.cache.version() < 0) return app(req, res);
    const { kind, cache, keyPrefix } = cacheable;
    if (kind === "rest") {
      const key = keyOf(req, "", keyPrefix);
      if (!cache.get(key)) return throughApp(app, req, res, kind, key, cache);
      // Hold the answer until every change committed before this request has been heard.
      return cache.afterPendingChanges((ok) => {
        const cached = ok ? cache.get(key) : undefined;
        if (cached) send(req, res, cached);
        else throughApp(app, req, res, kind, key, cache);
      });
    }
    readBody(req, Number(req.headers["content-length"]), (body) => {
      // A client that went away mid-body: nobody is waiting for an answer.
      if (body === null) return void req.destroy();
      const key = keyOf(req, body.toString("latin1"), keyPrefix);
      const miss = () => {
        req.unshift(body);
        throughApp(app, req, res, kind, key, cache);
      };
      if (!cache.get(key)) return miss();
      cache.afterPendingChanges((ok) => {
        const cached = ok ? cache.get(key) : undefined;
        if (!cached) return miss();
        req.resume();
        send(req, res, cached);
      });
    });
  };
}
