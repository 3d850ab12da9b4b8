import { Readable } from "node:stream";
import { badInput } from "../../domain/errors";
import { OrderStatus } from "../../domain/orders/order.entity";
import { ORDER_EXPORT_COLUMNS, type OrderExportRow } from "../../domain/orders/order-export";
import { OrderFilter } from "../../domain/orders/order.service";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { Services } from "../../domain/services";
import { ConfirmOrderPaymentArgs, CreatePaymentIntentArgs } from "../inputs/payments";
import { EmailArgs } from "../inputs/accounts";
import { OrdersArgs, PlaceOrderInput } from "../inputs/orders";
import { parseInput } from "../inputs/validation";
import { csvDownload, csvDownloadAnswer, csvLine } from "./csv";
import { MAX } from "../inputs/validation";
import { bodyOf, ok, RestRequest, RestRoute } from "./route";
import { schemas, type Schema } from "./route-doc";
import { restOrder } from "./serializers";

const everything = { first: REST_LIST_LIMIT };

const STATUSES: Record<string, OrderStatus> = {
  unpaid: OrderStatus.UNPAID,
  paid: OrderStatus.PAID,
  cancelled: OrderStatus.CANCELLED,
  refunded: OrderStatus.REFUNDED,
};

/** `?status=unpaid|paid|cancelled|refunded&search=...`, checked as GraphQL's orders arguments are. */
async function orderFilterOf(request: RestRequest): Promise<OrderFilter> {
  const { status, search } = request.query;
  if (status !== undefined && (typeof status !== "string" || !(status in STATUSES))) {
    throw badInput("status must be unpaid, paid, cancelled or refunded");
  }
  const checked = await parseInput(OrdersArgs, { search: search === "" ? undefined : search });
  return { status: status === undefined ? null : STATUSES[status], search: checked.search };
}

const csvRow = (row: OrderExportRow) => csvLine(ORDER_EXPORT_COLUMNS.map((exported) => exported.value(row)));

/** Rows per chunk written: about 25 kB of text, well under V8's large-object size (see below). */
const CSV_CHUNK_ROWS = 100;

/**
 * The header, then the rows of each batch the cursor reads, a few chunks per batch: nothing waits
 * for the whole export. A whole batch as one string (about 130 kB) is a large object for V8, which
 * only a full garbage collection frees; chunks this size can die young. Over 900,000 orders the
 * process grew by 184 MB with whole batches, 90 MB with these chunks (bench, scale phase).
 */
async function* csvChunks(batches: AsyncGenerator<OrderExportRow[]>): AsyncGenerator<string> {
  yield csvLine(ORDER_EXPORT_COLUMNS.map((exported) => exported.header));
  for await (const rows of batches) {
    for (let start = 0; start < rows.length; start += CSV_CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CSV_CHUNK_ROWS);
      yield chunk.map(csvRow).join("");
    }
  }
}

const { ref, listOf, object } = schemas;
const ORDER_ID = { id: { type: "string", description: "The order's id (_id)" } };
const NO_ORDER = {
  description: "No such order of yours (another customer's order is not found either)",
  schema: ref("Error"),
};
const FILTER: Record<string, Schema & { description: string }> = {
  status: {
    type: "string",
    enum: Object.keys(STATUSES),
    description: "Only orders in this state (default: every live order, unpaid and paid)",
  },
  search: {
    type: "string",
    maxLength: 200,
    description: "Part of a customer's email or name, or of a part's name (as ordered or now); or an order or part id",
  },
};

