/**
 * Every route of the shop (docs/product.md#pages-and-routes, and the catalogue beside it) as plain data: AppRoutes builds the router from it, and the
 * browser's layout journey (e2e) visits every path it lists. No React here, so Node can import it.
 */

/** Who may open a route: anybody, anybody signed in, or admins only (docs/product.md#roles-and-permissions). */
export type Access = "public" | "signedIn" | "admin";

export type PageName =
  | "home"
  | "catalogue"
  | "part"
  | "product"
  | "reserve"
  | "cart"
  | "checkout"
  | "checkoutPayment"
  | "checkoutConfirmation"
  | "dashboard"
  | "profile"
  | "myOrders"
  | "addReview"
  | "payment"
  | "orderDetail"
  | "pastOrders"
  | "addresses"
  | "allUsers"
  | "customer"
  | "manageAllOrders"
  | "addProduct"
  | "manageProducts"
  | "overview"
  | "manageParts"
  | "addPart"
  | "editPart"
  | "importParts"
  | "history"
  | "shipping"
  | "tax"
  | "toShip"
  | "pickList"
  | "blogs"
  | "portfolio"
  | "login"
  | "register"
  | "notFound";

export interface RouteEntry {
  /** Relative to the parent route, as react-router takes it; none for an index route. */
  path?: string;
  page: PageName;
  access: Access;
  /** Pages shown inside this one (its <Outlet />). */
  children?: readonly RouteEntry[];
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { page: "home", access: "public" },
  // Beside the spec's routes: the public catalogue with its search and filters.
  { path: "parts", page: "catalogue", access: "public" },
  { path: "parts/:partsId", page: "reserve", access: "signedIn" },
  // Beside the spec's routes: a part's and a new arrival's public pages, at readable addresses.
  { path: "p/:partSlug", page: "part", access: "public" },
  { path: "products/:productSlug", page: "product", access: "public" },
  // Beside the spec's routes: the cart (a visitor's too), its checkout and one payment for it.
  { path: "cart", page: "cart", access: "public" },
  { path: "checkout", page: "checkout", access: "signedIn" },
  { path: "checkout/:checkoutId", page: "checkoutPayment", access: "signedIn" },
  { path: "checkout/:checkoutId/confirmation", page: "checkoutConfirmation", access: "signedIn" },
  {
    path: "dashboard",
    page: "dashboard",
    access: "signedIn",
    children: [
      { page: "profile", access: "signedIn" },
      { path: "my_orders", page: "myOrders", access: "signedIn" },
      { path: "add_review", page: "addReview", access: "signedIn" },
      { path: "payment/:id", page: "payment", access: "signedIn" },
      // Beside the spec's pages: one order with its history, and the cancelled and refunded ones.
      { path: "orders/:id", page: "orderDetail", access: "signedIn" },
      { path: "past_orders", page: "pastOrders", access: "signedIn" },
      // Beside the spec's pages: the customer's address book.
      { path: "addresses", page: "addresses", access: "signedIn" },
      { path: "all_users", page: "allUsers", access: "admin" },
      { path: "all_users/:userId", page: "customer", access: "admin" },
      { path: "manage_all_orders", page: "manageAllOrders", access: "admin" },
      { path: "add_product", page: "addProduct", access: "admin" },
      { path: "manage_product", page: "manageProducts", access: "admin" },
      // Beside the spec's pages: the paid orders waiting to be shipped, and what to pick for them on paper.
      { path: "to_ship", page: "toShip", access: "admin" },
      { path: "to_ship/pick_list", page: "pickList", access: "admin" },
      { path: "overview", page: "overview", access: "admin" },
      { path: "manage_parts", page: "manageParts", access: "admin" },
      { path: "manage_parts/new", page: "addPart", access: "admin" },
      { path: "manage_parts/import", page: "importParts", access: "admin" },
      { path: "manage_parts/:partsId", page: "editPart", access: "admin" },
      { path: "history", page: "history", access: "admin" },
      // Beside the spec's pages: shipping zones with their methods, and tax zones.
      { path: "shipping", page: "shipping", access: "admin" },
      { path: "tax", page: "tax", access: "admin" },
    ],
  },
  { path: "blogs", page: "blogs", access: "public" },
  { path: "portfolio", page: "portfolio", access: "public" },
  { path: "login", page: "login", access: "public" },
  { path: "register", page: "register", access: "public" },
  { path: "*", page: "notFound", access: "public" },
];

export interface PagePath {
  /** The full path as the router matches it: "/dashboard/payment/:id", "*"... */
  path: string;
  page: PageName;
  access: Access;
}

function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent || "/";
  if (path.startsWith("/") || path === "*") return path;
  return `${parent.replace(/\/$/, "")}/${path}`;
}

/** Every page a browser can land on, with its full path (layout routes count: their index shows). */
export function pagePaths(table: readonly RouteEntry[] = ROUTE_TABLE, parent = ""): PagePath[] {
  return table.flatMap((entry) => {
    const path = joinPath(parent, entry.path);
    if (entry.children) return pagePaths(entry.children, path);
    return [{ path, page: entry.page, access: entry.access }];
  });
}
