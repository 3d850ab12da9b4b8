import { describe, expect, it } from "vitest";
import {
  createFirebaseAccount,
  emulatorCall,
  errorCode,
  gql,
  newCustomer,
  rest,
  seededAdmin,
  shop,
  uniqueEmail,
  withDatabase,
} from "./support/client";

describe("sign-in: PUT /user/{email} exchanges a Firebase ID token for the shop's access token", () => {
  it("issues a token and creates the user with role user and the token's display name", async () => {
    const email = uniqueEmail("signin");
    const { idToken } = await createFirebaseAccount(email, "secret-123", "Ada Lovelace");
    const answer = await rest("PUT", `/user/${email}`, { token: idToken, body: { email } });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBeTruthy();
    expect(answer.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const viewer = await gql("{ viewer { email role displayName } }", {}, answer.body.token);
    expect(viewer.body.data.viewer).toEqual({ email, role: "USER", displayName: "Ada Lovelace" });
  });

  it("uses the email's local part as the name when the account has none", async () => {
    const email = uniqueEmail("noname");
    const { idToken } = await createFirebaseAccount(email);
    const { body } = await rest("PUT", `/user/${email}`, { token: idToken, body: { email } });
    const viewer = await gql("{ viewer { displayName } }", {}, body.token);
    expect(viewer.body.data.viewer.displayName).toBe(email.split("@")[0]);
  });

  it("matches the email case-insensitively", async () => {
    const email = uniqueEmail("case");
    const { idToken } = await createFirebaseAccount(email);
    const answer = await rest("PUT", `/user/${email.toUpperCase()}`, { token: idToken, body: { email } });
    expect(answer.status).toBe(200);
  });

  it("refuses a request without an ID token (401)", async () => {
    const email = uniqueEmail("noproof");
    const answer = await rest("PUT", `/user/${email}`, { body: { email } });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/ID token/);
  });

  it("refuses a forged or garbage token (401)", async () => {
    const email = uniqueEmail("forged");
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({
        iss: `https://securetoken.google.com/${shop().projectId}`,
        aud: shop().projectId,
        sub: "nobody",
        email,
        iat: 1,
        exp: 9999999999,
      }),
    ).toString("base64url");
    for (const token of ["not-a-token", `${header}.${payload}.`]) {
      const answer = await rest("PUT", `/user/${email}`, { token, body: { email } });
      expect(answer.status).toBe(401);
    }
  });

  it("refuses a well-formed token for an account that no longer exists (401)", async () => {
    const email = uniqueEmail("deleted");
    const { idToken } = await createFirebaseAccount(email);
    await emulatorCall("accounts:delete", { idToken });
    const answer = await rest("PUT", `/user/${email}`, { token: idToken, body: { email } });
    expect(answer.status).toBe(401);
  });

  it("refuses a token whose email is not the one in the path (403)", async () => {
    const email = uniqueEmail("owner");
    const { idToken } = await createFirebaseAccount(email);
    const victim = uniqueEmail("victim");
    const answer = await rest("PUT", `/user/${victim}`, { token: idToken, body: { email: victim } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/another email/);
  });

  it("makes emails listed in ADMIN_EMAILS admins", async () => {
    const admin = await seededAdmin();
    const answer = await rest("GET", `/admin/${admin.email}`, { token: admin.token });
    expect(answer.body).toEqual({ admin: true });
  });

  it("keeps an admin an admin when they sign in again", async () => {
    const admin = await seededAdmin();
    const customer = await newCustomer("promoted");
    await rest("PUT", `/user/admin/${customer.email}`, { token: admin.token });
    const { idToken } = await (await import("./support/client")).firebaseSignIn(customer.email, "secret-123");
    const again = await rest("PUT", `/user/${customer.email}`, { token: idToken, body: { email: customer.email } });
    expect((await rest("GET", `/admin/${customer.email}`, { token: again.body.token })).body).toEqual({ admin: true });
  });

  it("offers the same exchange as the signIn mutation", async () => {
    const email = uniqueEmail("gqlsignin");
    const { idToken } = await createFirebaseAccount(email, "secret-123", "Grace Hopper");
    const answer = await gql(
      "mutation($t: String!) { signIn(idToken: $t) { token user { email role displayName } } }",
      { t: idToken },
    );
    expect(answer.body.data.signIn.user).toEqual({ email, role: "USER", displayName: "Grace Hopper" });
    const bad = await gql('mutation { signIn(idToken: "garbage") { token } }');
    expect(errorCode(bad)).toBe("UNAUTHENTICATED");
  });
});

describe("access tokens", () => {
  it("a tampered access token is refused (401)", async () => {
    const customer = await newCustomer();
    const [header, payload, signature] = customer.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: "admin@partshop.dev" })).toString("base64url")}.${signature}`;
    const answer = await rest("GET", `/order?user=${customer.email}`, { token: forged });
    expect(answer.status).toBe(401);
  });

  it("a token whose user record was removed is refused on the next request", async () => {
    const customer = await newCustomer("removed");
    expect((await rest("GET", `/order?user=${customer.email}`, { token: customer.token })).status).toBe(200);
    await withDatabase((client) => client.query("DELETE FROM users WHERE email = $1", [customer.email]));
    const answer = await rest("GET", `/order?user=${customer.email}`, { token: customer.token });
    expect(answer.status).toBe(401);
  });

  it("a malformed Authorization header is 401, not a 500", async () => {
    const answer = await rest("GET", "/getOrders", { headers: { authorization: "Basic abc" } });
    expect(answer.status).toBe(401);
  });
});
