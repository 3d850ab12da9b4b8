import { InMemoryCache, type ApolloCache } from "@apollo/client";
import { relayStylePagination } from "@apollo/client/utilities";

/** One cache shape for the app and for tests: every connection merges its pages by cursor. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          // One list per search, filter and order (the catalogue page); the home page's has none.
          parts: relayStylePagination(["search", "filter", "orderBy"]),
          products: relayStylePagination(),
          reviews: relayStylePagination(),
          // A filtered list is a list of its own: pages merge only with pages of the same filter.
          orders: relayStylePagination(["status", "search"]),
          users: relayStylePagination(),
          adminParts: relayStylePagination(["search", "status", "lowStock"]),
          auditLog: relayStylePagination(["entityType", "entityId"]),
          toShip: relayStylePagination(),
        },
      },
      Viewer: {
        // The address book comes whole from each of its mutations: the new list replaces the old.
        fields: { orders: relayStylePagination(), pastOrders: relayStylePagination(), addresses: { merge: false } },
      },
      Part: {
        // A part's images come whole from each image mutation: the new list replaces the old.
        fields: { reviews: relayStylePagination(), images: { merge: false } },
      },
      // None has an id: keep one object per parent and merge updates into it.
      Profile: { merge: true },
      PublicConfig: { merge: true },
      SaleSummary: { merge: true },
      PostalAddress: { merge: true },
      // A carrier is known by its code.
      Carrier: { keyFields: ["code"] },
    },
  });
}

/** Root fields whose answer depends on who is signed in. */
const USER_SCOPED_FIELDS = [
  "viewer",
  "isAdmin",
  "order",
  "orders",
  "cart",
  "checkout",
  "saleQuote",
  "users",
  "adminParts",
  "auditLog",
  "adminOverview",
  "toShip",
  // Prices are shown for the signed-in customer's place (their default address).
  "priceDisplay",
];

/** Drops everything cached for the previous user, so the next screen asks the server again. */
export function forgetUserData(cache: ApolloCache): void {
  for (const fieldName of USER_SCOPED_FIELDS) cache.evict({ id: "ROOT_QUERY", fieldName });
  // Each part's price as the previous caller's place showed it: asked again for the new one.
  for (const id of Object.keys(cache.extract() as Record<string, unknown>))
    if (id.startsWith("Part:")) cache.evict({ id, fieldName: "shownPrice" });
  cache.gc();
}
