import crypto from "node:crypto";
import zlib from "node:zlib";
import fc from "fast-check";
import { getNamedType, isCompositeType, Kind, OperationDefinitionNode, parse } from "graphql";
import { authorizationOf, Caller } from "./callers";
import { HttpRequest, jsonBytes, printable } from "./http";
import { FuzzCase } from "./property";
import { operationArbitrary } from "./graphql-cases";
import { percentEncode, restPath } from "./rest-cases";
import { GraphqlTarget, RestTarget } from "./targets";
import { hostileJson, hostileText, ordered, rarely } from "./values";
import { World } from "./world";

/*
 * The request envelope, not only field values: methods, paths, content types and encodings,
 * bodies that are not JSON or are cut short, empty or huge, odd headers; and for GraphQL, every
 * field of the request (query, operationName, variables, extensions) and the way it is sent.
 */

export interface EnvelopeCase extends FuzzCase {
  caller: string;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "SEARCH", "LOCK"];

/** Paths no route declares: look-alikes of real ones, traversal, broken encoding, the asterisk form. */
const ODD_PATHS = [
  "/",
  "*",
  "/graphql/",
  "/GRAPHQL",
  "//graphql",
  "/graphql%00",
  "/graphql;x=1",
  "/graphql?",
  "/graphql#x",
  "/images/../../etc/passwd",
  "/images/%2e%2e/%2e%2e/package.json",
  "/images/..%2f..%2fpackage.json",
  "/uploads/",
  "/uploads/..%2fjwt-secret",
  "/uploads/%2e%2e%2fpostgres-password",
  "/%",
  "/parts/%",
  "/parts/%ED%A0%80",
  "/assets/x.js",
  "/index.html",
  "/favicon.ico",
  "/readyz",
  "/healthz/",
  "/\u00ff\u00fe",
  `/${"a".repeat(9000)}`,
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  'application/json; charset="utf-8"',
  "application/json;charset=UTF8",
  "application/JSON",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/json; charset=",
  "application/json; charset=utf-8; boundary=x",
  "application/merge-patch+json",
  "application/graphql",
  "application/graphql-response+json",
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=fuzz",
  "application/octet-stream",
  "image/png",
  "",
  "garbage",
  ";;;",
  "application/json, text/plain",
  "application/\u00e9json",
  `application/json; x=${"y".repeat(5000)}`,
];

const CONTENT_ENCODINGS = ["gzip", "deflate", "br", "identity", "x-gzip", "gzip, identity", "compress", "", "\u00e9"];

/** Headers that should change nothing, or be refused cleanly. */
const ODD_HEADERS: Array<[string, string | string[]]> = [
  ["accept", "text/html"],
  ["accept", "*/*"],
  ["accept", "application/xml"],
  ["accept", "application/graphql-response+json"],
  ["accept", ""],
  ["accept", "garbage;;q=x"],
  ["accept-encoding", "gzip, br"],
  ["accept-charset", "utf-16"],
  ["origin", "https://evil.example"],
  ["origin", "null"],
  ["x-forwarded-for", "' OR 1=1"],
  ["x-forwarded-for", "1.2.3.4, ::1, not-an-ip"],
  ["x-forwarded-host", "evil.example"],
  ["x-forwarded-proto", "gopher"],
  ["host", "evil.example"],
  ["host", ""],
  ["host", "a b"],
  ["x-request-id", "fuzz-request-0001"],
  ["x-request-id", "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"],
  ["apollo-require-preflight", "true"],
  ["x-apollo-operation-name", "Fuzz"],
  ["cookie", "session=x; admin=true"],
  ["if-none-match", "*"],
  ["if-none-match", 'W/"x"'],
  ["if-modified-since", "yesterday"],
  ["range", "bytes=0-1"],
  ["expect", "garbage"],
  ["x-http-method-override", "DELETE"],
  ["connection", "upgrade"],
  ["upgrade", "websocket"],
  ["authorization", ["Bearer a", "Bearer b"]],
  ["x-long", "x".repeat(10_000)],
  ["content-language", "\u00ff"],
];

const withoutBody = { kind: "no body" } as const;

/** A valid JSON text cut short at some point. */
const truncatedJson = fc
  .tuple(
    hostileJson.map((value) => JSON.stringify({ query: "{ __typename }", value })),
    fc.nat(),
  )
  .map(([text, cut]) => Buffer.from(text.slice(0, cut % Math.max(1, text.length)), "utf8"));

