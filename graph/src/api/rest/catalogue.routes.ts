import { Services } from "../../domain/services";
import { REST_LIST_LIMIT, allOf } from "../../domain/pagination";
import { AddProductInput, AddReviewInput } from "../inputs/inputs";
import { parseInput } from "../inputs/validation";
import { PART_SEARCH_PARAMETERS, partSearchOf } from "./part-search.query";
import { bodyOf, ok, RestRoute } from "./route";
import { restPart, restProduct, restReview } from "./serializers";

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
      handle: async (request) => ok(allOf(await services.partSearch.find(await partSearchOf(request.query), everything)).map(restPart)),
    },
    {
      method: "GET",
      path: "/parts/:id",
      cachedUntil: ["catalogue"],
      webRoute: true,
      handle: async (request) => ok(restPart(await services.parts.get(request.params.id))),
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
