import { badInput } from "../../domain/errors";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { Services } from "../../domain/services";
import { ConfirmOrderPaymentArgs, CreatePaymentIntentArgs, EmailArgs, PlaceOrderInput } from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { bodyOf, ok, RestRoute } from "./route";
import { restOrder } from "./serializers";

const everything = { first: REST_LIST_LIMIT };

/** Reservations and their payment. */
export function orderRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "POST",
      path: "/order",
      auth: "USER",
      reads: { body: ["orderId", "quantity", "address", "phone"] },
      // The spec's client reads the success flag: a refused order says success:false.
      refusal: (error) => ({ success: false, error }),
      handle: async (request, caller) => {
        const body = bodyOf(request);
        // The spec's client names the part `orderId`.
        const input = await parseInput(PlaceOrderInput, { partId: body.orderId, quantity: body.quantity, address: body.address, phone: body.phone });
        const order = await services.orders.place(caller, input);
        return ok({ success: true, insertedId: order.databaseId }, 201);
      },
    },
    {
      method: "GET",
      path: "/order",
      auth: "USER",
      reads: { query: ["user"] },
      handle: async (request, caller) => {
        const email = request.query.user;
        if (typeof email !== "string" || !email.trim()) throw badInput("The user query parameter (an email) is required");
        const { email: checked } = await parseInput(EmailArgs, { email });
        return ok(allOf(await services.orders.listForEmail(caller, checked, everything)).map(restOrder));
      },
    },
    {
      method: "GET",
      path: "/order/:id",
      auth: "USER",
      handle: async (request, caller) => ok(restOrder(await services.orders.get(caller, request.params.id))),
    },
    {
      method: "PATCH",
      path: "/order/:id",
      auth: "USER",
      reads: { body: ["transactionId"] },
      handle: async (request, caller) => {
        const { orderId, transactionId } = await parseInput(ConfirmOrderPaymentArgs, {
          orderId: request.params.id,
          transactionId: bodyOf(request).transactionId,
        });
        const { modified } = await services.payments.confirm(caller, orderId, transactionId.trim());
        return ok({ acknowledged: true, modifiedCount: modified ? 1 : 0 });
      },
    },
    {
      method: "DELETE",
      path: "/userOrder/:id",
      auth: "USER",
      handle: async (request, caller) => {
        await services.orders.cancel(caller, request.params.id);
        return ok({ acknowledged: true, deletedCount: 1 });
      },
    },
    {
      method: "GET",
      path: "/getOrders",
      auth: "ADMIN",
      handle: async (_request, caller) => ok(allOf(await services.orders.listAll(caller, everything)).map(restOrder)),
    },
    {
      method: "POST",
      path: "/create-payment-intent",
      auth: "USER",
      reads: { body: ["orderId", "price"] },
      handle: async (request, caller) => {
        const { orderId, price } = await parseInput(CreatePaymentIntentArgs, bodyOf(request));
        return ok(await services.payments.createIntent(caller, orderId, price));
      },
    },
    {
      method: "POST",
      path: "/stripe/webhook",
      // The signature covers the exact bytes.
      body: "raw",
      bodyLimit: 1024 * 1024,
      handle: async (request) => {
        const signature = request.headers["stripe-signature"];
        return ok(await services.payments.handleWebhook(request.body as Buffer, typeof signature === "string" ? signature : undefined));
      },
    },
  ];
}