/** Bodies of every shape: none, empty, JSON of any shape, cut short, not UTF-8, huge, form-encoded, UTF-16, with a BOM. */
const bodyArbitrary: fc.Arbitrary<Buffer | typeof withoutBody> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant(withoutBody) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
  { weight: 4, arbitrary: hostileJson.map(jsonBytes) },
  { weight: 2, arbitrary: fc.constant(jsonBytes({ query: "{ __typename }" })) },
  { weight: 2, arbitrary: truncatedJson },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])) },
  {
    weight: 1,
    arbitrary: fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), jsonBytes({ query: "{ __typename }" })])),
  },
  { weight: 1, arbitrary: fc.constant(Buffer.from(JSON.stringify({ query: "{ __typename }" }), "utf16le")) },
  { weight: 1, arbitrary: fc.constant(Buffer.from("query=%7B__typename%7D&email=a%40b.co", "latin1")) },
  { weight: 1, arbitrary: fc.constant(Buffer.from('{"a":1,"a":2,"__proto__":{"admin":true}}')) },
  {
    weight: 1,
    arbitrary: ordered([100 * 1024 + 1, 1024 * 1024 + 1, 2 * 1024 * 1024]).map((size) =>
      Buffer.from(`{"x":"${"y".repeat(size)}"}`),
    ),
  },
);

/** Every path a request may aim at: each route with real parameter values, /graphql and /healthz, and paths no route declares. */
function pathArbitrary(targets: RestTarget[], world: World): fc.Arbitrary<string> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 3, arbitrary: fc.constant("/graphql") },
    { weight: 6, arbitrary: fc.constantFrom(...targets).chain((target) => restPath(target, world, "plausible")) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_PATHS) },
  );
}

/** Compresses a body as its Content-Encoding says, sometimes (else the header lies). */
function encodeBody(body: Buffer, encoding: string | null, compress: boolean): Buffer {
  if (!compress || encoding === null) return body;
  if (encoding === "gzip" || encoding === "x-gzip") return zlib.gzipSync(body);
  if (encoding === "deflate") return zlib.deflateSync(body);
  if (encoding === "br") return zlib.brotliCompressSync(body);
  return body;
}

/**
 * Requests with any method, path, content type, encoding and body; with `oddHeaders`, also with up
 * to three odd headers (a separate property, so that a header's failure does not hide a body's).
 */
export function envelopeCases(
  targets: RestTarget[],
  world: World,
  callers: fc.Arbitrary<Caller>,
  oddHeaders: boolean,
): fc.Arbitrary<EnvelopeCase> {
  return fc
    .record({
      caller: callers,
      method: fc.oneof(
        { weight: 6, arbitrary: ordered(METHODS.slice(0, 7)) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS.slice(7)) },
      ),
      path: pathArbitrary(targets, world),
      contentType: fc.option(ordered(CONTENT_TYPES), { freq: 6 }),
      body: bodyArbitrary,
      encoding: rarely(fc.constantFrom(...CONTENT_ENCODINGS), 5),
      compress: fc.boolean(),
      chunked: rarely(fc.constant(true), 4).map(Boolean),
      headers: oddHeaders ? fc.array(fc.constantFrom(...ODD_HEADERS), { minLength: 1, maxLength: 3 }) : fc.constant([]),
    })
    .map(({ caller, method, path, contentType, body, encoding, compress, chunked, headers }) => {
      const request: HttpRequest = {
        method,
        path,
        headers: { ...authorizationOf(caller) },
        shownAuthorization: caller.shown,
      };
      for (const [name, value] of headers) request.headers[name] = value;
      if (contentType !== null) request.headers["content-type"] = contentType;
      if (encoding !== null) request.headers["content-encoding"] = encoding;
      if (Buffer.isBuffer(body)) {
        request.body = encodeBody(body, encoding, compress);
        request.chunked = chunked;
      }
      return printable({ request, caller: caller.name });
    });
}

// --- Every field of a GraphQL request -----------------------------------------------------------

/** A root field as a selection: `parts { __typename }`, `isAdmin`. */
const selectionOf = (target: GraphqlTarget) =>
  `${target.field.name}${isCompositeType(getNamedType(target.field.type)) ? " { __typename }" : ""}`;

