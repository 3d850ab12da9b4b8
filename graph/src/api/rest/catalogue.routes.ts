import {
  DANGEROUS_BATTERY_WH,
  DIMENSION_MM,
  MAX_ALTERNATIVE_NUMBERS,
  MAX_BATTERY_WH,
  MAX_WEIGHT_GRAMS,
  MAX_BRAND_LENGTH,
  MAX_MODEL_LENGTH,
  MAX_MODELS_PER_PART,
  MAX_PRICE_CENTS,
  PART_NUMBER_RULE,
  TAX_CATEGORIES,
} from "../../domain/catalogue/part-rules";
import { Services } from "../../domain/services";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { AddProductInput, AddReviewInput } from "../inputs/catalogue";
import { CreatePartInput, RestockArgs, splitModelName, UpdatePartInput } from "../inputs/parts";
import { parseInput } from "../inputs/validation";
import { MAX } from "../inputs/validation";
import { STOCK } from "../../domain/limits";
import { PART_SEARCH_PARAMETERS, PART_SEARCH_QUERY_DOC, partSearchOf } from "./part-search.query";
import { bodyOf, ok, RestRoute } from "./route";
import { schemas, type Schema } from "./route-doc";
import { restAdminPart, restPart, restProduct, restPublicPart, restReview } from "./serializers";

/** The REST names of a part's editable fields (as GET /parts answers them) and their input names. */
const PART_FIELDS = {
  name: "name",
  part_number: "partNumber",
  alternative_numbers: "alternativeNumbers",
  short_desc: "shortDesc",
  img: "img",
  price: "price",
  available: "available",
  min_order_quantity: "minOrderQuantity",
  low_stock_threshold: "lowStockThreshold",
  compatible_models: "compatibleModels",
  weight_grams: "weightGrams",
  length_mm: "lengthMm",
  width_mm: "widthMm",
  height_mm: "heightMm",
  dangerous_goods: "dangerousGoods",
  battery_wh: "batteryWh",
  tax_category: "taxCategory",
} as const;

