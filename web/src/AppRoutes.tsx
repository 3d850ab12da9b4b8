import { lazy, type ComponentType, type ReactNode } from "react";
import { matchRoutes, useRoutes, type RouteObject } from "react-router-dom";
import { Layout } from "@/features/layout/Layout";
import { HomePage } from "./routes/home/HomePage";
import { NotFoundPage } from "./routes/notFound/NotFoundPage";
import { RequireAuth } from "./routes/guards/RequireAuth";
import { RequireAdmin } from "./routes/guards/RequireAdmin";
import { ROUTE_TABLE, type Access, type PageName, type RouteEntry } from "./routeTable";

type PageModule = { default: ComponentType };
/** A promise that says it has settled the way React reads it, so a page already fetched renders at once. */
type TrackedPromise = Promise<PageModule> & { status?: "fulfilled"; value?: PageModule };

/**
 * Each page fetched on demand: how to fetch its code (once), and its export's name, which names
 * its source file too (src/routes/…/<name>.tsx).
 */
const lazyPages = new Map<ComponentType, { fetch: () => TrackedPromise; name: string }>();

/** React.lazy for a named export: every route but home is fetched when first opened. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  let loading: TrackedPromise | null = null;
  const fetchPage = () =>
    (loading ??= Object.assign(
      load().then((module) => {
        const page = { default: module[name] as ComponentType };
        Object.assign(loading!, { status: "fulfilled", value: page });
        return page;
      }),
    ));
  const Page = lazy(fetchPage);
  lazyPages.set(Page, { fetch: fetchPage, name: String(name) });
  return Page;
}

const PAGES: Record<PageName, ComponentType> = {
  home: HomePage,
  notFound: NotFoundPage,
  login: lazyPage(() => import("./routes/auth/LoginPage"), "LoginPage"),
  register: lazyPage(() => import("./routes/auth/RegisterPage"), "RegisterPage"),
  blogs: lazyPage(() => import("./routes/blogs/BlogsPage"), "BlogsPage"),
  portfolio: lazyPage(() => import("./routes/portfolio/PortfolioPage"), "PortfolioPage"),
  catalogue: lazyPage(() => import("./routes/catalogue/CataloguePage"), "CataloguePage"),
  part: lazyPage(() => import("./routes/storefront/PartPage"), "PartPage"),
  product: lazyPage(() => import("./routes/storefront/ProductPage"), "ProductPage"),
  reserve: lazyPage(() => import("./routes/parts/ReservePage"), "ReservePage"),
  cart: lazyPage(() => import("./routes/cart/CartPage"), "CartPage"),
  checkout: lazyPage(() => import("./routes/checkout/CheckoutPage"), "CheckoutPage"),
  checkoutPayment: lazyPage(() => import("./routes/checkout/CheckoutPaymentPage"), "CheckoutPaymentPage"),
  checkoutConfirmation: lazyPage(
    () => import("./routes/checkout/CheckoutConfirmationPage"),
    "CheckoutConfirmationPage",
  ),
  dashboard: lazyPage(() => import("./routes/dashboard/DashboardLayout"), "DashboardLayout"),
  profile: lazyPage(() => import("./routes/dashboard/ProfilePage"), "ProfilePage"),
  myOrders: lazyPage(() => import("./routes/dashboard/MyOrdersPage"), "MyOrdersPage"),
  addReview: lazyPage(() => import("./routes/dashboard/AddReviewPage"), "AddReviewPage"),
  payment: lazyPage(() => import("./routes/dashboard/payment/PaymentPage"), "PaymentPage"),
  orderDetail: lazyPage(() => import("./routes/dashboard/OrderDetailPage"), "OrderDetailPage"),
  pastOrders: lazyPage(() => import("./routes/dashboard/PastOrdersPage"), "PastOrdersPage"),
  addresses: lazyPage(() => import("./routes/dashboard/AddressesPage"), "AddressesPage"),
  allUsers: lazyPage(() => import("./routes/dashboard/admin/AllUsersPage"), "AllUsersPage"),
  customer: lazyPage(() => import("./routes/dashboard/admin/CustomerPage"), "CustomerPage"),
  manageAllOrders: lazyPage(() => import("./routes/dashboard/admin/ManageAllOrdersPage"), "ManageAllOrdersPage"),
  addProduct: lazyPage(() => import("./routes/dashboard/admin/AddProductPage"), "AddProductPage"),
  manageProducts: lazyPage(() => import("./routes/dashboard/admin/ManageProductsPage"), "ManageProductsPage"),
  // The overview brings the chart library: it is fetched with this page only.
  overview: lazyPage(() => import("./routes/dashboard/admin/overview/OverviewPage"), "OverviewPage"),
  manageParts: lazyPage(() => import("./routes/dashboard/admin/parts/ManagePartsPage"), "ManagePartsPage"),
  addPart: lazyPage(() => import("./routes/dashboard/admin/parts/AddPartPage"), "AddPartPage"),
  editPart: lazyPage(() => import("./routes/dashboard/admin/parts/EditPartPage"), "EditPartPage"),
  importParts: lazyPage(() => import("./routes/dashboard/admin/parts/ImportPartsPage"), "ImportPartsPage"),
  history: lazyPage(() => import("./routes/dashboard/admin/history/HistoryPage"), "HistoryPage"),
  shipping: lazyPage(() => import("./routes/dashboard/admin/shipping/ShippingPage"), "ShippingPage"),
  tax: lazyPage(() => import("./routes/dashboard/admin/tax/TaxPage"), "TaxPage"),
  toShip: lazyPage(() => import("./routes/dashboard/admin/toShip/ToShipPage"), "ToShipPage"),
  pickList: lazyPage(() => import("./routes/dashboard/admin/toShip/PickListPage"), "PickListPage"),
};

/** Wraps a page in the guards its access needs beyond what its parent route already checks. */
function guarded(page: ReactNode, access: Access, parentAccess: Access): ReactNode {
  let element = page;
  if (access === "admin" && parentAccess !== "admin") element = <RequireAdmin>{element}</RequireAdmin>;
  if (access !== "public" && parentAccess === "public") element = <RequireAuth>{element}</RequireAuth>;
  return element;
}

