import express, { NextFunction, Request, Response, Router } from "express";
import { User } from "../db/entities";
import { ShopError, unauthenticated } from "../errors";
import {
  AddProductInput,
  AddReviewInput,
  ConfirmOrderPaymentArgs,
  CreatePaymentIntentArgs,
  EmailArgs,
  NewsletterArgs,
  PlaceOrderInput,
  UpdateProfileInput,
} from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { Services } from "../services";
import { authorize, Requirement } from "../services/actor";
import { allOf, REST_LIST_LIMIT } from "../services/pagination";
import { restOrder, restPart, restProduct, restReview, restUser } from "./serializers";

type Reply = { status?: number; body: unknown };
const ok = (body: unknown, status = 200): Reply => ({ status, body });
const all = { first: REST_LIST_LIMIT };
const param = (req: Request, name: string) => String(req.params[name] ?? "");
/** An email from the path or the query string, checked like GraphQL's email arguments. */
const emailOf = async (value: unknown) => (await parseInput(EmailArgs, { email: value })).email;
const bodyOf = (req: Request): Record<string, any> => (req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {});

/** Where a web route and a REST path meet, a browser asking for a page gets the web app. */
export const prefersHtml = (req: Request) => req.accepts(["application/json", "text/html"]) === "text/html";

/**
 * The REST routes of the spec. Each handler adapts the spec's request shape to one service call
 * and the result to the spec's answer shape; the rules live in the services. Protected routes
 * declare their requirement like GraphQL's @auth and check it with the same authorize().
 */
export function restRouter(services: Services): Router {
  const router = express.Router();
  const send = (work: (req: Request) => Promise<Reply>) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const reply = await work(req);
      res.status(reply.status ?? 200);
      if (req.method === "GET" || req.method === "HEAD") return void res.json(reply.body);
      // Writes answer once and are never revalidated: no ETag to hash, no freshness to check.
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify(reply.body));
    } catch (error) {
      next(error);
    }
  };
  const open = (handler: (req: Request) => Promise<Reply>) => send(handler);
  const requires = (requirement: Requirement, handler: (req: Request, caller: User) => Promise<Reply>) =>
    send(async (req) => handler(req, authorize(await services.users.authenticate(req.headers.authorization), requirement)));

  router.get("/parts", open(async () => ok(allOf(await services.parts.list(all)).map(restPart))));
  router.get("/parts/:id", (req, _res, next) => (prefersHtml(req) ? next("router") : next()));
  router.get("/parts/:id", open(async (req) => ok(restPart(await services.parts.get(param(req, "id"))))));

  router.get("/product", open(async () => ok(allOf(await services.products.list(all)).map(restProduct))));
  router.post(
    "/product",
    requires("ADMIN", async (req, caller) => {
      const body = bodyOf(req);
      const input = await parseInput(AddProductInput, {
        name: body.name,
        availableQuantity: body.available_quantity,
        price: body.price,
        img: body.img,
        minQuantity: body.min_quantity,
        description: body.description,
      });
      const product = await services.products.add(caller, input);
      return ok({ acknowledged: true, insertedId: product.databaseId }, 201);
    }),
  );
  router.delete(
    "/product/:id",
    requires("ADMIN", async (req, caller) => {
      await services.products.delete(caller, param(req, "id"));
      return ok({ acknowledged: true, deletedCount: 1 });
    }),
  );

  router.post(
    "/order",
    requires("USER", async (req, caller) => {
      const body = bodyOf(req);
      try {
        const input = await parseInput(PlaceOrderInput, { partId: body.orderId, quantity: body.quantity, address: body.address, phone: body.phone });
        const order = await services.orders.place(caller, input);
        return ok({ success: true, insertedId: order.databaseId }, 201);
      } catch (error) {
        // The spec's client reads the success flag: a refused order says success:false.
        if (error instanceof ShopError) return ok({ success: false, error: error.message }, error.status);
        throw error;
      }
    }),
  );
  router.get(
    "/order",
    requires("USER", async (req, caller) => {
      const email = req.query.user;
      if (typeof email !== "string" || !email.trim()) throw new ShopError("BAD_USER_INPUT", "The user query parameter (an email) is required");
      return ok(allOf(await services.orders.listForEmail(caller, await emailOf(email), all)).map(restOrder));
    }),
  );
  router.get("/order/:id", requires("USER", async (req, caller) => ok(restOrder(await services.orders.get(caller, param(req, "id"))))));
  router.patch(
    "/order/:id",
    requires("USER", async (req, caller) => {
      const { orderId, transactionId } = await parseInput(ConfirmOrderPaymentArgs, { orderId: param(req, "id"), transactionId: bodyOf(req).transactionId });
      const { modified } = await services.payments.confirm(caller, orderId, transactionId.trim());
      return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
    }),
  );
  router.delete(
    "/userOrder/:id",
    requires("USER", async (req, caller) => {
      await services.orders.cancel(caller, param(req, "id"));
      return ok({ acknowledged: true, deletedCount: 1 });
    }),
  );
  router.get("/getOrders", requires("ADMIN", async (_req, caller) => ok(allOf(await services.orders.listAll(caller, all)).map(restOrder))));

  router.post(
    "/create-payment-intent",
    requires("USER", async (req, caller) => {
      const { orderId, price } = await parseInput(CreatePaymentIntentArgs, bodyOf(req));
      return ok(await services.payments.createIntent(caller, orderId, price));
    }),
  );

  router.get("/review", open(async () => ok(allOf(await services.reviews.list(all)).map(restReview))));
  router.post(
    "/review",
    requires("USER", async (req, caller) => {
      const review = await services.reviews.add(caller, await parseInput(AddReviewInput, req.body));
      return ok({ acknowledged: true, insertedId: review.databaseId }, 201);
    }),
  );

  router.get("/user", requires("ADMIN", async (_req, caller) => ok(allOf(await services.users.list(caller, all)).map(restUser))));
  router.put(
    "/user/admin/:email",
    requires("ADMIN", async (req, caller) => {
      const { modified } = await services.users.makeAdmin(caller, await emailOf(param(req, "email")));
      return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
    }),
  );
  // Sign-in: the bearer here is a Firebase ID token, the proof of who is asking.
  router.put(
    "/user/:email",
    open(async (req) => {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
      if (!match) throw unauthenticated("Send the Firebase ID token as Authorization: Bearer <ID token>");
      const { token } = await services.users.signIn(match[1], param(req, "email"));
      return ok({ result: { acknowledged: true }, token });
    }),
  );
  router.get("/admin/:email", requires("USER", async (req, caller) => ok({ admin: await services.users.isAdmin(caller, await emailOf(param(req, "email"))) })));

  router.put(
    "/profileUpdate/:email",
    requires("USER", async (req, caller) => {
      const body = bodyOf(req);
      const input = await parseInput(UpdateProfileInput, {
        userName: body.userName,
        education: body.education,
        address: body.address,
        // The spec's profile form sends the phone from a number input.
        phone: typeof body.phone === "number" && Number.isSafeInteger(body.phone) && body.phone >= 0 ? String(body.phone) : body.phone,
        linkedin: body.linkedin,
      });
      await services.profiles.update(caller, param(req, "email"), input);
      return ok({ acknowledged: true, modifiedCount: 1 });
    }),
  );

  router.post(
    "/newsletter",
    open(async (req) => {
      const { email } = await parseInput(NewsletterArgs, req.body);
      const result = await services.newsletter.subscribe(email);
      return result.alreadySubscribed ? ok({ subscribed: true, alreadySubscribed: true }) : ok({ subscribed: true }, 201);
    }),
  );

  return router;
}
