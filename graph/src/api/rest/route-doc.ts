/*
 * How a REST route is described in the OpenAPI document (/openapi.json, edge/openapi.ts): each
 * declaration in *.routes.ts carries one. The schemas are JSON Schema 2020-12 (OpenAPI 3.1) and
 * are documentation only: fastify never compiles them, so they neither validate a request (the
 * input classes do) nor shape an answer (the serializers do). The REST contract tests check every
 * answer they receive against them, so they say exactly what the server answers.
 */

export type Schema = { [keyword: string]: unknown };

export type Tag = "Catalogue" | "Cart" | "Orders" | "Payments" | "Accounts" | "Images" | "Health";

export interface Answer {
  description: string;
  /** A JSON answer's schema. */
  schema?: Schema;
  /** Answers that are not JSON, by media type. */
  content?: Record<string, { schema: Schema }>;
  headers?: Record<string, Schema & { description: string }>;
}

/** A path, query or header parameter: path parameters are always required, others when `required` says so. */
export type Parameter = Schema & { description: string; required?: boolean };

export interface RouteDoc {
  /** Unique, for generated clients: listParts, placeOrder... */
  operationId: string;
  /** One line: what it does. */
  summary: string;
  /** What a caller needs beyond the summary: rules, units, limits, what changes. */
  description?: string;
  tag: Tag;
  /** What Authorization carries when it is not the shop's access token (PUT /user/{email}). */
  credential?: "firebaseIdToken";
  /** Path parameters (find-my-way's `:name`). */
  params?: Record<string, Parameter>;
  query?: Record<string, Parameter>;
  /** Request headers the route reads besides Authorization. */
  headers?: Record<string, Parameter>;
  /** A JSON body's schema, or the body by media type. */
  body?: Schema | { content: Record<string, { schema: Schema }> };
  /**
   * Its answers by HTTP status: the successes and the refusals particular to the route. The edge
   * adds those every route of its kind may give (400, 401/403 by its auth, 413/415 with a body,
   * 429 with a rate limit, 500, 503).
   */
  answers: Record<number, Answer>;
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const text = (description: string): Schema => ({ type: "string", description });
const whole = (description: string, minimum?: number): Schema => ({
  type: "integer",
  description,
  ...(minimum !== undefined ? { minimum } : {}),
});
const dollars = (description: string): Schema => ({
  type: "number",
  minimum: 0,
  description: `${description}, in dollars (cents as two decimals)`,
});
const instant = (description: string): Schema => ({
  type: "string",
  format: "date-time",
  description: `${description} (ISO 8601, UTC)`,
});
const orNull = (schema: Schema): Schema => ({ ...schema, type: [schema.type, "null"] });
const object = (properties: Record<string, Schema>, description: string, optional: string[] = []): Schema => ({
  type: "object",
  description,
  properties,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  additionalProperties: false,
});

const ID = text("The record's id (its GraphQL databaseId)");

const PART_PROPERTIES = {
  _id: ID,
  name: text("Its name"),
  img: text("URL of its photo: http(s), or a path on this shop"),
  price: dollars("Unit price"),
  available: whole("Units in stock that can still be ordered", 0),
  min_order_quantity: whole("Smallest quantity one order takes", 1),
  short_desc: text("A short description"),
};

/** The answers' shapes, as components of the document (the serializers in serializers.ts make them). */
export const REST_SCHEMAS: Record<string, Schema> = {
  Part: object(PART_PROPERTIES, "A part on sale, as the spec's client reads it"),
  PublicPart: object(
    {
      ...PART_PROPERTIES,
      retired: { const: true, description: "Present (true) only on a part an admin took out of the shop" },
    },
    "A part by id: on sale, or retired (still reachable from the orders that name it)",
    ["retired"],
  ),
  AdminPart: object(
    {
      ...PART_PROPERTIES,
      part_number: text("The manufacturer's part number as printed (a search for it, however typed, finds the part)"),
      low_stock_threshold: whole("Listed as low on stock at or below this many units", 0),
      retired: { type: "boolean", description: "Taken out of the shop: not listed, not reservable" },
      retired_at: orNull(instant("When it was retired")),
      weight_grams: whole("Its weight in grams as it ships; 0 until it is weighed", 0),
      length_mm: orNull(whole("Its length in millimetres; null where its size is not known", 1)),
      width_mm: orNull(whole("Its width in millimetres; null where its size is not known", 1)),
      height_mm: orNull(whole("Its height in millimetres; null where its size is not known", 1)),
      dangerous_goods: { type: "boolean", description: "Carriers take it only as dangerous goods" },
      battery_wh: orNull({ type: "number", description: "The watt-hours of its battery; null when none" }),
      tax_category: { type: "string", enum: ["standard", "reduced", "zero"], description: "Its tax category" },
    },
    "A part as admins see it",
  ),
  Product: object(
    {
      _id: ID,
      name: text("Its name"),
      available_quantity: orNull(whole("Units available", 0)),
      price: orNull(dollars("Price")),
      img: orNull(text("URL of its photo")),
      min_quantity: orNull(whole("Smallest quantity one order takes", 0)),
      description: orNull(text("What it is")),
    },
    "A new arrival",
  ),
  Review: object(
    {
      _id: ID,
      name: text("The reviewer's name"),
      ratings: { type: "integer", minimum: 1, maximum: 5, description: "Stars, 1 to 5" },
      description: text("The review's text"),
      img: text("URL of the reviewer's image"),
    },
    "A customer's review",
  ),
  Order: object(
    {
      _id: ID,
      orderId: text("The part's id"),
      order: text("The part's name when it was ordered"),
      quantity: whole("Units reserved", 1),
      price: dollars("Total: unit price times quantity"),
      user: text("The customer's email"),
      userName: text("The customer's name when they ordered"),
      address: text("Delivery address"),
      phone: text("Phone number: digits, optionally with a leading +"),
      paid: { type: "boolean", description: "Whether it is paid (the spec's client shows Shipped)" },
      status: {
        type: "string",
        enum: ["unpaid", "paid", "cancelled", "refunded"],
        description:
          "unpaid, paid, cancelled or refunded (cancelled and refunded orders are listed only when asked for by status)",
      },
      transactionId: orNull(text("The PaymentIntent that paid it (pi_...), once paid")),
      createdAt: instant("When it was placed"),
    },
    "A reservation of a part",
  ),
  User: object(
    {
      _id: ID,
      email: text("The account's email (lower case)"),
      role: { type: "string", enum: ["user", "admin"], description: "user or admin" },
    },
    "A shop account",
  ),
  Inserted: object(
    { acknowledged: { const: true, description: "Always true" }, insertedId: text("The new record's id") },
    "Created",
  ),
  Deleted: object(
    { acknowledged: { const: true, description: "Always true" }, deletedCount: { const: 1, description: "Always 1" } },
    "Deleted",
  ),
  Modified: object(
    {
      acknowledged: { const: true, description: "Always true" },
      modifiedCount: { type: "integer", enum: [0, 1], description: "1 if something changed, 0 if it already was so" },
    },
    "Updated",
  ),
  Error: object(
    {
      error: text("What went wrong, for a person: it names the field at fault"),
      requestId: text("On a 500 only: the id of the request in the shop's log (also in X-Request-Id)"),
    },
    "A refusal. The status says its kind (docs/error-codes.md)",
    ["requestId"],
  ),
  Refusal: object(
    {
      success: { const: false, description: "Always false" },
      error: text("What went wrong, for a person"),
      requestId: text("On a 500 only: the id of the request in the shop's log"),
    },
    "A refusal in the shape the spec's client reads on this route",
    ["requestId"],
  ),
};

/** Helpers for the routes' descriptions. */
export const schemas = {
  ref,
  object,
  listOf: (name: string, description: string): Schema => ({ type: "array", items: ref(name), description }),
};
