import fc from "fast-check";
import { World } from "./world";
import { storefrontFormToken } from "../../support/cart-forms";

/*
 * Values for any field, argument or parameter, from well-formed (real ids, emails of real people,
 * plausible quantities: they get past validation and reach the services) to hostile (text that
 * breaks things, wrong JSON types, nesting, sizes at and over every usual limit). What is
 * well-formed for a field is guessed from its name alone ("partId", "email", "quantity"...), so a
 * new field gets sensible values without anyone listing it.
 */

const char = (code: number) => String.fromCodePoint(code);

/** One of `values`, shrinking towards the first (constantFrom gives up after trying the first alone). */
export const ordered = <T>(values: readonly T[]): fc.Arbitrary<T> =>
  fc.integer({ min: 0, max: values.length - 1 }).map((index) => values[index]);

/**
 * How a case is built: "plausible" cases use only well-formed values, so they get past
 * validation and exercise the services; "any" cases mix in everything hostile.
 */
export type Mood = "plausible" | "any";
export const mood: fc.Arbitrary<Mood> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Mood>("any") },
  { weight: 1, arbitrary: fc.constant<Mood>("plausible") },
);
const codes = (from: number, to: number) => fc.integer({ min: from, max: to }).map(char);

/** Characters that break text handling, each kind of them. */
export const nastyCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: codes(0xd800, 0xdfff) }, // lone surrogates (JSON allows them, UTF-8 does not)
  { weight: 3, arbitrary: codes(0x00, 0x1f) }, // C0 controls, NUL first among them
  { weight: 1, arbitrary: fc.constantFrom("\u007f", "\u0085", "\u009b", "\u00ad") },
  { weight: 2, arbitrary: codes(0x300, 0x36f) }, // combining marks
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "\u202e",
      "\u202d",
      "\u202a",
      "\u202b",
      "\u2066",
      "\u2067",
      "\u2069",
      "\u200e",
      "\u200f",
      "\u061c",
    ),
  }, // bidi controls
  { weight: 2, arbitrary: fc.constantFrom("\u200b", "\u200c", "\u200d", "\ufeff", "\u2060", "\u180e") }, // invisible
  { weight: 1, arbitrary: fc.constantFrom("\u2028", "\u2029", "\u00a0", "\u3000", "\u1680") }, // separators and odd spaces
  { weight: 1, arbitrary: fc.constantFrom("\ufffe", "\uffff", "\ufffd", "\ue000", char(0x10ffff), char(0xfffff)) }, // noncharacters, private use
  { weight: 2, arbitrary: fc.constantFrom("😀", "👩‍👩‍👧‍👦", "🏳️‍🌈", "❤️", "👍🏽", "🇦🇹", "🚀", "\u{1f9d1}\u200d\u{1f4bb}") }, // emoji, ZWJ sequences
  { weight: 2, arbitrary: fc.constantFrom("а", "е", "ο", "ｅ", "＠", "．", "\u212a", "ß", "ﬁ", "İ", "ı", "ǅ") }, // look-alikes, case-mapping oddities
  { weight: 1, arbitrary: fc.constantFrom("م", "ש", "東", "ह", "ภ", "한") }, // RTL and other scripts
  {
    weight: 2,
    arbitrary: fc.constantFrom("'", '"', "\\", "<", ">", "&", "%", "$", "{", "}", "`", "/", "@", ";", "\u0000"),
  },
);

/** Sizes at and just over the limits fields usually have. */
const EDGE_LENGTHS = [
  0, 1, 2, 3, 4, 19, 20, 21, 79, 80, 81, 199, 200, 201, 254, 255, 256, 299, 300, 301, 1024, 1999, 2000, 2001, 2048,
  2049, 4097, 65_536,
];

const HOSTILE_WORDS = [
  "' OR '1'='1",
  "1; DROP TABLE orders; --",
  "admin'--",
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%s%n%x",
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "true",
  "-1",
  "0x10",
  "1e309",
  "[object Object]",
  "\\u0000",
  "%00",
  "%E0%A4%A",
];

