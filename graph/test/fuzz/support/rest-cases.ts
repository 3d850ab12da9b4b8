import fc from "fast-check";
import { authorizationOf, Caller } from "./callers";
import { HttpRequest, printable } from "./http";
import { FuzzCase } from "./property";
import { RestTarget } from "./targets";
import { anyJson, anyText, extraKey, Hint, hintOf, hostileJson, hostileText, mood, Mood, wrongJson } from "./values";
import { World } from "./world";

/*
 * Requests to one REST route, derived from its declaration: its method and path with each path
 * parameter filled (real values and hostile ones, well or badly percent-encoded), its declared
 * query parameters and body fields (each missing, plausible, hostile or of a wrong type) plus
 * keys no route reads, or a body of any JSON shape.
 */

export interface RestCase extends FuzzCase {
  caller: string;
}

/**
 * Percent-encodes text as UTF-8, and a lone surrogate as the bytes UTF-8 would give it if it were
 * allowed (%ED%A0%80): encodeURIComponent refuses those, the server must too.
 */
export function percentEncode(text: string): string {
  let encoded = "";
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index)!;
    if (code > 0xffff) index++;
    const character = String.fromCodePoint(code);
    if (/[A-Za-z0-9\-_.~]/.test(character)) encoded += character;
    else if (code >= 0xd800 && code <= 0xdfff)
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map(hexByte).join("");
    else encoded += [...Buffer.from(character, "utf8")].map(hexByte).join("");
  }
  return encoded;
}
const hexByte = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;

/** Path segments that are broken as URLs, or that try to climb out of the path. */
const BROKEN_SEGMENTS = [
  "%",
  "%E0%A4%A",
  "%ED%A0%80",
  "%C0%AF",
  "%FF",
  "%00",
  "%0A",
  "..",
  ".",
  "%2e%2e",
  "%2F",
  "a%2Fb",
  "\u00ff\u00fe",
  "~",
  "*",
  "%25",
  "%20",
];

/** A value for one path parameter, as it appears in the path. */
function pathSegment(hint: Hint, world: World, caseMood: Mood): fc.Arbitrary<string> {
  const encoded = anyText(hint, world, caseMood).map(percentEncode);
  if (caseMood === "plausible") return encoded;
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 8, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_SEGMENTS) },
  );
}

/** The route's path with every `:param` filled; the hint of a parameter includes the segment before it (`uploads name`). */
export function restPath(target: RestTarget, world: World, caseMood: Mood): fc.Arbitrary<string> {
  const segments = target.path.split("/");
  const filled = segments.map((segment, index) =>
    segment.startsWith(":")
      ? pathSegment(hintOf(`${segments[index - 1]} ${segment.slice(1)}`), world, caseMood)
      : fc.constant(segment),
  );
  return fc.tuple(...filled).map((parts) => parts.join("/"));
}

const queryPair = (key: string, value: string) => `${percentEncode(key)}=${percentEncode(value)}`;

/** Declared query parameters (missing, once or repeated) and keys the route does not read, or a broken query string. */
function queryArbitrary(target: RestTarget, world: World, caseMood: Mood): fc.Arbitrary<string> {
  const declared = target.query.map((name) =>
    fc
      .array(anyText(hintOf(name), world, caseMood), { minLength: caseMood === "plausible" ? 1 : 0, maxLength: 2 })
      .map((values) => values.map((value) => queryPair(name, value))),
  );
  const extras =
    caseMood === "plausible"
      ? fc.constant([])
      : fc.array(
          fc.tuple(extraKey, hostileText).map(([key, value]) => queryPair(key, value)),
          { maxLength: 2 },
        );
  const wellFormed = fc.tuple(fc.tuple(...declared), extras).map(([declaredPairs, extraPairs]) => {
    const pairs = [...declaredPairs.flat(), ...extraPairs];
    return pairs.length ? `?${pairs.join("&")}` : "";
  });
  if (caseMood === "plausible") return wellFormed;
  return fc.oneof(
    { weight: 8, arbitrary: wellFormed },
    {
      weight: 1,
      arbitrary: fc.constantFrom("?", "?&&", "?=", "?%", "?user=%ED%A0%80", "?user[$ne]=x", "?a=1&a=2&a[]=3"),
    },
  );
}

/** The declared body fields, each missing or any value, plus (except in plausible cases) a few keys no route reads. */
function declaredObject(target: RestTarget, world: World, caseMood: Mood): fc.Arbitrary<Record<string, unknown>> {
  const fields = target.body.map((name) =>
    fc
      .option(anyJson(hintOf(name), world, caseMood), { nil: undefined, freq: 6 })
      .map((value) => [name, value] as const),
  );
  const extras =
    caseMood === "plausible" ? fc.constant([]) : fc.array(fc.tuple(extraKey, hostileJson), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fields), extras).map(([declared, extra]) => {
    const body: Record<string, unknown> = {};
    for (const [key, value] of extra) body[key] = value;
    for (const [key, value] of declared) if (value !== undefined) body[key] = value;
    return body;
  });
}

const NO_BODY = Symbol("no body");

/** The body: mostly the declared fields for a write; any JSON or none otherwise. */
function bodyArbitrary(target: RestTarget, world: World, caseMood: Mood): fc.Arbitrary<unknown> {
  const writes = ["POST", "PUT", "PATCH"].includes(target.method);
  if (caseMood === "plausible") return writes ? declaredObject(target, world, caseMood) : fc.constant(NO_BODY);
  return fc.oneof(
    { weight: writes ? 8 : 1, arbitrary: declaredObject(target, world, caseMood) },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: wrongJson },
    { weight: writes ? 1 : 8, arbitrary: fc.constant(NO_BODY) },
  );
}

const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=UTF-8",
  "application/vnd.api+json",
];

export function restCases(target: RestTarget, world: World, callers: fc.Arbitrary<Caller>): fc.Arbitrary<RestCase> {
  return mood
    .chain((caseMood) =>
      fc.record({
        caller: callers,
        path: restPath(target, world, caseMood),
        query: queryArbitrary(target, world, caseMood),
        body: bodyArbitrary(target, world, caseMood),
        contentType: fc.constantFrom(...JSON_TYPES),
      }),
    )
    .map(({ caller, path, query, body, contentType }) => {
      const request: HttpRequest = {
        method: target.method,
        path: path + query,
        headers: { accept: "application/json", ...authorizationOf(caller) },
        shownAuthorization: caller.shown,
      };
      if (body !== NO_BODY) {
        request.headers["content-type"] = contentType;
        request.body = Buffer.from(JSON.stringify(body) ?? "null", "utf8");
      }
      return printable({ request, caller: caller.name });
    });
}