/** One operation definition: query, mutation, subscription or the shorthand, named or not, selecting a root field or __typename. */
const operationDefinition = (selections: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .record({
      type: fc.constantFrom("", "query", "mutation", "subscription"),
      name: fc.option(fc.constantFrom("A", "B", "Q")),
      selection: selections,
    })
    .map(({ type, name, selection }) =>
      type === "" ? `{ ${selection} }` : `${type}${name ? ` ${name}` : ""} { ${selection} }`,
    );

/** Documents that are broken or odd in one way each (fragments, directives, variables, introspection, nesting, size, syntax). */
function oddDocuments(field: string): string[] {
  return [
    "",
    "   ",
    "fragment F on Query { __typename }",
    "query { ...F } fragment F on Query { __typename }",
    "query { ...F } fragment F on Query { ...F }",
    "query { ...Missing }",
    "{ __typename @skip(if: true) }",
    "query ($x: Boolean!) { __typename @include(if: $x) }",
    "{ __typename @nope }",
    'query ($a: Int = "x") { __typename }',
    `query { ${field}(x: $undeclared) { __typename } }`,
    "query ($a: Int, $a: Int) { __typename }",
    "{ __schema { types { name fields { name } } } }",
    '{ __type(name: "Query") { name } }',
    "{ nope }",
    `{ ${field} { nope } }`,
    "{ __typename",
    "{ __typename } }",
    `{ ${"a { ".repeat(30)}b${" }".repeat(30)} }`,
    `{ ${"__typename ".repeat(1100)}}`,
    `query ${"(".repeat(500)}`,
    '{ __typename } # "comment\u0000',
    "\ufeff{ __typename }",
    '{ __typename(x: """block \\""" string""") }',
  ];
}

/** Documents of every kind, built around the schema's own root fields: one to three operations of any type, or odd ones. */
function documentArbitrary(targets: GraphqlTarget[]): fc.Arbitrary<string> {
  const selections = fc.oneof(fc.constant("__typename"), fc.constantFrom(...targets).map(selectionOf));
  const operations = fc
    .array(operationDefinition(selections), { minLength: 1, maxLength: 3 })
    .map((definitions) => definitions.join(" "));
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 5, arbitrary: operations },
    { weight: 3, arbitrary: fc.constantFrom(...oddDocuments(targets[0].field.name)) },
    { weight: 1, arbitrary: hostileText },
  );
}

/** The operation a document runs for an operation name, as Apollo picks it (null: none or ambiguous). */
export function selectedOperation(query: unknown, operationName: unknown): OperationDefinitionNode | null {
  if (typeof query !== "string") return null;
  try {
    const operations = parse(query).definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    if (typeof operationName === "string")
      return operations.find((operation) => operation.name?.value === operationName) ?? null;
    return operations.length === 1 ? operations[0] : null;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** Stands for the sha256 of the request's own query in `extensions` until the request is built. */
const RIGHT_HASH = "(the sha256 of the query)";

/** `extensions`, persisted queries first among them: the right hash, a wrong one, a wrong version, wrong types. */
const extensionsArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, {}, "x", [], 1, "{}") },
  { weight: 1, arbitrary: fc.constant({ persistedQuery: { version: 1, sha256Hash: RIGHT_HASH } }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } },
      { persistedQuery: { version: 1, sha256Hash: "abc" } },
      { persistedQuery: { version: 1, sha256Hash: 123 } },
      { persistedQuery: { version: 1 } },
      { persistedQuery: { version: 2, sha256Hash: RIGHT_HASH } },
      { persistedQuery: { version: "1", sha256Hash: RIGHT_HASH } },
      { persistedQuery: { version: null } },
      { persistedQuery: "x" },
      { persistedQuery: null },
    ),
  },
  { weight: 1, arbitrary: hostileJson },
);

/** The extensions with the right hash of the query filled in. */
function withRightHash(extensions: unknown, query: unknown): unknown {
  const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery;
  if (!persisted || persisted.sha256Hash !== RIGHT_HASH) return extensions;
  return { persistedQuery: { ...persisted, sha256Hash: sha256(typeof query === "string" ? query : "") } };
}

/** Variables of every shape (the documents above mostly declare none, or $x: Boolean!). */
const variablesArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, {}, [], "x", "{}", 1, true, { x: true }, { x: "yes" }, { a: 1 }),
  },
  { weight: 1, arbitrary: hostileJson },
);

/** operationName: absent, null, matching, not matching, of a wrong type. */
const operationNameArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>("A", "B", "Q", "F", "") },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 1, true, [], {}, ["A"]) },
  { weight: 1, arbitrary: hostileText },
);

interface GraphqlRequestFields {
  query: unknown;
  operationName: unknown;
  variables: unknown;
  extensions: unknown;
  extra: Record<string, unknown>;
}

