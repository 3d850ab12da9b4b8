import { invalidRequest, unknownParam } from "./errors";

/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket notation,
 * `metadata[orderId]=42`, `payment_method_types[0]=card` (what the SDK sends) or
 * `payment_method_types[]=card` (what hand-written browser code often sends).
 * Everything parses into nested string maps; arrays are read with {@link listParam}.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function splitKey(raw: string): string[] {
  const match = KEY.exec(raw);
  if (!match) return [raw];
  const segments = [match[1]];
  const brackets = match[2];
  if (brackets) {
    for (const part of brackets.slice(1, -1).split("][")) segments.push(part);
  }
  return segments;
}

function nextIndex(target: FormObject): string {
  let n = 0;
  while (Object.hasOwn(target, String(n))) n++;
  return String(n);
}

/** Parses one or more form-encoded strings (query string first, body last: later values win). */
export function parseForm(...sources: string[]): FormObject {
  const root: FormObject = {};
  for (const source of sources) {
    if (!source) continue;
    for (const [rawKey, value] of new URLSearchParams(source)) setParam(root, rawKey, value);
  }
  return root;
}

/** Stores one `a[b][c]=value` pair, creating the nested hashes on the way. */
function setParam(root: FormObject, rawKey: string, value: string): void {
  const segments = splitKey(rawKey);
  let target = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] === "" ? nextIndex(target) : segments[i];
    // Parameters become object keys, so this one would reach Object.prototype.
    if (segment === "__proto__") throw invalidRequest(`Invalid parameter name: ${rawKey}`, { param: rawKey });
    if (i < segments.length - 1) {
      target = childHash(target, segment, segments.slice(0, i + 1), rawKey);
    } else if (typeof target[segment] === "object") {
      throw invalidRequest(`Invalid hash: ${rawKey} cannot be both a value and a hash`, { param: rawKey });
    } else {
      target[segment] = value;
    }
  }
}

/** The hash at `target[segment]`, created when absent; an empty value ("unset") may become a hash too. */
function childHash(target: FormObject, segment: string, path: string[], rawKey: string): FormObject {
  const existing = target[segment];
  if (typeof existing === "object") return existing;
  if (existing !== undefined && existing !== "") {
    throw invalidRequest(`Invalid hash: ${path.join("[")}] is a value`, { param: rawKey });
  }
  const child: FormObject = {};
  target[segment] = child;
  return child;
}

/** Stripe spells nested parameter names with brackets in error messages: `a[b][c]`. */
export function paramName(prefix: string, key: string): string {
  return prefix ? `${prefix}[${key}]` : key;
}

export function rejectUnknown(params: FormObject, allowed: readonly string[], prefix = ""): void {
  for (const key of Object.keys(params)) {
    if (key.startsWith("_")) continue; // Stripe.js housekeeping (_stripe_version, ...)
    if (!allowed.includes(key)) throw unknownParam(paramName(prefix, key));
  }
}

export function stringParam(params: FormObject, key: string, prefix = ""): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") {
    throw invalidRequest(`Invalid string: ${paramName(prefix, key)} must be a string, not a hash`, {
      code: "parameter_invalid_string",
      param: paramName(prefix, key),
    });
  }
  return value;
}

/** A hash parameter; the empty string ("unset") is returned as "". */
export function objectParam(params: FormObject, key: string, prefix = ""): FormObject | "" | undefined {
  const value = params[key];
  if (value === undefined || value === "") return value;
  if (typeof value === "string") {
    throw invalidRequest(`Invalid object`, { param: paramName(prefix, key) });
  }
  return value;
}

export function integerParam(params: FormObject, key: string, prefix = ""): number | undefined {
  const raw = stringParam(params, key, prefix);
  if (raw === undefined) return undefined;
  const name = paramName(prefix, key);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(Number(raw))) {
    throw invalidRequest(`Invalid integer: ${raw}`, { code: "parameter_invalid_integer", param: name });
  }
  return Number(raw);
}

export function booleanParam(params: FormObject, key: string, prefix = ""): boolean | undefined {
  const raw = stringParam(params, key, prefix);
  if (raw === undefined) return undefined;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw invalidRequest(`Invalid boolean: ${raw}`, { param: paramName(prefix, key) });
}

/** Arrays arrive as `key[0]=a&key[1]=b` (or `key[]=a`), so they parse into index-keyed hashes. */
export function listParam(params: FormObject, key: string, prefix = ""): string[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  const name = paramName(prefix, key);
  if (value === "") return [];
  if (typeof value === "string") throw invalidRequest(`Invalid array`, { param: name });
  const indexes = Object.keys(value);
  if (!indexes.every((index) => /^\d+$/.test(index))) throw invalidRequest(`Invalid array`, { param: name });
  return indexes
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => {
      const item = value[String(index)];
      if (typeof item !== "string") throw invalidRequest(`Invalid array`, { param: name });
      return item;
    });
}
