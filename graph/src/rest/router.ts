import express, { NextFunction, Request, Response, Router } from "express";
import { ShopError } from "../errors";
import { AddProductInput, AddReviewInput, PlaceOrderInput, UpdateProfileInput, NewsletterArgs } from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { Services } from "../services";
import { Actor } from "../services/actor";
import { allOf, REST_LIST_LIMIT } from "../services/pagination";
import { restOrder, restPart, restProduct, restReview, restUser } from "./serializers";

type Reply = { status?: number; body: unknown };
type Handler = (req: Request, actor: () => Promise<Actor>) => Promise<Reply>;

const all = { first: REST_LIST_LIMIT };
const ok = (body: unknown, status = 200): Reply => ({ status, body });

/** Where a web route and a REST path meet, a browser asking for a page gets the web app. */
export const prefersHtml = (req: Request) => req.accepts(["application/json", "text/html"]) === "text/html";

/**
 * The REST routes of the spec. Each handler adapts the spec's request shape to one service call
 * and the result to the spec's answer shape; the rules live in the services.
 */
export function restRouter(services: Services): Router {
  const router = express.Router();
  const route = (handler: Handler) => async (req: Request, res: Response, next: NextFunction) => {
    let actor: Promise<Actor> | undefined;
    try {
      const reply = await handler(req, () => (actor ??= services.users.authenticate(req.headers.authorization)));
      res.status(reply.status ?? 200).json(reply.body);
    } catch (error) {
      next(error);
    }
  };
  const param = (req: Request, name: string) => String(req.params[name] ?? "");

  router.get("/parts", route(async () => ok(allOf(await services.parts.list(all)).map(restPart))));
  router.get("/parts/:id", (req, _res, next) => (prefersHtml(req) ? next("router") : next()));
  router.get("/parts/:id", route(async (req) => ok(restPart(await services.parts.get(param(req, "id"))))));

  router.get("/product", route(async () => ok(allOf(await services.products.list(all)).map(restProduct))));
  router.post(
    "/product",
    route(async (req, actor) => {
      const body = req.body ?? {};
      const input = await parseInput(AddProductInput, {
        name: body.name,
        availableQuantity: body.available_quantity,
        price: body.price,
        img: body.img,
        minQuantity: body.min_quantity,
        description: body.description,
      });
      const product = await services.products.add(await actor(), input);
      return ok({ acknowledged: true, insertedId: product.databaseId }, 201);
    }),
  );
  router.delete(
    "/product/:id",
    route(async (req, actor) => {
      await services.products.delete(await actor(), param(req, "id"));
      return ok({ acknowledged: true, deletedCount: 1 });
    }),
  );

  router.post(
    "/order",
    route(async (req, actor) => {
      const body = req.body ?? {};
      const caller = await actor();
      try {
        if (!caller) throw new ShopError("UNAUTHENTICATED", "Sign in to do this");
        const input = await parseInput(PlaceOrderInput, {
          partId: body.orderId,
          quantity: body.quantity,
          address: body.address,
          phone: body.phone,
        });
        const order = await services.orders.place(caller, input);
        return ok({ success: true, insertedId: order.databaseId }, 201);
      } catch (error) {
        // The spec's client reads the success flag: a refused order says success:false.
        if (error instanceof ShopError && error.code !== "UNAUTHENTICATED") return ok({ success: false, error: error.message }, error.status);
        throw error;
      }
    }),
  );
  router.get(
    "/order",
    route(async (req, actor) => {
      const email = req.query.user;
      if (typeof email !== "string" || !email.trim()) {
        const caller = await actor();
        if (!caller) throw new ShopError("UNAUTHENTICATED", "Sign in to do this");
        throw new ShopError("BAD_USER_INPUT", "The user query parameter (an email) is required");
      }
      return ok(allOf(await services.orders.listForEmail(await actor(), email, all)).map(restOrder));
    }),
  );
  router.get("/order/:id", route(async (req, actor) => ok(restOrder(await services.orders.get(await actor(), param(req, "id"))))));
  router.patch(
    "/order/:id",
    route(async (req, actor) => {
      const transactionId = req.body?.transactionId;
      const caller = await actor();
      if (typeof transactionId !== "string" || !transactionId.trim()) {
        if (!caller) throw new ShopError("UNAUTHENTICATED", "Sign in to do this");
        throw new ShopError("BAD_USER_INPUT", "transactionId is required");
      }
      const before = await services.orders.get(caller, param(req, "id"));
      const order = await services.payments.confirm(caller, param(req, "id"), transactionId.trim());
      return ok({ acknowledged: true, modifiedCount: before.paid ? 0 : order.paid ? 1 : 0 });
    }),
  );
  router.delete(
    "/userOrder/:id",
    route(async (req, actor) => {
      await services.orders.cancel(await actor(), param(req, "id"));
      return ok({ acknowledged: true, deletedCount: 1 });
    }),
  );
  router.get("/getOrders", route(async (_req, actor) => ok(allOf(await services.orders.listAll(await actor(), all)).map(restOrder))));

  router.post(
    "/create-payment-intent",
    route(async (req, actor) => {
      const body = req.body ?? {};
      const caller = await actor();
      if (body.orderId === undefined || body.orderId === null || body.orderId === "") {
        if (!caller) throw new ShopError("UNAUTHENTICATED", "Sign in to do this");
        throw new ShopError("BAD_USER_INPUT", "orderId is required");
      }
      if (typeof body.orderId !== "string") throw new ShopError("BAD_USER_INPUT", "orderId must be a string");
      if (body.price !== undefined && body.price !== null && (typeof body.price !== "number" || !Number.isFinite(body.price))) {
        throw new ShopError("BAD_USER_INPUT", "price must be a number of dollars");
      }
      return ok(await services.payments.createIntent(caller, body.orderId, body.price));
    }),
  );

  router.get("/review", route(async () => ok(allOf(await services.reviews.list(all)).map(restReview))));
  router.post(
    "/review",
    route(async (req, actor) => {
      const caller = await actor();
      const review = await services.reviews.add(caller, await parseInput(AddReviewInput, req.body));
      return ok({ acknowledged: true, insertedId: review.databaseId }, 201);
    }),
  );

  router.get("/user", route(async (_req, actor) => ok(allOf(await services.users.list(await actor(), all)).map(restUser))));
  router.put(
    "/user/admin/:email",
    route(async (req, actor) => {
      const { modified } = await services.users.makeAdmin(await actor(), param(req, "email"));
      return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
    }),
  );
  // Sign-in: the bearer here is a Firebase ID token, the proof of who is asking.
  router.put(
    "/user/:email",
    route(async (req) => {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
      if (!match) throw new ShopError("UNAUTHENTICATED", "Send the Firebase ID token as Authorization: Bearer <ID token>");
      const { token } = await services.users.signIn(match[1], param(req, "email"));
      return ok({ result: { acknowledged: true }, token });
    }),
  );
  router.get("/admin/:email", route(async (req, actor) => ok({ admin: await services.users.isAdmin(await actor(), param(req, "email")) })));

  router.put(
    "/profileUpdate/:email",
    route(async (req, actor) => {
      const caller = await actor();
      const body = req.body ?? {};
      const input = await parseInput(UpdateProfileInput, {
        userName: body.userName,
        education: body.education,
        address: body.address,
        phone: typeof body.phone === "number" ? String(body.phone) : body.phone,
        linkedin: body.linkedin,
      });
      await services.profiles.update(caller, param(req, "email"), input);
      return ok({ acknowledged: true, modifiedCount: 1 });
    }),
  );

  router.post(
    "/newsletter",
    route(async (req) => {
      const { email } = await parseInput(NewsletterArgs, req.body);
      const result = await services.newsletter.subscribe(email);
      return result.alreadySubscribed ? ok({ subscribed: true, alreadySubscribed: true }) : ok({ subscribed: true }, 201);
    }),
  );

  return router;
}
