import type { PartFilter, PartOrder } from "@/lib/gql/graphql";

/**
 * The catalogue page's state lives in its address, so a search can be shared and the back button
 * goes back to the previous one. The parameters are the ones `GET /parts` takes:
 * /parts?q=thinkpad+t14+battery&inStock=1&minPrice=10&maxPrice=80&brand=Lenovo&model=ThinkPad+T14+Gen+2&sort=price_asc
 */
export type SortKey = "relevance" | "price_asc" | "price_desc" | "newest" | "best_rated";

export interface CatalogueSearch {
  q: string;
  inStock: boolean;
  /** Dollars as typed ("12.5"); "" when not set. */
  minPrice: string;
  maxPrice: string;
  brand: string;
  model: string;
  sort: SortKey;
}

export const SORT_OPTIONS: ReadonlyArray<{ value: SortKey; label: string; order: PartOrder }> = [
  { value: "relevance", label: "Best match", order: "RELEVANCE" },
  { value: "price_asc", label: "Price: low to high", order: "PRICE_ASC" },
  { value: "price_desc", label: "Price: high to low", order: "PRICE_DESC" },
  { value: "newest", label: "Newest", order: "NEWEST" },
  { value: "best_rated", label: "Best rated", order: "BEST_RATED" },
];

export const EMPTY_SEARCH: CatalogueSearch = {
  q: "",
  inStock: false,
  minPrice: "",
  maxPrice: "",
  brand: "",
  model: "",
  sort: "relevance",
};

/** Dollars with at most two decimals, as the API takes them. */
export const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

const text = (params: URLSearchParams, name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
const price = (params: URLSearchParams, name: string) => {
  const value = text(params, name, 20);
  return PRICE.test(value) ? value : "";
};

/** The search in an address; what does not make sense there (a price of "abc") is left out. */
export function readSearch(params: URLSearchParams): CatalogueSearch {
  const sort = params.get("sort")?.toLowerCase() ?? "";
  const minPrice = price(params, "minPrice");
  let maxPrice = price(params, "maxPrice");
  if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) maxPrice = "";
  return {
    q: text(params, "q", 200),
    inStock: /^(1|true)$/i.test(params.get("inStock") ?? ""),
    minPrice,
    maxPrice,
    brand: text(params, "brand", 40),
    model: text(params, "model", 80),
    sort: SORT_OPTIONS.some((option) => option.value === sort) ? (sort as SortKey) : "relevance",
  };
}

/** The address of a search: only what differs from the defaults, in a stable order. */
export function writeSearch(search: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set("q", search.q.trim());
  if (search.inStock) params.set("inStock", "1");
  if (search.minPrice) params.set("minPrice", search.minPrice);
  if (search.maxPrice) params.set("maxPrice", search.maxPrice);
  if (search.brand) params.set("brand", search.brand);
  if (search.model) params.set("model", search.model);
  if (search.sort !== "relevance") params.set("sort", search.sort);
  return params;
}

export const catalogueHref = (search: Partial<CatalogueSearch>) => {
  const query = writeSearch({ ...EMPTY_SEARCH, ...search }).toString();
  return query ? `/parts?${query}` : "/parts";
};

/** Whether anything but the words and the order narrows the list. */
export const hasFilters = (search: CatalogueSearch) =>
  search.inStock || Boolean(search.minPrice || search.maxPrice || search.brand || search.model);

export const activeFilterCount = (search: CatalogueSearch) =>
  [search.inStock, search.minPrice || search.maxPrice, search.brand, search.model].filter(Boolean).length;

/** The `parts` arguments of a search (orderBy always given: the catalogue page's list is its own in the cache). */
export function partsVariables(search: CatalogueSearch): {
  search: string | null;
  filter: PartFilter | null;
  orderBy: PartOrder;
} {
  const filter: PartFilter = {};
  if (search.inStock) filter.inStock = true;
  if (search.minPrice) filter.minPrice = Number(search.minPrice);
  if (search.maxPrice) filter.maxPrice = Number(search.maxPrice);
  if (search.brand) filter.brand = search.brand;
  if (search.model) filter.model = search.model;
  return {
    search: search.q || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: SORT_OPTIONS.find((option) => option.value === search.sort)!.order,
  };
}