/** A REST body with the spec's snake_case names, as the input classes name its fields. */
function partInput(body: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, unknown> {
  const names: Record<string, string> = { ...PART_FIELDS, ...extra };
  return Object.fromEntries(
    Object.entries(names)
      .filter(([rest]) => rest in body)
      .map(([rest, input]) => [input, body[rest]]),
  );
}

const everything = { first: REST_LIST_LIMIT };

const { ref, listOf, object } = schemas;
const PART_ID = { id: { type: "string", description: "The part's id (_id)" } };
const PRICE_IN = {
  type: "number",
  minimum: 0,
  maximum: MAX_PRICE_CENTS / 100,
  multipleOf: 0.01,
  description: "Unit price in dollars, at most two decimals",
};
const IMAGE_IN = {
  type: "string",
  maxLength: MAX.url,
  description: "http(s) URL of the photo, or a path on this shop (/uploads/..., /images/...)",
};
const MODELS_IN = {
  type: "array",
  maxItems: MAX_MODELS_PER_PART,
  items: { type: "string", maxLength: MAX_BRAND_LENGTH + 1 + MAX_MODEL_LENGTH },
  description:
    'The laptop models it fits, each "Brand Model" (the first word is the brand), e.g. "Lenovo ThinkPad T14 Gen 2"; replaces the list, [] clears it',
};
const bounded = (description: string, minimum: number, maximum: number): Schema => ({
  type: "integer",
  minimum,
  maximum,
  description,
});
const dimension = (name: string) =>
  bounded(
    `Its ${name} in millimetres: length, width and height are sent together (on a change, all three null remove them)`,
    DIMENSION_MM.min,
    DIMENSION_MM.max,
  );
/** What shipping and tax need to know of a part (docs/product.md, "Shipping and tax"). */
const SHIPPING_IN: Record<string, Schema> = {
  weight_grams: bounded(
    "Its weight in grams as it ships; 0 means not weighed yet (a new part's default)",
    0,
    MAX_WEIGHT_GRAMS,
  ),
  length_mm: dimension("length"),
  width_mm: dimension("width"),
  height_mm: dimension("height"),
  dangerous_goods: {
    type: "boolean",
    description: `Carriers take it only as dangerous goods; required of a battery over ${DANGEROUS_BATTERY_WH} Wh (default false)`,
  },
  battery_wh: {
    type: "number",
    exclusiveMinimum: 0,
    maximum: MAX_BATTERY_WH,
    multipleOf: 0.01,
    description: "The watt-hours of the battery it is or holds (on a change, null removes it)",
  },
  tax_category: { type: "string", enum: [...TAX_CATEGORIES], description: "Its tax category (default standard)" },
};
/** A part's editable fields as REST names them (PART_FIELDS); `required` lists those a new part needs. */
const partBody = (description: string, required: string[], extra: Record<string, Schema> = {}): Schema => ({
  type: "object",
  description,
  properties: {
    name: { type: "string", maxLength: MAX.name, description: "Its name" },
    part_number: {
      type: "string",
      description: `The manufacturer's part number as printed, ${PART_NUMBER_RULE}; unique (a new part without one gets PS-000123)`,
    },
    alternative_numbers: {
      type: "array",
      items: { type: "string" },
      maxItems: MAX_ALTERNATIVE_NUMBERS,
      description: "Numbers it replaces or is also sold as (FRU, OEM); replaces the list",
    },
    short_desc: { type: "string", maxLength: STOCK.partDescription, description: "A short description for its card" },
    img: IMAGE_IN,
    price: PRICE_IN,
    available: bounded("Units in stock", 0, STOCK.maxAvailable),
    min_order_quantity: bounded("Smallest quantity one order takes", 1, STOCK.maxMinOrderQuantity),
    low_stock_threshold: bounded("Listed as low on stock at or below this (default 10)", 0, STOCK.maxLowStockThreshold),
    compatible_models: MODELS_IN,
    ...SHIPPING_IN,
    ...extra,
  },
  required,
});
const NOT_FOUND = { description: "No part with this id", schema: ref("Error") };
const ADMIN_PART = { description: "The part as it is now", schema: ref("AdminPart") };

/** Parts, products (new arrivals) and reviews. */
export function catalogueRoutes(services: Services): RestRoute[] {
  return [
    {
      // Without any of its query parameters, the catalogue as it always was (and cached); with
      // them, the parts found, in the order asked for. /parts is also the web app's catalogue page.
      method: "GET",
      path: "/parts",
      cachedUntil: ["catalogue"],
      webRoute: true,
      reads: { query: [...PART_SEARCH_PARAMETERS] },
      doc: {
        operationId: "listParts",
        summary: "The parts on sale, or those a search finds",
        description: `Without parameters, the catalogue in its order, exactly as the spec's client reads it. With them, the parts found, filtered and sorted; a bad value is a 400 naming the parameter. At most ${REST_LIST_LIMIT} parts (GraphQL \`parts\` pages through everything).`,
        tag: "Catalogue",
        query: PART_SEARCH_QUERY_DOC,
        answers: { 200: { description: "The parts", schema: listOf("Part", "Parts, in the order asked for") } },
      },
      handle: async (request) =>
        ok((await services.partSearch.listing(await partSearchOf(request.query), REST_LIST_LIMIT)).map(restPart)),
    },
    {
      method: "GET",
      path: "/parts/:id",
      cachedUntil: ["catalogue"],
      webRoute: true,
      doc: {
        operationId: "getPart",
        summary: "One part, on sale or retired",
        tag: "Catalogue",
        params: PART_ID,
        answers: {
          200: { description: "The part; a retired one says `retired: true`", schema: ref("PublicPart") },
          404: NOT_FOUND,
        },
      },
      handle: async (request) => ok(restPublicPart(await services.parts.get(request.params.id))),
    },
    {
      method: "POST",
      path: "/parts",
      auth: "ADMIN",
      reads: { body: Object.keys(PART_FIELDS) },
      doc: {
        operationId: "createPart",
        summary: "Adds a part to the shop (on sale at once)",
        description: "Every field is checked before anything is saved; the change is recorded in the admins' history.",
        tag: "Catalogue",
        body: partBody("The new part", ["name", "short_desc", "img", "price", "available", "min_order_quantity"]),
        answers: { 201: { description: "Created", schema: ref("Inserted") } },
      },
      handle: async (request, caller) => {
        const input = await parseInput(CreatePartInput, partInput(bodyOf(request)));
        const part = await services.parts.create(caller, {
          ...input,
          compatibleModels: input.compatibleModels?.map(splitModelName),
        });
        return ok({ acknowledged: true, insertedId: part.databaseId }, 201);
      },
    },
    {
      method: "PATCH",
      path: "/parts/:id",
      auth: "ADMIN",
      reads: { body: [...Object.keys(PART_FIELDS), "expected_available"] },
      doc: {
        operationId: "updatePart",
        summary: "Edits a part: only the fields sent change",
        description:
          "A new `available` needs `expected_available`, the stock the admin saw: when orders moved it meanwhile the edit is refused (409) and nothing is saved.",
        tag: "Catalogue",
        params: PART_ID,
        body: partBody("The fields to change", [], {
          expected_available: bounded(
            "The stock you saw before editing; required with available",
            0,
            STOCK.maxAvailable,
          ),
        }),
        answers: {
          200: ADMIN_PART,
          404: NOT_FOUND,
          409: { description: "Orders moved the stock since expected_available", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        const changes = await parseInput(
          UpdatePartInput,
          partInput(bodyOf(request), { expected_available: "expectedAvailable" }),
        );
        const part = await services.parts.update(caller, request.params.id, {
          ...changes,
          compatibleModels: changes.compatibleModels?.map(splitModelName),
        });
        return ok(restAdminPart(part));
      },
    },
    {
      method: "POST",
      path: "/parts/:id/restock",
      auth: "ADMIN",
      reads: { body: ["quantity"] },
      doc: {
        operationId: "restockPart",
        summary: "Adds delivered units to a part's stock",
        tag: "Catalogue",
        params: PART_ID,
        body: object({ quantity: bounded("Units to add", 1, STOCK.maxRestock) }, "The delivery"),
        answers: { 200: ADMIN_PART, 404: NOT_FOUND },
      },
      handle: async (request, caller) => {
        const { quantity } = await parseInput(RestockArgs, {
          id: request.params.id,
          quantity: bodyOf(request).quantity,
        });
        return ok(restAdminPart(await services.parts.restock(caller, request.params.id, quantity)));
      },
    },
    {
      method: "POST",
      path: "/parts/:id/retire",
      auth: "ADMIN",
      doc: {
        operationId: "retirePart",
        summary: "Takes a part out of the shop",
        description:
          "It leaves the catalogue and searches and cannot be reserved; it stays readable by id and on every order.",
        tag: "Catalogue",
        params: PART_ID,
        answers: { 200: ADMIN_PART, 404: NOT_FOUND },
      },
      handle: async (request, caller) => ok(restAdminPart(await services.parts.retire(caller, request.params.id))),
    },
    {
      method: "POST",
      path: "/parts/:id/restore",
      auth: "ADMIN",
      doc: {
        operationId: "restorePart",
        summary: "Puts a retired part back on sale",
        tag: "Catalogue",
        params: PART_ID,
        answers: { 200: ADMIN_PART, 404: NOT_FOUND },
      },
      handle: async (request, caller) => ok(restAdminPart(await services.parts.restore(caller, request.params.id))),
    },
    {
      method: "GET",
      path: "/product",
      cachedUntil: ["catalogue"],
      doc: {
        operationId: "listProducts",
        summary: "The new arrivals, newest first",
        description: `At most ${REST_LIST_LIMIT}.`,
        tag: "Catalogue",
        answers: { 200: { description: "The products", schema: listOf("Product", "Newest first") } },
      },
      handle: async () => ok(allOf(await services.products.list(everything)).map(restProduct)),
    },
    {
      method: "POST",
      path: "/product",
      auth: "ADMIN",
      reads: { body: ["name", "available_quantity", "price", "img", "min_quantity", "description"] },
      doc: {
        operationId: "addProduct",
        summary: "Lists a new arrival",
        tag: "Catalogue",
        body: {
          type: "object",
          description: "The product: only the name is required",
          properties: {
            name: { type: "string", maxLength: MAX.productName, description: "Its name" },
            available_quantity: bounded("Units available", 0, 10_000_000),
            price: { ...PRICE_IN, description: "Price in dollars, at most two decimals" },
            img: {
              type: "string",
              maxLength: MAX.url,
              description: "http(s) URL of its photo, or a path on this shop",
            },
            min_quantity: bounded("Smallest quantity one order takes", 0, 10_000_000),
            description: { type: "string", maxLength: MAX.description, description: "What it is" },
          },
          required: ["name"],
        },
        answers: { 201: { description: "Created: insertedId present means success", schema: ref("Inserted") } },
      },
      handle: async (request, caller) => {
        const body = bodyOf(request);
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
      },
    },
    {
      method: "DELETE",
      path: "/product/:id",
      auth: "ADMIN",
      doc: {
        operationId: "deleteProduct",
        summary: "Deletes a new arrival",
        tag: "Catalogue",
        params: { id: { type: "string", description: "The product's id (_id)" } },
        answers: {
          200: { description: "Deleted: deletedCount present means success", schema: ref("Deleted") },
          404: { description: "No product with this id", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        await services.products.delete(caller, request.params.id);
        return ok({ acknowledged: true, deletedCount: 1 });
      },
    },
    {
      method: "GET",
      path: "/review",
      cachedUntil: ["catalogue"],
      doc: {
        operationId: "listReviews",
        summary: "Customer reviews, newest first",
        description: `At most ${REST_LIST_LIMIT}.`,
        tag: "Catalogue",
        answers: { 200: { description: "The reviews", schema: listOf("Review", "Newest first") } },
      },
      handle: async () => ok(allOf(await services.reviews.list(everything)).map(restReview)),
    },
    {
      method: "POST",
      path: "/review",
      auth: "USER",
      reads: { body: ["name", "ratings", "description", "img", "partId"] },
      doc: {
        operationId: "addReview",
        summary: "Posts a review as the signed-in customer",
        tag: "Catalogue",
        body: {
          type: "object",
          description: "The review",
          properties: {
            name: { type: "string", maxLength: MAX.name, description: "The reviewer's name" },
            ratings: { type: "integer", minimum: 1, maximum: 5, description: "Stars, 1 to 5" },
            description: { type: "string", maxLength: MAX.description, description: "The review's text" },
            img: {
              type: "string",
              maxLength: MAX.url,
              description: "http(s) URL of the uploaded image (POST /upload answers it)",
            },
            partId: { type: "string", description: "The part reviewed; left out (or blank) for a review of the shop" },
          },
          required: ["name", "ratings", "description", "img"],
        },
        answers: {
          201: { description: "Created: insertedId present means success", schema: ref("Inserted") },
          404: { description: "No part with this partId", schema: ref("Error") },
        },
      },
      handle: async (request, caller) => {
        const input = await parseInput(AddReviewInput, request.body);
        // A blank partId is left out, like any blank text.
        const review = await services.reviews.add(caller, {
          ...input,
          partId: input.partId?.trim() ? input.partId : null,
        });
        return ok({ acknowledged: true, insertedId: review.databaseId }, 201);
      },
    },
  ];
}
