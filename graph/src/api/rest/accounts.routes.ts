import { unauthenticated } from "../../domain/errors";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { Services } from "../../domain/services";
import { EmailArgs, NewsletterArgs, UpdateProfileInput } from "../inputs/accounts";
import { MAX, parseInput } from "../inputs/validation";
import { bodyOf, ok, RestRoute } from "./route";
import { schemas } from "./route-doc";
import { restUser } from "./serializers";

/** An email from the path, checked like GraphQL's email arguments. */
const emailOf = async (value: unknown) => (await parseInput(EmailArgs, { email: value })).email;

const { ref, listOf, object } = schemas;
const EMAIL = (description: string) => ({ email: { type: "string", maxLength: MAX.email, description } });
const SUBSCRIBED = { subscribed: { const: true, description: "Always true: the email is on the list" } };

/** Sign-in, users and roles, profiles, the newsletter. */
export function accountRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "PUT",
      path: "/user/:email",
      rateLimit: "signIn",
      doc: {
        operationId: "signIn",
        summary: "Exchanges a Firebase ID token for the shop's access token",
        credential: "firebaseIdToken",
        description:
          "Send the Firebase ID token (from Firebase Auth; locally, the Auth Emulator) as `Authorization: Bearer <ID token>`. The server verifies it (revocation included), checks that its email is the path's (any letter case) and creates the account at its first sign-in. Emails listed in ADMIN_EMAILS become admins. The answer's token is the access token every protected call sends as `Authorization: Bearer <token>`; it is valid for one day.",
        tag: "Accounts",
        params: EMAIL("The email the ID token is for"),
        answers: {
          200: {
            description: "Signed in",
            schema: object(
              {
                result: object(
                  { acknowledged: { const: true, description: "Always true" } },
                  "The account was created or updated",
                ),
                token: { type: "string", description: "The shop's access token (a JWT valid one day)" },
              },
              "The access token, stored by the spec's client",
            ),
          },
          401: { description: "No ID token, or one that is invalid, expired or revoked", schema: ref("Error") },
          403: { description: "The ID token is for another email than the path's", schema: ref("Error") },
        },
      },
      // The bearer here is a Firebase ID token: the proof of who is asking.
      handle: async (request) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
        if (!match) throw unauthenticated("Send the Firebase ID token as Authorization: Bearer <ID token>");
        const { token } = await services.users.signIn(match[1], request.params.email);
        return ok({ result: { acknowledged: true }, token });
      },
    },
    {
      method: "GET",
      path: "/user",
      auth: "ADMIN",
      doc: {
        operationId: "listUsers",
        summary: "Every account, in sign-up order",
        description: `At most ${REST_LIST_LIMIT}.`,
        tag: "Accounts",
        answers: { 200: { description: "The users", schema: listOf("User", "In sign-up order") } },
      },
      handle: async (_request, caller) =>
        ok(allOf(await services.users.list(caller, { first: REST_LIST_LIMIT })).map(restUser)),
    },
    {
      method: "PUT",
      path: "/user/admin/:email",
      auth: "ADMIN",
      doc: {
        operationId: "makeAdmin",
        summary: "Promotes a user to admin",
        description: "Takes effect on the user's next request. Recorded in the admins' history.",
        tag: "Accounts",
        params: EMAIL("The user's email"),
        answers: {
          200: { description: "modifiedCount 1 when promoted, 0 when already an admin", schema: ref("Modified") },
          404: { description: "No account with this email", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        const { modified } = await services.users.makeAdmin(caller, await emailOf(request.params.email));
        return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
      },
    },
    {
      method: "DELETE",
      path: "/user/admin/:email",
      auth: "ADMIN",
      doc: {
        operationId: "demoteAdmin",
        summary: "Takes the admin role from another admin",
        description: "Takes effect on the user's next request. Recorded in the admins' history.",
        tag: "Accounts",
        params: EMAIL("The admin's email"),
        answers: {
          200: { description: "modifiedCount 1 when demoted, 0 when not an admin", schema: ref("Modified") },
          404: { description: "No account with this email", schema: ref("Error") },
          409: {
            description: "Yourself, or an address ADMIN_EMAILS lists (take it out of the configuration instead)",
            schema: ref("Error"),
          },
        },
      },
      handle: async (request, caller) => {
        const { modified } = await services.users.demoteAdmin(caller, await emailOf(request.params.email));
        return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
      },
    },
    {
      method: "GET",
      path: "/admin/:email",
      auth: "USER",
      doc: {
        operationId: "isAdmin",
        summary: "Whether an email is an admin's",
        description: "Your own email, or anyone's for an admin.",
        tag: "Accounts",
        params: EMAIL("The email to check"),
        answers: {
          200: {
            description: "The admin flag",
            schema: object(
              { admin: { type: "boolean", description: "Whether the account is an admin" } },
              "The admin flag",
            ),
          },
          403: { description: "Another user's email (for a customer)", schema: ref("Error") },
        },
      },
      handle: async (request, caller) =>
        ok({ admin: await services.users.isAdmin(caller, await emailOf(request.params.email)) }),
    },
    {
      method: "PUT",
      path: "/profileUpdate/:email",
      auth: "USER",
      reads: { body: ["userName", "education", "address", "phone", "linkedin"] },
      doc: {
        operationId: "updateProfile",
        summary: "Saves your profile (it replaces the one saved)",
        tag: "Accounts",
        params: EMAIL("Your email"),
        body: {
          type: "object",
          description: "The profile form (the spec's client also sends `user`, ignored)",
          properties: {
            userName: { type: "string", maxLength: MAX.name, description: "The name to show (optional)" },
            education: { type: "string", maxLength: MAX.shortText, description: "Where you studied" },
            address: { type: "string", maxLength: MAX.address, description: "Postal address" },
            phone: {
              type: ["string", "integer"],
              description: "Phone number: 4 to 20 digits, optionally with a leading +; a number is read as its digits",
            },
            linkedin: { type: "string", maxLength: MAX.url, description: "http(s) URL of your LinkedIn profile" },
          },
          required: ["education", "address", "phone", "linkedin"],
        },
        answers: {
          200: { description: "Saved", schema: ref("Modified") },
          403: { description: "Another user's email", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        const body = bodyOf(request);
        const input = await parseInput(UpdateProfileInput, {
          userName: body.userName,
          education: body.education,
          address: body.address,
          // The spec's profile form sends the phone from a number input.
          phone:
            typeof body.phone === "number" && Number.isSafeInteger(body.phone) && body.phone >= 0
              ? String(body.phone)
              : body.phone,
          linkedin: body.linkedin,
        });
        await services.profiles.update(caller, request.params.email, input);
        return ok({ acknowledged: true, modifiedCount: 1 });
      },
    },
    {
      method: "POST",
      path: "/newsletter",
      rateLimit: "newsletter",
      reads: { body: ["email"] },
      doc: {
        operationId: "subscribeNewsletter",
        summary: "Puts an email on the newsletter list",
        tag: "Accounts",
        body: object(EMAIL("The email to send the newsletter to (a valid address)"), "Who subscribes"),
        answers: {
          201: { description: "Subscribed", schema: object(SUBSCRIBED, "Subscribed") },
          200: {
            description: "It already was: nothing changed",
            schema: object(
              { ...SUBSCRIBED, alreadySubscribed: { const: true, description: "Always true" } },
              "Already subscribed",
            ),
          },
        },
      },
      handle: async (request) => {
        const { email } = await parseInput(NewsletterArgs, request.body);
        const result = await services.newsletter.subscribe(email);
        return result.alreadySubscribed
          ? ok({ subscribed: true, alreadySubscribed: true })
          : ok({ subscribed: true }, 201);
      },
    },
  ];
}
