import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { SignJWT } from "jose";
import { shop } from "../../support/client";
import { adminPerson, newPerson, Person } from "../../support/fixtures";

/** Who sends a request: the Authorization header it carries (none for a visitor). */
export interface Caller {
  name: string;
  authorization?: string;
  /** Printed instead of the header in reports, for real tokens. */
  shown?: string;
}

export interface People {
  customer: Person;
  /** Another customer: owner of records the customer may not touch. */
  bystander: Person;
  admin: Person;
}

/** The suite's signed-in people, signed in once per test file and reused by every case. */
export async function signInPeople(): Promise<People> {
  const [customer, bystander, admin] = await Promise.all([
    newPerson("fuzz"),
    newPerson("fuzz-bystander"),
    adminPerson(),
  ]);
  return { customer, bystander, admin };
}

const bearer = (token: string) => `Bearer ${token}`;
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An access token signed with the shop's own key (kept in its data folder by the local harness). */
async function signedWithShopKey(claims: { sub: string; email: string }, lifetimeSeconds: number): Promise<string> {
  const secret = fs.readFileSync(path.join(shop().dataDir, "jwt-secret"), "utf8").trim();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer("partshop")
    .setIssuedAt(now - 7200)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(new Uint8Array(Buffer.from(secret)));
}

/** Credentials that must not work: malformed, tampered, forged, expired, for nobody, or of the wrong kind. */
async function brokenCallers(people: People): Promise<Caller[]> {
  const [, claims] = people.admin.token.split(".");
  const customerClaims = JSON.parse(Buffer.from(people.customer.token.split(".")[1], "base64url").toString());
  const tampered = people.customer.token.slice(0, -3) + (people.customer.token.endsWith("AAA") ? "BBB" : "AAA");
  const foreignKey = await new SignJWT(JSON.parse(Buffer.from(claims, "base64url").toString()))
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(crypto.randomBytes(32));
  const expired = await signedWithShopKey({ sub: customerClaims.sub, email: customerClaims.email }, -60);
  const nobody = await signedWithShopKey({ sub: crypto.randomUUID(), email: "nobody@example.com" }, 3600);
  const raw: Array<[string, string]> = [
    ["an empty Authorization", ""],
    ["Bearer without a token", "Bearer"],
    ["Bearer and a space", "Bearer "],
    ["a garbage token", "Bearer garbage"],
    ["Basic credentials", "Basic YWRtaW46YWRtaW4="],
    ["a token with spaces", "Bearer a b c"],
    ["a 9,000-character token", bearer("x".repeat(9000))],
    ["an alg:none token with the admin's claims", bearer(`${base64url({ alg: "none", typ: "JWT" })}.${claims}.`)],
    ["the customer's token, tampered", bearer(tampered)],
    ["the admin's claims signed with another key", bearer(foreignKey)],
    ["an expired token", bearer(expired)],
    ["a genuine token of no user", bearer(nobody)],
    ["the bystander's Firebase ID token as an access token", bearer(people.bystander.idToken)],
    ["latin1 bytes in the token", "Bearer \u00ff\u00fe\u00e9"],
    ["an SQL-looking token", "Bearer ' OR '1'='1"],
  ];
  return raw.map(([name, authorization]) => ({ name, authorization }));
}

/** Every kind of caller, built once per test file. */
export async function callersOf(
  people: People,
): Promise<{ visitor: Caller; customer: Caller; admin: Caller; firebase: Caller; broken: Caller[] }> {
  return {
    visitor: { name: "visitor" },
    customer: {
      name: "customer",
      authorization: bearer(people.customer.token),
      shown: "Bearer <the customer's access token>",
    },
    admin: { name: "admin", authorization: bearer(people.admin.token), shown: "Bearer <the admin's access token>" },
    // What PUT /user/{email} and signIn take: proof of identity from Firebase.
    firebase: {
      name: "customer's Firebase ID token",
      authorization: bearer(people.customer.idToken),
      shown: "Bearer <the customer's Firebase ID token>",
    },
    broken: await brokenCallers(people),
  };
}

/** Mostly real callers (so requests get past authorization and reach the services), sometimes broken ones. */
export function callerArbitrary(callers: Awaited<ReturnType<typeof callersOf>>): fc.Arbitrary<Caller> {
  // A failure shrinks towards a visitor, the simplest caller.
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 2, arbitrary: fc.constant(callers.visitor) },
    { weight: 5, arbitrary: fc.constant(callers.customer) },
    { weight: 5, arbitrary: fc.constant(callers.admin) },
    { weight: 1, arbitrary: fc.constant(callers.firebase) },
    { weight: 1, arbitrary: fc.constantFrom(...callers.broken) },
  );
}

/** The Authorization header a caller sends, for a request's headers. */
export const authorizationOf = (caller: Caller): Record<string, string> =>
  caller.authorization === undefined ? {} : { authorization: caller.authorization };
