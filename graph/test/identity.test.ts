import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createFirebaseAccount,
  emulatorCall,
  errorCode,
  firebaseSignIn,
  gql,
  insertPart,
  newCustomer,
  orderBody,
  rest,
  seededAdmin,
  shop,
  uniqueEmail,
  withDatabase,
} from "./support/client";
import { restAt } from "./support/fixtures";
import { type ShopProcess } from "./support/processes";
import { startSiblingShop } from "./support/siblings";

/*
 * Identity the shop can trust: an account is its Firebase uid; an email counts (to link an
 * identity to an existing account, or for ADMIN_EMAILS' role) only once the identity provider has
 * verified it; admins can demote admins; access tokens have an audience and a key id, survive a
 * rotation of the secret and die at sign-out. Everything through the real Auth Emulator.
 */

const PASSWORD = "secret-123";
const siblings: ShopProcess[] = [];
afterAll(async () => {
  await Promise.all(siblings.map((sibling) => sibling.stop()));
});

/** Follows the emulator's verification link for an account: what clicking the emailed link does. */
async function verifyEmail(email: string, password = PASSWORD): Promise<string> {
  const { idToken } = await firebaseSignIn(email, password);
  await emulatorCall("accounts:sendOobCode", { requestType: "VERIFY_EMAIL", idToken });
  const response = await fetch(`${shop().emulatorUrl}/emulator/v1/projects/${shop().projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: Array<{ email: string; requestType: string; oobCode: string }>;
  };
  const code = oobCodes.filter((entry) => entry.email === email && entry.requestType === "VERIFY_EMAIL").at(-1);
  if (!code) throw new Error(`no verification code for ${email}`);
  await emulatorCall("accounts:update", { oobCode: code.oobCode });
  // A token minted after the verification says so.
  return (await firebaseSignIn(email, password)).idToken;
}

async function signIn(email: string, idToken: string, baseUrl = shop().url) {
  return restAt(baseUrl, "PUT", `/user/${email}`, { token: idToken, body: { email } });
}

const userRow = (email: string) =>
  withDatabase(
    async (client) =>
      (
        await client.query("SELECT id, firebase_uid, email_verified, role, admin_source FROM users WHERE email = $1", [
          email,
        ])
      ).rows[0],
  );

const aPart = () => insertPart({ available: 10 });

describe("an account is its Firebase uid; an email links only once verified", () => {
  it("an unverified new identity gets an account of its own and can shop", async () => {
    const email = uniqueEmail("unverified");
    const { idToken, localId } = await createFirebaseAccount(email, PASSWORD, "Nell Newcomer");
    const answer = await signIn(email, idToken);
    expect(answer.status).toBe(200);
    const viewer = await gql("{ viewer { email emailVerified role } }", {}, answer.body.token);
    expect(viewer.body.data.viewer).toEqual({ email, emailVerified: false, role: "USER" });
    expect(await userRow(email)).toMatchObject({ firebase_uid: localId, email_verified: false, role: "user" });
    const part = await aPart();
    expect((await rest("POST", "/order", { token: answer.body.token, body: orderBody(part, 1) })).status).toBe(201);
  });

  it("someone who registers a deleted account's email again inherits nothing until the mailbox proves it", async () => {
    const email = uniqueEmail("reregistered");
    const first = await createFirebaseAccount(email, PASSWORD, "First Owner");
    const owner = await signIn(email, await verifyEmail(email));
    expect(owner.status).toBe(200);
    const part = await aPart();
    expect((await rest("POST", "/order", { token: owner.body.token, body: orderBody(part, 1) })).status).toBe(201);
    const before = await userRow(email);
    expect(before).toMatchObject({ firebase_uid: first.localId, email_verified: true });

    // The Firebase account is deleted, and someone else registers the address again (unverified).
    await emulatorCall("accounts:delete", { idToken: (await firebaseSignIn(email, PASSWORD)).idToken });
    const stranger = await createFirebaseAccount(email, "another-password", "Someone Else");
    const refused = await signIn(email, stranger.idToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/belongs to an existing Partshop account/);
    expect(refused.body.error).toMatch(/Verify your email address/);
    const viaGraphql = await gql("mutation($t: String!) { signIn(idToken: $t) { token } }", { t: stranger.idToken });
    expect(errorCode(viaGraphql)).toBe("FORBIDDEN");
    expect(viaGraphql.body.errors[0].extensions.reason).toBe("EMAIL_NOT_VERIFIED");
    // Nothing of the old account moved: same uid, its orders its own.
    expect(await userRow(email)).toEqual(before);

    // Once the new owner follows the verification link, the mailbox is the proof: the account is theirs.
    const linked = await signIn(email, await verifyEmail(email, "another-password"));
    expect(linked.status).toBe(200);
    expect(await userRow(email)).toMatchObject({ id: before.id, firebase_uid: stranger.localId, email_verified: true });
    const orders = await rest("GET", `/order?user=${email}`, { token: linked.body.token });
    expect(orders.body).toHaveLength(1);
  });

  it("a Google sign-in with the verified address links to the password account of that email", async () => {
    const email = uniqueEmail("google");
    const password = await createFirebaseAccount(email, PASSWORD, "Pat Password");
    const account = await signIn(email, password.idToken);
    expect(account.status).toBe(200);
    const before = await userRow(email);
    // The emulator's Google sign-in: an unsigned Google ID token, verified email included.
    const google = await emulatorCall("accounts:signInWithIdp", {
      postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `g-${before.id}`, email, email_verified: true }))}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true,
    });
    const linked = await signIn(email, google.idToken);
    expect(linked.status).toBe(200);
    expect(await userRow(email)).toMatchObject({ id: before.id, firebase_uid: google.localId, email_verified: true });
  });
});

describe("roles: ADMIN_EMAILS grants only to verified addresses, and only while listed; admins demote admins", () => {
  it("a listed address is admin once verified, and no longer once taken out of ADMIN_EMAILS", async () => {
    const boss = uniqueEmail("boss");
    const listed = await startSiblingShop("admin-emails", { ADMIN_EMAILS: `admin@partshop.dev,${boss}` });
    siblings.push(listed);
    const { idToken } = await createFirebaseAccount(boss, PASSWORD, "Bo Boss");
    // Whoever registers the address first is not made admin on an unverified word.
    const unverified = await signIn(boss, idToken, listed.url);
    expect(unverified.status).toBe(200);
    expect((await restAt(listed.url, "GET", `/admin/${boss}`, { token: unverified.body.token })).body).toEqual({
      admin: false,
    });
    const verified = await signIn(boss, await verifyEmail(boss), listed.url);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await restAt(listed.url, "GET", `/admin/${boss}`, { token: verified.body.token })).body).toEqual({
      admin: true,
    });
    expect(await userRow(boss)).toMatchObject({ role: "admin", admin_source: "config" });

    // The operator takes the address out of the list: the next start takes the role away.
    await listed.stop();
    const unlisted = await startSiblingShop("admin-emails-removed", { ADMIN_EMAILS: "admin@partshop.dev" });
    siblings.push(unlisted);
    expect(await userRow(boss)).toMatchObject({ role: "user", admin_source: null });
    expect((await restAt(unlisted.url, "GET", "/getOrders", { token: verified.body.token })).status).toBe(403);
    const history = await gql(
      "query($id: ID!) { auditLog(entityType: USER, entityId: $id, first: 5) { edges { node { action actorEmail changes { field after } } } } }",
      { id: (await userRow(boss)).id },
      (await seededAdmin()).token,
    );
    expect(history.body.data.auditLog.edges[0].node).toMatchObject({ action: "USER_DEMOTED", actorEmail: "partshop" });
  });

  it("an admin demotes a promoted admin (recorded), but neither themselves nor an ADMIN_EMAILS address", async () => {
    const admin = await seededAdmin();
    const helper = await newCustomer("helper");
    expect((await rest("PUT", `/user/admin/${helper.email}`, { token: admin.token })).body.modifiedCount).toBe(1);
    expect((await rest("GET", "/getOrders", { token: helper.token })).status).toBe(200);

    const demoted = await gql(
      "mutation($e: String!) { demoteAdmin(email: $e) { email role } }",
      { e: helper.email },
      admin.token,
    );
    expect(demoted.body.data.demoteAdmin).toEqual({ email: helper.email, role: "USER" });
    // The very next request of the demoted admin is a customer's.
    expect((await rest("GET", "/getOrders", { token: helper.token })).status).toBe(403);
    const again = await rest("DELETE", `/user/admin/${helper.email}`, { token: admin.token });
    expect(again.body).toEqual({ acknowledged: true, modifiedCount: 0 });

    const history = await gql(
      "query($id: ID!) { auditLog(entityType: USER, entityId: $id, first: 5) { edges { node { action actorEmail } } } }",
      { id: (await userRow(helper.email)).id },
      admin.token,
    );
    expect(history.body.data.auditLog.edges.map((edge: any) => edge.node)).toEqual([
      { action: "USER_DEMOTED", actorEmail: admin.email },
      { action: "USER_PROMOTED", actorEmail: admin.email },
    ]);

    const self = await gql(
      "mutation($e: String!) { demoteAdmin(email: $e) { role } }",
      { e: admin.email },
      admin.token,
    );
    expect(errorCode(self)).toBe("CONFLICT");
    expect(self.body.errors[0].message).toMatch(/cannot demote yourself/);
    await rest("PUT", `/user/admin/${helper.email}`, { token: admin.token });
    const listed = await rest("DELETE", `/user/admin/${admin.email}`, { token: helper.token });
    expect(listed.status).toBe(409);
    expect(listed.body.error).toMatch(/ADMIN_EMAILS/);
  });

  it("a customer cannot demote anyone (403)", async () => {
    const customer = await newCustomer();
    expect((await rest("DELETE", "/user/admin/admin@partshop.dev", { token: customer.token })).status).toBe(403);
    const answer = await gql('mutation { demoteAdmin(email: "admin@partshop.dev") { role } }', {}, customer.token);
    expect(errorCode(answer)).toBe("FORBIDDEN");
  });
});

describe("the shop's access tokens", () => {
  it("name their audience and signing key, and die at sign-out in every process", async () => {
    const customer = await newCustomer("signout");
    expect(decodeJwt(customer.token)).toMatchObject({ aud: "partshop-api", iss: "partshop" });
    expect(decodeProtectedHeader(customer.token).kid).toMatch(/^[\w-]{16}$/);
    const sibling = await startSiblingShop("signout");
    siblings.push(sibling);
    const ordersAt = (baseUrl: string, token: string) =>
      restAt(baseUrl, "GET", `/order?user=${customer.email}`, { token });
    // Both processes know the caller (each keeps it in memory).
    expect((await ordersAt(shop().url, customer.token)).status).toBe(200);
    expect((await ordersAt(sibling.url, customer.token)).status).toBe(200);
    // Another session of the same customer.
    const other = (await signIn(customer.email, (await firebaseSignIn(customer.email, PASSWORD)).idToken)).body.token;

    expect((await gql("mutation { signOut }", {}, customer.token)).body.data.signOut).toBe(true);
    for (const baseUrl of [shop().url, sibling.url]) {
      const answer = await ordersAt(baseUrl, customer.token);
      expect({ baseUrl, status: answer.status, error: answer.body.error }).toEqual({
        baseUrl,
        status: 401,
        error: expect.stringMatching(/signed out/),
      });
      expect((await ordersAt(baseUrl, other)).status).toBe(200);
    }
  });

  it("a token for another audience, or signed by an unknown key, is refused", async () => {
    const customer = await newCustomer("audience");
    const { sub, email } = decodeJwt(customer.token);
    const secret = new Uint8Array(Buffer.from(fs.readFileSync(path.join(shop().dataDir, "jwt-secret"), "utf8").trim()));
    const kid = decodeProtectedHeader(customer.token).kid!;
    const forge = (audience: string, keyId: string) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: "HS256", kid: keyId })
        .setSubject(String(sub))
        .setIssuer("partshop")
        .setAudience(audience)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(secret);
    const genuine = await forge("partshop-api", kid);
    expect((await rest("GET", `/order?user=${customer.email}`, { token: genuine })).status).toBe(200);
    expect(
      (await rest("GET", `/order?user=${customer.email}`, { token: await forge("another-service", kid) })).status,
    ).toBe(401);
    expect(
      (await rest("GET", `/order?user=${customer.email}`, { token: await forge("partshop-api", "unknown-key-id00") }))
        .status,
    ).toBe(401);
  });

  it("a new JWT_SECRET with the old one in JWT_PREVIOUS_SECRETS signs nobody out", async () => {
    const customer = await newCustomer("rotation");
    const oldSecret = fs.readFileSync(path.join(shop().dataDir, "jwt-secret"), "utf8").trim();
    const rotated = await startSiblingShop("rotated", {
      JWT_SECRET: "a-brand-new-secret-of-at-least-32-characters",
      JWT_PREVIOUS_SECRETS: oldSecret,
    });
    siblings.push(rotated);
    // Issued before the rotation, still good after it.
    expect((await restAt(rotated.url, "GET", `/order?user=${customer.email}`, { token: customer.token })).status).toBe(
      200,
    );
    // Issued by the new key: good where the new key is known, refused where it is not.
    const fresh = (await signIn(customer.email, (await firebaseSignIn(customer.email, PASSWORD)).idToken, rotated.url))
      .body.token;
    expect(decodeProtectedHeader(fresh).kid).not.toBe(decodeProtectedHeader(customer.token).kid);
    expect((await restAt(rotated.url, "GET", `/order?user=${customer.email}`, { token: fresh })).status).toBe(200);
    expect((await rest("GET", `/order?user=${customer.email}`, { token: fresh })).status).toBe(401);
  });
});
