import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { DocumentNode, FragmentDefinitionNode, Kind, parse, SelectionSetNode } from "graphql";
import type { NotifiedCache } from "./notified-cache";

/**
 * Anonymous catalogue reads answered from memory, in front of the whole express app.
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
const KEY_HEADERS = ["accept", "accept-encoding", "origin", "content-type", "apollo-require-preflight", "x-apollo-operation-name"];

type Kind_ = "rest" | "graphql";

function requestKind(req: IncomingMessage): Kind_ | null {
  const headers = req.headers;
  // Answers that may depend on who is asking are never shared.
  if (headers.authorization !== undefined || headers.cookie !== undefined) return null;
  const url = req.url ?? "";
  if (req.method === "GET") return REST_PATHS.has(url) || PART_PATH.test(url) ? "rest" : null;
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
  return "graphql";
}

function keyOf(req: IncomingMessage, body: string): string {
  let key = `${req.method} ${req.url}`;
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

const documentVerdicts = new Map<string, boolean>();

function onlyCatalogueFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): boolean {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!CATALOGUE_ROOT_FIELDS.has(selection.name.value)) return false;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!onlyCatalogueFields(selection.selectionSet, fragments, seen)) return false;
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      const fragment = fragments.get(name);
      if (!fragment || !onlyCatalogueFields(fragment.selectionSet, fragments, seen)) return false;
    }
  }
  return true;
}

function isCatalogueDocument(query: string): boolean {
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
    if (definition.operation !== "query" || !onlyCatalogueFields(definition.selectionSet, fragments, new Set())) return false;
  }
  return operations > 0;
}

/** Whether a parsed GraphQL request body asks only for catalogue data (memoised per query text). */
export function isCatalogueRequest(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const query = (body as { query?: unknown }).query;
  if (typeof query !== "string") return false;
  let verdict = documentVerdicts.get(query);
  if (verdict === undefined) {
    verdict = isCatalogueDocument(query);
    if (documentVerdicts.size >= 500) documentVerdicts.clear();
    documentVerdicts.set(query, verdict);
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
  if (kind === "graphql") {
    if (!isCatalogueRequest(req.body)) return null;
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

export function serveCachedCatalogue(app: RequestListener, cache: NotifiedCache<CachedResponse>): RequestListener {
  return (req, res) => {
    const kind = requestKind(req);
    if (kind === null || cache.version() < 0) return app(req, res);
    if (kind === "rest") {
      const key = keyOf(req, "");
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
      const key = keyOf(req, body.toString("latin1"));
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
