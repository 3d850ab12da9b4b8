import { Services } from "../../domain/services";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { AddProductInput, AddReviewInput, CreatePartInput, RestockArgs, splitModelName, UpdatePartInput } from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { PART_SEARCH_PARAMETERS, partSearchOf } from "./part-search.query";
import { bodyOf, ok, RestRoute } from "./route";
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
      handle: async (request) => ok((await services.partSearch.listing(await partSearchOf(request.query), REST_LIST_LIMIT)).map(restPart)),
    },
    {
      method: "GET",
      path: "/parts/:id",
      cachedUntil: ["catalogue"],
      webRoute: true,
      handle: async (request) => ok(restPublicPart(await services.parts.get(request.params.id))),
    },
    {
      method: "POST",
      path: "/parts",
      auth: "ADMIN",
      reads: { body: Object.keys(PART_FIELDS) },
      handle: async (request, caller) => {
        const input = await parseInput(CreatePartInput, partInput(bodyOf(request)));
        const part = await services.parts.create(caller, { ...input, compatibleModels: input.compatibleModels?.map(splitModelName) });
        return ok({ acknowledged: true, insertedId: part.databaseId }, 201);
      },
    },
    {
      method: "PATCH",
      path: "/parts/:id",
      auth: "ADMIN",
      reads: { body: [...Object.keys(PART_FIELDS), "expected_available"] },
      handle: async (request, caller) => {
        const changes = await parseInput(UpdatePartInput, partInput(bodyOf(request), { expected_available: "expectedAvailable" }));
        const part = await services.parts.update(caller, request.params.id, { ...changes, compatibleModels: changes.compatibleModels?.map(splitModelName) });
        return ok(restAdminPart(part));
      },
    },
    {
      method: "POST",
      path: "/parts/:id/restock",
      auth: "ADMIN",
      reads: { body: ["quantity"] },
      handle: async (request, caller) => {
        const { quantity } = await parseInput(RestockArgs, { id: request.params.id, quantity: bodyOf(request).quantity });
        return ok(restAdminPart(await services.parts.restock(caller, request.params.id, quantity)));
      },
    },
    {
      method: "POST",
      path: "/parts/:id/retire",
      auth: "ADMIN",
      handle: async (request, caller) => ok(restAdminPart(await services.parts.retire(caller, request.params.id))),
    },
    {
      method: "POST",
      path: "/parts/:id/restore",
      auth: "ADMIN",
      handle: async (request, caller) => ok(restAdminPart(await services.parts.restore(caller, request.params.id))),
    },
    {
      method: "GET",
      path: "/product",
      cachedUntil: ["catalogue"],
      handle: async () => ok(allOf(await services.products.list(everything)).map(restProduct)),
    },
    {
      method: "POST",
      path: "/product",
      auth: "ADMIN",
      reads: { body: ["name", "available_quantity", "price", "img", "min_quantity", "description"] },
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
      handle: async (request, caller) => {
        await services.products.delete(caller, request.params.id);
        return ok({ acknowledged: true, deletedCount: 1 });
      },
    },
    {
      method: "GET",
      path: "/review",
      cachedUntil: ["catalogue"],
      handle: async () => ok(allOf(await services.reviews.list(everything)).map(restReview)),
    },
    {
      method: "POST",
      path: "/review",
      auth: "USER",
      reads: { body: ["name", "ratings", "description", "img", "partId"] },
      handle: async (request, caller) => {
        const input = await parseInput(AddReviewInput, request.body);
        // A blank partId is left out, like any blank text.
        const review = await services.reviews.add(caller, { ...input, partId: input.partId?.trim() ? input.partId : null });
        return ok({ acknowledged: true, insertedId: review.databaseId }, 201);
      },
    },
  ];
}
