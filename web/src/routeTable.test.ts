import { describe, expect, it } from "vitest";
import { pagePaths, type RouteEntry } from "./routeTable";

describe("route table", () => {
  it("lists every page of the spec, the catalogue, the part and product pages, the cart and checkout, the order pages, the address book and the admin pages beside them (the To-ship queue and its pick list among them), with its full path and access", () => {
    expect(pagePaths()).toEqual([
      { path: "/", page: "home", access: "public" },
      { path: "/parts", page: "catalogue", access: "public" },
      { path: "/parts/:partsId", page: "reserve", access: "signedIn" },
      { path: "/p/:partSlug", page: "part", access: "public" },
      { path: "/products/:productSlug", page: "product", access: "public" },
      { path: "/cart", page: "cart", access: "public" },
      { path: "/checkout", page: "checkout", access: "signedIn" },
      { path: "/checkout/:checkoutId", page: "checkoutPayment", access: "signedIn" },
      { path: "/checkout/:checkoutId/confirmation", page: "checkoutConfirmation", access: "signedIn" },
      { path: "/dashboard", page: "profile", access: "signedIn" },
      { path: "/dashboard/my_orders", page: "myOrders", access: "signedIn" },
      { path: "/dashboard/add_review", page: "addReview", access: "signedIn" },
      { path: "/dashboard/payment/:id", page: "payment", access: "signedIn" },
      { path: "/dashboard/orders/:id", page: "orderDetail", access: "signedIn" },
      { path: "/dashboard/past_orders", page: "pastOrders", access: "signedIn" },
      { path: "/dashboard/addresses", page: "addresses", access: "signedIn" },
      { path: "/dashboard/all_users", page: "allUsers", access: "admin" },
      { path: "/dashboard/all_users/:userId", page: "customer", access: "admin" },
      { path: "/dashboard/manage_all_orders", page: "manageAllOrders", access: "admin" },
      { path: "/dashboard/add_product", page: "addProduct", access: "admin" },
      { path: "/dashboard/manage_product", page: "manageProducts", access: "admin" },
      { path: "/dashboard/to_ship", page: "toShip", access: "admin" },
      { path: "/dashboard/to_ship/pick_list", page: "pickList", access: "admin" },
      { path: "/dashboard/overview", page: "overview", access: "admin" },
      { path: "/dashboard/manage_parts", page: "manageParts", access: "admin" },
      { path: "/dashboard/manage_parts/new", page: "addPart", access: "admin" },
      { path: "/dashboard/manage_parts/import", page: "importParts", access: "admin" },
      { path: "/dashboard/manage_parts/:partsId", page: "editPart", access: "admin" },
      { path: "/dashboard/history", page: "history", access: "admin" },
      { path: "/dashboard/shipping", page: "shipping", access: "admin" },
      { path: "/dashboard/tax", page: "tax", access: "admin" },
      { path: "/blogs", page: "blogs", access: "public" },
      { path: "/portfolio", page: "portfolio", access: "public" },
      { path: "/login", page: "login", access: "public" },
      { path: "/register", page: "register", access: "public" },
      { path: "*", page: "notFound", access: "public" },
    ]);
  });

  it("joins nested paths and keeps absolute ones", () => {
    const table: RouteEntry[] = [
      {
        path: "a",
        page: "dashboard",
        access: "signedIn",
        children: [
          { page: "profile", access: "signedIn" },
          { path: "b/:id", page: "payment", access: "admin" },
          { path: "/c", page: "blogs", access: "public" },
        ],
      },
    ];
    expect(pagePaths(table).map(({ path }) => path)).toEqual(["/a", "/a/b/:id", "/c"]);
  });
});