/** Which part of a GraphQL request a property varies most: the document and its companions, or `extensions`. */
export type GraphqlFocus = "document" | "extensions";

/** Each field varied on its own: documents of every kind, operation names, variables, extra keys. */
const variedFields = (targets: GraphqlTarget[]): fc.Arbitrary<Omit<GraphqlRequestFields, "extensions">> =>
  fc.record({
    query: fc.oneof(
      { withCrossShrink: true },
      { weight: 8, arbitrary: documentArbitrary(targets) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<unknown>(undefined, null, 1, true, [], {}, ["{ __typename }"], {
          query: "{ __typename }",
        }),
      },
    ),
    operationName: operationNameArbitrary,
    variables: variablesArbitrary,
    extra: fc.oneof(
      { withCrossShrink: true },
      { weight: 4, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.constantFrom("id", "documentId", "doc_id", "query_id", "batch"), hostileJson),
      },
    ),
  });

/** A well-formed operation on any root field (so a valid mutation also meets GET, batches and persisted queries). */
const wellFormedFields = (
  targets: GraphqlTarget[],
  world: World,
): fc.Arbitrary<Omit<GraphqlRequestFields, "extensions">> =>
  fc
    .constantFrom(...targets)
    .chain((target) => operationArbitrary(target, world, "plausible"))
    .map(({ query, variables, operationName }) => ({ query, variables, operationName, extra: {} }));

const graphqlRequestFields = (
  targets: GraphqlTarget[],
  world: World,
  focus: GraphqlFocus,
): fc.Arbitrary<GraphqlRequestFields> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: variedFields(targets) },
        { weight: 1, arbitrary: wellFormedFields(targets, world) },
      ),
      focus === "extensions" ? extensionsArbitrary : fc.constant(undefined),
    )
    .map(([fields, extensions]) => ({ ...fields, extensions: withRightHash(extensions, fields.query) }));

/** The request body: the fields as a JSON object (absent ones left out), or a batch of them. */
function graphqlBody(fields: GraphqlRequestFields, batch: boolean): Buffer {
  const payload: Record<string, unknown> = { ...fields.extra };
  for (const key of ["query", "operationName", "variables", "extensions"] as const)
    if (fields[key] !== undefined) payload[key] = fields[key];
  return jsonBytes(batch ? [payload, payload] : payload);
}

/** The fields as GET query parameters, the way Apollo reads them (objects JSON-encoded). */
function graphqlQueryString(fields: GraphqlRequestFields): string {
  const parameters: string[] = [];
  for (const key of ["query", "operationName", "variables", "extensions"] as const) {
    const value = fields[key];
    if (value !== undefined)
      parameters.push(`${key}=${percentEncode(typeof value === "string" ? value : JSON.stringify(value))}`);
  }
  return parameters.length ? `?${parameters.join("&")}` : "";
}

export interface GraphqlFieldsCase extends EnvelopeCase {
  fields: GraphqlRequestFields;
}

export function graphqlRequestCases(
  targets: GraphqlTarget[],
  world: World,
  callers: fc.Arbitrary<Caller>,
  focus: GraphqlFocus,
): fc.Arbitrary<GraphqlFieldsCase> {
  return fc
    .record({
      caller: callers,
      fields: graphqlRequestFields(targets, world, focus),
      how: fc.oneof(
        { withCrossShrink: true },
        { weight: 6, arbitrary: fc.constant("POST" as const) },
        { weight: 2, arbitrary: fc.constant("GET" as const) },
        { weight: 1, arbitrary: fc.constant("GET without the CSRF header" as const) },
        { weight: 1, arbitrary: fc.constant("POST as a batch" as const) },
      ),
      accept: fc.constantFrom(
        "application/json",
        "application/graphql-response+json",
        "application/json, application/graphql-response+json;q=0.9",
        "*/*",
      ),
    })
    .map(({ caller, fields, how, accept }) => {
      const headers: Record<string, string> = { accept, ...authorizationOf(caller) };
      let request: HttpRequest;
      if (how.startsWith("GET")) {
        if (how === "GET") headers["apollo-require-preflight"] = "true";
        request = {
          method: "GET",
          path: `/graphql${graphqlQueryString(fields)}`,
          headers,
          shownAuthorization: caller.shown,
        };
      } else {
        headers["content-type"] = "application/json";
        request = {
          method: "POST",
          path: "/graphql",
          headers,
          body: graphqlBody(fields, how === "POST as a batch"),
          shownAuthorization: caller.shown,
        };
      }
      return printable({ request, caller: caller.name, fields });
    });
}
