import { describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, rest, seededAdmin, uniqueEmail, withDatabase } from "./support/client";

describe("users and roles", () => {
  it("GET /user lists users as {_id, email, role} for admins only", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    expect((await rest("GET", "/user")).status).toBe(401);
    expect((await rest("GET", "/user", { token: customer.token })).status).toBe(403);
    const list = await rest("GET", "/user", { token: admin.token });
    expect(list.status).toBe(200);
    const entry = list.body.find((user: any) => user.email === customer.email);
    expect(entry).toEqual({ _id: expect.any(String), email: customer.email, role: "user" });
  });

  it("an admin promotes a user; the promotion applies to that user's very next request", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    expect((await rest("GET", "/getOrders", { token: customer.token })).status).toBe(403);
    const promoted = await rest("PUT", `/user/admin/${customer.email}`, { token: admin.token });
    expect(promoted.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await rest("GET", "/getOrders", { token: customer.token })).status).toBe(200);
    expect((await rest("GET", `/admin/${customer.email}`, { token: customer.token })).body).toEqual({ admin: true });
    const again = await rest("PUT", `/user/admin/${customer.email}`, { token: admin.token });
    expect(again.body).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it("a signed-in caller is read from the database once, and again as soon as their row changes outside the shop", async () => {
    const customer = await newCustomer();
    const ownFlag = () => rest("GET", `/admin/${customer.email}`, { token: customer.token });
    const sqlOf = (answer: { headers: Headers }) => Number(answer.headers.get("x-sql-queries"));
    const first = await ownFlag();
    expect(first.body).toEqual({ admin: false });
    expect(sqlOf(first)).toBe(1);
    const again = await ownFlag();
    expect(again.body).toEqual({ admin: false });
    expect(sqlOf(again), "the caller came from memory").toBe(0);

    // Written as psql would: no server call, only the users_changed notification tells the shop.
    await withDatabase((db) => db.query("UPDATE users SET role = 'admin' WHERE email = $1", [customer.email]));
    const promoted = await ownFlag();
    expect(promoted.body).toEqual({ admin: true });
    expect(sqlOf(promoted)).toBe(1);
    expect((await rest("GET", "/getOrders", { token: customer.token })).status).toBe(200);

    await withDatabase((db) => db.query("DELETE FROM users WHERE email = $1", [customer.email]));
    const gone = await ownFlag();
    expect(gone.status).toBe(401);
    expect(gone.body.error).toMatch(/no longer exists/);
  });

  it("a non-admin cannot promote (403, the 'Failed to make an admin' case); an unknown email is 404", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const admin = await seededAdmin();
    expect((await rest("PUT", `/user/admin/${other.email}`, { token: customer.token })).status).toBe(403);
    expect((await rest("PUT", `/user/admin/${other.email}`)).status).toBe(401);
    expect((await rest("PUT", `/user/admin/${uniqueEmail("ghost")}`, { token: admin.token })).status).toBe(404);
  });

  it("GET /admin/{email}: one's own flag; someone else's only for admins", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const admin = await seededAdmin();
    expect((await rest("GET", `/admin/${customer.email}`, { token: customer.token })).body).toEqual({ admin: false });
    expect((await rest("GET", `/admin/${other.email}`, { token: customer.token })).status).toBe(403);
    expect((await rest("GET", `/admin/${customer.email}`)).status).toBe(401);
    expect((await rest("GET", `/admin/${customer.email}`, { token: admin.token })).body).toEqual({ admin: false });
  });

  it("GraphQL makeAdmin, isAdmin and users follow the same rules", async () => {
    const customer = await newCustomer();
    const admin = await seededAdmin();
    const denied = await gql(
      "mutation($e: String!) { makeAdmin(email: $e) { role } }",
      { e: customer.email },
      customer.token,
    );
    expect(errorCode(denied)).toBe("FORBIDDEN");
    const visitor = await gql("{ users(first: 5) { edges { node { email } } } }");
    expect(errorCode(visitor)).toBe("UNAUTHENTICATED");
    const promoted = await gql(
      "mutation($e: String!) { makeAdmin(email: $e) { email role } }",
      { e: customer.email },
      admin.token,
    );
    expect(promoted.body.data.makeAdmin).toEqual({ email: customer.email, role: "ADMIN" });
    const check = await gql("query($e: String!) { isAdmin(email: $e) }", { e: customer.email }, customer.token);
    expect(check.body.data.isAdmin).toBe(true);
    const missing = await gql('mutation { makeAdmin(email: "nobody@nowhere.dev") { role } }', {}, admin.token);
    expect(errorCode(missing)).toBe("NOT_FOUND");
  });
});

describe("profile (PUT /profileUpdate/{email})", () => {
  const profile = {
    user: "ignored",
    userName: "Pat",
    education: "BSc Electronics",
    address: "4 Mill Lane",
    phone: "441234567",
    linkedin: "https://linkedin.com/in/pat",
  };

  it("saves one's own profile and the viewer sees it", async () => {
    const customer = await newCustomer();
    const answer = await rest("PUT", `/profileUpdate/${customer.email}`, { token: customer.token, body: profile });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const viewer = await gql(
      "{ viewer { profile { userName education address phone linkedin } } }",
      {},
      customer.token,
    );
    expect(viewer.body.data.viewer.profile).toEqual({
      userName: "Pat",
      education: "BSc Electronics",
      address: "4 Mill Lane",
      phone: "441234567",
      linkedin: "https://linkedin.com/in/pat",
    });
    const updated = await rest("PUT", `/profileUpdate/${customer.email}`, {
      token: customer.token,
      body: { ...profile, education: "MSc" },
    });
    expect(updated.status).toBe(200);
    const again = await gql("{ viewer { profile { education } } }", {}, customer.token);
    expect(again.body.data.viewer.profile.education).toBe("MSc");
  });

  it("only for one's own email (403) and only when signed in (401)", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    expect((await rest("PUT", `/profileUpdate/${other.email}`, { token: customer.token, body: profile })).status).toBe(
      403,
    );
    expect((await rest("PUT", `/profileUpdate/${customer.email}`, { body: profile })).status).toBe(401);
  });

  it("education, address, phone (digits) and linkedin (http(s) URL) are all required", async () => {
    const customer = await newCustomer();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ education: "" }, "Education is required"],
      [{ address: " " }, "Address is required"],
      [{ phone: "" }, "Phone is required"],
      [{ phone: "12ab" }, "Phone must be 4 to 20 digits"],
      [{ linkedin: "" }, "LinkedIn URL is required"],
      [{ linkedin: "linkedin.com/in/pat" }, "LinkedIn must be an http(s) URL"],
    ];
    for (const [override, message] of cases) {
      const answer = await rest("PUT", `/profileUpdate/${customer.email}`, {
        token: customer.token,
        body: { ...profile, ...override },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
    }
  });

  it("updateProfile mutation saves the caller's profile", async () => {
    const customer = await newCustomer();
    const answer = await gql(
      "mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { education linkedin } }",
      { input: { education: "HND", address: "1 Road", phone: "12345", linkedin: "http://example.com/me" } },
      customer.token,
    );
    expect(answer.body.data.updateProfile).toEqual({ education: "HND", linkedin: "http://example.com/me" });
  });
});
