import { Readable } from "node:stream";
import { badInput } from "../../domain/errors";
import { OrderStatus } from "../../domain/orders/order.entity";
import { OrderExportRow, OrderFilter } from "../../domain/orders/order.service";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { Services } from "../../domain/services";
import { ConfirmOrderPaymentArgs, CreatePaymentIntentArgs, EmailArgs, OrdersArgs, PlaceOrderInput } from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { csvLine } from "./csv";
import { bodyOf, ok, RestRequest, RestRoute } from "./route";
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

const CSV_HEADER = [
  "order_id",
  "placed_at",
  "status",
  "paid_at",
  "cancelled_at",
  "customer_email",
  "customer_name",
  "part_id",
  "part_name",
  "quantity",
  "unit_price",
  "total",
  "transaction_id",
  "address",
  "phone",
];

const dollars = (cents: number) => (cents / 100).toFixed(2);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const csvRow = (row: OrderExportRow) =>
  csvLine([
    row.id,
    iso(row.created_at),
    row.status,
    iso(row.paid_at),
    iso(row.cancelled_at),
    row.user_email,
    row.user_name,
    row.part_id,
    row.part_name,
    row.quantity,
    dollars(row.unit_price_cents),
    dollars(row.total_cents),
    row.transaction_id,
    row.address,
    row.phone,
  ]);

/** Rows per chunk written: about 25 kB of text, well under V8's large-object size (see below). */
const CSV_CHUNK_ROWS = 100;

/**
 * The header, then the rows of each batch the cursor reads, a few chunks per batch: nothing waits
 * for the whole export. A whole batch as one string (about 130 kB) is a large object for V8, which
 * only a full garbage collection frees; chunks this size can die young. Over 900,000 orders the
 * process grew by 184 MB with whole batches, 90 MB with these chunks (bench, scale phase).
 */
async function* csvChunks(batches: AsyncGenerator<OrderExportRow[]>): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  for await (const rows of batches) {
    for (let start = 0; start < rows.length; start += CSV_CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CSV_CHUNK_ROWS);
      yield chunk.map(csvRow).join("");
    }
  }
}

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
      reads: { query: ["status", "search"] },
      handle: async (request, caller) => ok(allOf(await services.orders.listAll(caller, everything, await orderFilterOf(request))).map(restOrder)),
    },
    {
      method: "GET",
      path: "/admin/orders.csv",
      auth: "ADMIN",
      reads: { query: ["status", "search"] },
      // Streamed from a database cursor: a million orders take no more memory than a hundred.
      handle: async (request, caller) => {
        const batches = services.orders.exportOrders(caller, await orderFilterOf(request));
        const day = new Date().toISOString().slice(0, 10);
        return {
          status: 200,
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="partshop-orders-${day}.csv"`,
            "cache-control": "no-store",
          },
          body: Readable.from(csvChunks(batches), { objectMode: false }),
        };
      },
    },
    {
      method: "POST",
      path: "/create-payment-intent",
      auth: "USER",
      rateLimit: "paymentIntents",
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
