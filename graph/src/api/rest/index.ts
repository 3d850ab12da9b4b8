import { Services } from "../../domain/services";
import { accountRoutes } from "./accounts.routes";
import { cartRoutes } from "./cart.routes";
import { catalogueRoutes } from "./catalogue.routes";
import { imageRoutes } from "./images.routes";
import { orderRoutes } from "./orders.routes";
import { documentRoutes } from "./documents.routes";
import { storefrontRoutes } from "./storefront.routes";
import { partImportRoutes } from "./part-imports.routes";
import type { RestRoute } from "./route";

export type { RestRoute, RestRequest, Reply, RateLimitName } from "./route";

/** Every REST route of the shop, by resource. */
export function restRoutes(services: Services): RestRoute[] {
  const api = [
    ...catalogueRoutes(services),
    ...partImportRoutes(services),
    ...orderRoutes(services),
    ...cartRoutes(services),
    ...documentRoutes(services),
    ...accountRoutes(services),
    ...imageRoutes(services),
  ];
  return [...api, ...storefrontRoutes(services, api)];
}