/** Reservations and their payment. */
export function orderRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "POST",
      path: "/order",
      auth: "USER",
      rateLimit: "orders",
      reads: { body: ["orderId", "quantity", "address", "phone"] },
      // The spec's client reads the success flag: a refused order says success:false.
      refusal: (error) => ({ success: false, error }),
      doc: {
        operationId: "placeOrder",
        summary: "Reserves a part: the stock is taken at once",
        description:
          "The price is the shop's: unit price times quantity, whatever the body says (`order`, `price`, `user`, `userName` are ignored). The quantity must be at least the part's min_order_quantity and at most its stock. A refusal answers `success: false` with the message.",
        tag: "Orders",
        body: {
          type: "object",
          description: "The reservation, as the spec's client sends it",
          properties: {
            orderId: { type: "string", description: "The part's id (the spec's client names it orderId)" },
            quantity: { type: "integer", minimum: 1, maximum: 1_000_000, description: "Units to reserve" },
            address: { type: "string", maxLength: MAX.address, description: "Delivery address" },
            phone: {
              type: "string",
              pattern: "^\\+?[0-9]{4,20}$",
              description: "Phone number: 4 to 20 digits, optionally with a leading +",
            },
          },
          required: ["orderId", "quantity", "address", "phone"],
        },
        answers: {
          201: {
            description: "Placed",
            schema: object(
              {
                success: { const: true, description: "Always true" },
                insertedId: { type: "string", description: "The order's id" },
              },
              "The success flag the spec's client reads",
            ),
          },
          404: { description: "No part with this id", schema: ref("Refusal") },
          409: { description: '"Already ordered": you have an unpaid order for this part', schema: ref("Refusal") },
        },
      },
      handle: async (request, caller) => {
        const body = bodyOf(request);
        // The spec's client names the part `orderId`.
        const input = await parseInput(PlaceOrderInput, {
          partId: body.orderId,
          quantity: body.quantity,
          address: body.address,
          phone: body.phone,
        });
        const order = await services.orders.place(caller, input);
        return ok({ success: true, insertedId: order.databaseId }, 201);
      },
    },
    {
      method: "GET",
      path: "/order",
      auth: "USER",
      reads: { query: ["user"] },
      doc: {
        operationId: "listOrdersOfUser",
        summary: "A customer's live orders (unpaid and paid), newest first",
        description: `Your own, or anyone's for an admin. At most ${REST_LIST_LIMIT}. The spec's client signs out on a 401 or 403.`,
        tag: "Orders",
        query: { user: { type: "string", maxLength: MAX.email, required: true, description: "The customer's email" } },
        answers: {
          200: { description: "The orders", schema: listOf("Order", "Newest first") },
          403: { description: "Another customer's email", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        const email = request.query.user;
        if (typeof email !== "string" || !email.trim())
          throw badInput("The user query parameter (an email) is required");
        const { email: checked } = await parseInput(EmailArgs, { email });
        return ok(allOf(await services.orders.listForEmail(caller, checked, everything)).map(restOrder));
      },
    },
    {
      method: "GET",
      path: "/order/:id",
      auth: "USER",
      doc: {
        operationId: "getOrder",
        summary: "One of your orders (admins: any order)",
        tag: "Orders",
        params: ORDER_ID,
        answers: { 200: { description: "The order", schema: ref("Order") }, 404: NO_ORDER },
      },
      handle: async (request, caller) => ok(restOrder(await services.orders.get(caller, request.params.id))),
    },
    {
      method: "PATCH",
      path: "/order/:id",
      auth: "USER",
      reads: { body: ["transactionId"] },
      doc: {
        operationId: "confirmOrderPayment",
        summary: "Marks your order paid, once the payment provider confirms the PaymentIntent succeeded",
        description:
          "The PaymentIntent must have succeeded, for this order and its stored total. Confirming again with the same transactionId changes nothing (modifiedCount 0). The provider's signed webhook marks the order paid too.",
        tag: "Payments",
        params: ORDER_ID,
        body: object(
          { transactionId: { type: "string", maxLength: 255, description: "The PaymentIntent's id (pi_...)" } },
          "The payment (the spec's client also sends `order`, ignored)",
        ),
        answers: {
          200: {
            description: "modifiedCount 1 when it became paid, 0 when it already was with this payment",
            schema: ref("Modified"),
          },
          404: NO_ORDER,
          409: { description: "Paid with another transaction, or cancelled", schema: ref("Error") },
        },
      },
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
      doc: {
        operationId: "cancelOrder",
        summary: "Cancels one of your unpaid orders; its units go back to stock",
        description: "The order is kept as cancelled (the record of the stock movement) and leaves every list.",
        tag: "Orders",
        params: ORDER_ID,
        answers: {
          200: { description: "Cancelled", schema: ref("Deleted") },
          404: NO_ORDER,
          409: { description: "A paid order cannot be cancelled", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        await services.orders.cancel(caller, request.params.id);
        return ok({ acknowledged: true, deletedCount: 1 });
      },
    },
    {
      method: "GET",
      path: "/getOrders",
      auth: "ADMIN",
      reads: { query: ["status", "search"] },
      doc: {
        operationId: "listAllOrders",
        summary: "Every live order, newest first",
        description: `At most ${REST_LIST_LIMIT}; status and search narrow it.`,
        tag: "Orders",
        query: FILTER,
        answers: { 200: { description: "The orders", schema: listOf("Order", "Newest first") } },
      },
      handle: async (request, caller) =>
        ok(allOf(await services.orders.listAll(caller, everything, await orderFilterOf(request))).map(restOrder)),
    },
    {
      method: "GET",
      path: "/admin/orders.csv",
      auth: "ADMIN",
      reads: { query: ["status", "search"] },
      doc: {
        operationId: "exportOrdersCsv",
        summary: "The same selection as GET /getOrders, as a CSV file",
        description: `RFC 4180 with a header row (${ORDER_EXPORT_COLUMNS.map((exported) => exported.header).join(", ")}); every order of the selection, streamed. Amounts in dollars, times in ISO 8601 UTC; a cell a spreadsheet would read as a formula starts with '.`,
        tag: "Orders",
        query: FILTER,
        answers: {
          200: csvDownloadAnswer("orders"),
        },
      },
      // Streamed from a database cursor: a million orders take no more memory than a hundred.
      handle: async (request, caller) => {
        const batches = services.orders.exportOrders(caller, await orderFilterOf(request));
        return csvDownload("orders", Readable.from(csvChunks(batches), { objectMode: false }));
      },
    },
    {
      method: "POST",
      path: "/create-payment-intent",
      auth: "USER",
      rateLimit: "paymentIntents",
      reads: { body: ["orderId", "price"] },
      doc: {
        operationId: "createPaymentIntent",
        summary: "Opens (or reopens) the card payment of one of your unpaid orders",
        description:
          "The amount is the order's stored total, never the client's: a `price` that differs from it is refused. The client secret is for Stripe.js (locally, the payment sandbox) to confirm the card.",
        tag: "Payments",
        body: {
          type: "object",
          description: "Which order",
          properties: {
            orderId: { type: "string", description: "Your unpaid order's id" },
            price: {
              type: "number",
              description: "The total the shopper saw, in dollars; refused when it differs from the order's",
            },
          },
          required: ["orderId"],
        },
        answers: {
          200: {
            description: "The client secret",
            schema: object(
              { clientSecret: { type: "string", description: "The PaymentIntent's client secret" } },
              "What the card form needs",
            ),
          },
          404: NO_ORDER,
          409: { description: "The order is already paid, or cancelled", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        const { orderId, price } = await parseInput(CreatePaymentIntentArgs, bodyOf(request));
        const { clientSecret } = await services.payments.createIntent(caller, orderId, price);
        return ok({ clientSecret });
      },
    },
    {
      method: "POST",
      path: "/stripe/webhook",
      // The signature covers the exact bytes.
      body: "raw",
      bodyLimit: 1024 * 1024,
      doc: {
        operationId: "stripeWebhook",
        summary: "Stripe's signed events: payment_intent.succeeded marks the order paid",
        description:
          "Called by Stripe, authorised by the Stripe-Signature header over the exact bytes (not by a token). Other event types are acknowledged and ignored.",
        tag: "Payments",
        headers: {
          "stripe-signature": {
            type: "string",
            required: true,
            description: "Stripe's signature of the body (t=...,v1=...)",
          },
        },
        body: {
          content: {
            "application/json": { schema: { type: "object", description: "A Stripe event, as Stripe sends it" } },
          },
        },
        answers: {
          200: {
            description: "Received",
            schema: object({ received: { const: true, description: "Always true" } }, "Acknowledged"),
          },
          404: { description: "Webhooks are not configured on this shop", schema: ref("Error") },
        },
      },
      handle: async (request) => {
        const signature = request.headers["stripe-signature"];
        return ok(
          await services.payments.handleWebhook(
            request.body as Buffer,
            typeof signature === "string" ? signature : undefined,
          ),
        );
      },
    },
  ];
}