/** Text built to hurt: nasty characters, hostile words, blank text, and long runs at the edges of limits. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.string({ unit: nastyCharacter, maxLength: 24 }) },
  { weight: 2, arbitrary: ordered(HOSTILE_WORDS) },
  { weight: 2, arbitrary: ordered(["", " ", "   ", "\t\n", "\u00a0", "\u3000", "\n"]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(ordered(EDGE_LENGTHS), fc.oneof(fc.constant("x"), nastyCharacter))
      .map(([length, unit]) => unit.repeat(length)),
  },
);

/** A well-formed value with something hostile put in front, behind or in the middle ("a@b.co\ud800"). */
export function spiked(wellFormed: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      wellFormed,
      fc.string({ unit: nastyCharacter, minLength: 1, maxLength: 3 }),
      fc.constantFrom("start", "end", "middle"),
    )
    .map(([text, spike, where]) => {
      if (where === "start") return spike + text;
      if (where === "end") return text + spike;
      const middle = Math.floor(text.length / 2);
      return text.slice(0, middle) + spike + text.slice(middle);
    });
}

/** What a field's name says it holds. */
export type Hint =
  | "token"
  | "transaction"
  | "upload"
  | "email"
  | "url"
  | "phone"
  | "country"
  | "postalCode"
  | "cursor"
  | "id"
  | "count"
  | "money"
  | "carrier"
  | "tracking"
  | "document"
  | "text";

const HINTS: Array<[RegExp, Hint]> = [
  [/^(invoices|credit-notes) number$/, "document"],
  [/tracking/i, "tracking"],
  [/token/i, "token"],
  [/carrier/i, "carrier"],
  [/transaction|intent|payment/i, "transaction"],
  [/upload/i, "upload"],
  [/e-?mail|^user$/i, "email"],
  [/img|image|url|link|href/i, "url"],
  [/phone|tel/i, "phone"],
  [/^country$/i, "country"],
  [/postal|zip/i, "postalCode"],
  [/after|before|cursor/i, "cursor"],
  [/(^|\s)id$|Id$|_id$|ID$|(^|\s)part$/, "id"],
  [/quantit|rating|first|last|count|limit|min|max|stock|available/i, "count"],
  [/price|amount|total|cost/i, "money"],
];

/** The hint of a field name (and, for path parameters, the segment before it: "uploads name"). */
export const hintOf = (name: string): Hint => HINTS.find(([pattern]) => pattern.test(name))?.[1] ?? "text";

const READABLE_TEXT = [
  "Fuzz",
  "Zoë Saldaña, café crème",
  "東京都渋谷区神南1-2-3",
  "مرحبا بالعالم",
  "שלום עולם",
  "👩‍👩‍👧‍👦 🏳️‍🌈 🚀",
  "e\u0301 accent",
  "12 Harbour Road, Bristol",
  "BSc Computer Science",
  "Robert'); DROP TABLE reviews; --",
];

