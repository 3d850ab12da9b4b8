import { unauthenticated } from "../../domain/errors";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { Services } from "../../domain/services";
import { EmailArgs, NewsletterArgs, UpdateProfileInput } from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { bodyOf, ok, RestRoute } from "./route";
import { restUser } from "./serializers";

/** An email from the path, checked like GraphQL's email arguments. */
const emailOf = async (value: unknown) => (await parseInput(EmailArgs, { email: value })).email;

/** Sign-in, users and roles, profiles, the newsletter. */
export function accountRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "PUT",
      path: "/user/:email",
      rateLimit: "signIn",
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
      handle: async (_request, caller) => ok(allOf(await services.users.list(caller, { first: REST_LIST_LIMIT })).map(restUser)),
    },
    {
      method: "PUT",
      path: "/user/admin/:email",
      auth: "ADMIN",
      handle: async (request, caller) => {
        const { modified } = await services.users.makeAdmin(caller, await emailOf(request.params.email));
        return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
      },
    },
    {
      method: "DELETE",
      path: "/user/admin/:email",
      auth: "ADMIN",
      handle: async (request, caller) => {
        const { modified } = await services.users.demoteAdmin(caller, await emailOf(request.params.email));
        return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
      },
    },
    {
      method: "GET",
      path: "/admin/:email",
      auth: "USER",
      handle: async (request, caller) => ok({ admin: await services.users.isAdmin(caller, await emailOf(request.params.email)) }),
    },
    {
      method: "PUT",
      path: "/profileUpdate/:email",
      auth: "USER",
      reads: { body: ["userName", "education", "address", "phone", "linkedin"] },
      handle: async (request, caller) => {
        const body = bodyOf(request);
        const input = await parseInput(UpdateProfileInput, {
          userName: body.userName,
          education: body.education,
          address: body.address,
          // The spec's profile form sends the phone from a number input.
          phone: typeof body.phone === "number" && Number.isSafeInteger(body.phone) && body.phone >= 0 ? String(body.phone) : body.phone,
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
      handle: async (request) => {
        const { email } = await parseInput(NewsletterArgs, request.body);
        const result = await services.newsletter.subscribe(email);
        return result.alreadySubscribed ? ok({ subscribed: true, alreadySubscribed: true }) : ok({ subscribed: true }, 201);
      },
    },
  ];
}