function toRouteObjects(entries: readonly RouteEntry[], parentAccess: Access): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const Page = PAGES[entry.page];
    const element = guarded(<Page />, entry.access, parentAccess);
    if (entry.children) return { path: entry.path, element, children: toRouteObjects(entry.children, entry.access) };
    if (entry.path === undefined) return { index: true, element };
    return { path: entry.path, element };
  });
}

// Built once: the table is static, and useRoutes wants the same objects on every render.
const ROUTES: RouteObject[] = [{ element: <Layout />, children: toRouteObjects(ROUTE_TABLE, "public") }];

/** The page components an address shows, outermost first. */
function pagesAt(pathname: string, routes: RouteObject[], entries: readonly RouteEntry[]): ComponentType[] {
  const match = matchRoutes(routes, pathname);
  return (match ?? []).flatMap(({ route }) => {
    const index = routes.indexOf(route);
    return index >= 0 && entries[index] ? [PAGES[entries[index].page]] : [];
  });
}

/**
 * Fetches the code of the pages an address shows. A page rendered on the server is hydrated
 * after this: hydrating while a page's code is still on its way leaves its part of the page to
 * be rendered again, from the "Loading page…" fallback, as soon as anything above it changes.
 */
export async function loadPagesAt(pathname: string): Promise<void> {
  const pages = pagesAt(pathname, ROUTES[0].children ?? [], ROUTE_TABLE);
  await Promise.all(pages.map((page) => lazyPages.get(page)?.fetch()));
}

/** The name of a page fetched on demand (and of its source file), or undefined for one in the entry. */
export const lazyPageName = (page: PageName): string | undefined => lazyPages.get(PAGES[page])?.name;

export function AppRoutes() {
  return useRoutes(ROUTES);
}

/** The pages without the layout around them: what a storefront page's own island renders (in the layout's <main>). */
export function PageRoutes() {
  return useRoutes(ROUTES[0].children ?? []);
}
