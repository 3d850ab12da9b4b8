import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import type { KeyKind } from "../api/context";
import { authenticationError } from "../errors";
import type { FormObject } from "../form";
import { headerValue } from "./headers";

export interface ApiKeys {
  secretKey: string;
  publishableKey: string;
}

const NO_API_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/**
 * Which of the two keys the request carries: in the Authorization header (Bearer, or the user of
 * basic auth as the SDK may send it), or, from Stripe.js, as the `key` parameter.
 */
export function authenticate(req: http.IncomingMessage, params: FormObject, keys: ApiKeys): KeyKind {
  const headerKey = keyFromAuthorization(headerValue(req, "authorization"));
  const paramKey = takeKeyParam(params);
  const key = headerKey || paramKey;
  if (!key) throw authenticationError(NO_API_KEY);
  if (sameKey(key, keys.secretKey)) return "secret";
  if (sameKey(key, keys.publishableKey)) return "publishable";
  throw authenticationError(`Invalid API Key provided: ${redactKey(key)}`);
}

function keyFromAuthorization(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const [scheme, ...rest] = authorization.trim().split(/\s+/);
  const credentials = rest.join(" ");
  if (/^bearer$/i.test(scheme)) return credentials;
  if (/^basic$/i.test(scheme)) return Buffer.from(credentials, "base64").toString("utf8").split(":")[0];
  throw authenticationError(`Invalid authorization header. ${NO_API_KEY}`);
}

/** Removes `key` from the parameters: it authenticates the request and is no parameter of any operation. */
function takeKeyParam(params: FormObject): string | undefined {
  const key = params.key;
  delete params.key;
  return typeof key === "string" ? key : undefined;
}

/** Constant-time, so response timing does not reveal how much of a guessed key was right. */
function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Stripe shows the kind of key and its last four characters: `sk_test_************oxes`. */
function redactKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return prefix + "*".repeat(rest.length);
  return prefix + "*".repeat(rest.length - 4) + rest.slice(-4);
}