/** Values a client would plausibly send for a field with this hint, using the world's real records. */
export function plausible(hint: Hint, world: World): fc.Arbitrary<unknown> {
  switch (hint) {
    case "token":
      // Firebase ID tokens, the shop's access tokens, and its cart forms' token (a form's `token`).
      return fc.constantFrom(...world.firebaseIdTokens, world.people.customer.token, storefrontFormToken());
    case "transaction":
      return fc.oneof(fc.constantFrom(...world.paymentIntentIds), fc.stringMatching(/^pi_[A-Za-z0-9]{8,24}$/));
    case "upload":
      return fc.oneof(fc.constantFrom(...world.uploadNames), fc.stringMatching(/^[0-9a-f]{32}\.(png|jpg|gif|webp)$/));
    case "email":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...world.emails) },
        { weight: 2, arbitrary: fc.emailAddress() },
        { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,10}@example\.com$/) },
      );
    case "url":
      return fc.oneof(
        fc.constantFrom(...world.uploadUrls, "https://example.com/image.png", "/images/parts/dc-jack.svg"),
        fc.webUrl(),
      );
    case "phone":
      return fc.stringMatching(/^\+?[0-9]{4,20}$/);
    case "country":
      return fc.oneof(fc.constantFrom("US", "CA", "GB", "DE", "FR", "NL", "AU"), fc.stringMatching(/^[A-Za-z]{2}$/));
    case "postalCode":
      return fc.constantFrom("94105", "K1A 0B1", "SW1A 1AA", "10115", "75001", "1012 AB", "2000");
    case "cursor":
      return fc.constantFrom(...world.cursors);
    case "id":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...world.databaseIds, ...world.globalIds) },
        { weight: 1, arbitrary: fc.uuid() },
      );
    case "count":
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 6 }) },
        { weight: 1, arbitrary: fc.integer({ min: -5, max: 1_000_001 }) },
      );
    case "money":
      return fc.oneof(
        fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
        fc.double({ min: -10, max: 1e7, noNaN: true }),
      );
    case "carrier":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("ups", "fedex", "usps", "dhl", "royal-mail", "dpd", "la-poste") },
        { weight: 1, arbitrary: fc.constantFrom("UPS", "pigeon", "") },
      );
    case "tracking":
      return fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^[A-Z0-9]{5,24}$/) },
        { weight: 1, arbitrary: fc.constantFrom("1z 999 aa1 0123 4567 84", "RR-123-456-GB", "1Z9", "1Z/999") },
      );
    case "document":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...world.documentNumbers) },
        { weight: 1, arbitrary: fc.stringMatching(/^(INV|CN)-20[0-9]{2}-[0-9]{6}$/) },
      );
    case "text":
      return fc.oneof(fc.constantFrom(...READABLE_TEXT), fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }));
  }
}

/** The same, as text only (a path segment, a query parameter, a GraphQL String or ID). */
export const plausibleText = (hint: Hint, world: World): fc.Arbitrary<string> =>
  plausible(hint, world).map((value) => String(value));

/** Any text for a field: mostly plausible, often hostile or plausible-but-spiked; only plausible in a plausible case. */
export function anyText(hint: Hint, world: World, caseMood: Mood = "any"): fc.Arbitrary<string> {
  if (caseMood === "plausible") return plausibleText(hint, world);
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 5, arbitrary: plausibleText(hint, world) },
    { weight: 3, arbitrary: hostileText },
    { weight: 2, arbitrary: spiked(plausibleText(hint, world)) },
  );
}

/** `arbitrary` one time in `oneIn`, else null (what a failure shrinks towards). */
export const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ withCrossShrink: true }, { weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** A JSON array or object nested `depth` levels deep. */
const nested = (depth: number, kind: "array" | "object"): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = kind === "array" ? [value] : { a: value };
  return value;
};

/** JSON values of the wrong type for whatever a field expects. */
export const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      0.1,
      1e308,
      -1e308,
      2 ** 31,
      2 ** 53 + 2,
      5e-324,
      "",
      "5",
      "true",
      [],
      {},
      [null],
      [1, "a"],
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>({ $gt: "" }, { $ne: null }, JSON.parse('{"__proto__": {"role": "admin"}}'), {
      constructor: { prototype: { role: "admin" } },
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 2, max: 3000 }), fc.constantFrom<"array" | "object">("array", "object"))
      .map(([depth, kind]) => nested(depth, kind)),
  },
);

/** Arbitrary JSON whose strings are hostile text: objects, arrays, primitives, nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileText,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Any value for a JSON field: plausible for its name, hostile text, wrong types, arbitrary JSON; only plausible in a plausible case. */
export function anyJson(hint: Hint, world: World, caseMood: Mood = "any"): fc.Arbitrary<unknown> {
  if (caseMood === "plausible") return plausible(hint, world);
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 5, arbitrary: plausible(hint, world) },
    { weight: 3, arbitrary: hostileText },
    { weight: 2, arbitrary: spiked(plausibleText(hint, world)) },
    { weight: 2, arbitrary: wrongJson },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** Keys a client should not send, or that no route reads. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "user",
    "userId",
    "role",
    "paid",
    "status",
    "price",
    "_id",
    "id",
    "admin",
    "email",
    "toString",
  ),
  hostileText,
);
