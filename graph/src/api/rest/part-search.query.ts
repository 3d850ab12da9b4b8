import { badInput } from "../../domain/errors";
import { MAX_BRAND_LENGTH, MAX_MODEL_LENGTH } from "../../domain/catalogue/part-rules";
import { MAX_SEARCH_LENGTH, PartCriteria, PartOrder } from "../../domain/catalogue/part-search.service";
import { PartFilterInput, PartSearchArgs } from "../inputs/part-search";
import { assertValid } from "../inputs/validation";
import type { Schema } from "./route-doc";

/** The query parameters of `GET /parts`, as the web app's catalogue page writes them in its address too. */
export const PART_SEARCH_PARAMETERS = ["q", "inStock", "minPrice", "maxPrice", "brand", "model", "sort"] as const;

const SORTS: Record<string, PartOrder> = {
  relevance: PartOrder.RELEVANCE,
  price_asc: PartOrder.PRICE_ASC,
  price_desc: PartOrder.PRICE_DESC,
  newest: PartOrder.NEWEST,
  best_rated: PartOrder.BEST_RATED,
};

const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

const PRICE = { type: "string", pattern: DOLLARS.source } as const;

/** The parameters as the OpenAPI document describes them (a blank one counts as missing; a repeated one is refused). */
export const PART_SEARCH_QUERY_DOC: Record<(typeof PART_SEARCH_PARAMETERS)[number], Schema & { description: string }> =
  {
    q: {
      type: "string",
      maxLength: MAX_SEARCH_LENGTH,
      description:
        "Words to find in part names, compatible laptop models and descriptions; typos and partial words are allowed, every word must match",
    },
    inStock: {
      type: "string",
      enum: ["true", "false", "1", "0"],
      description: "true: only parts that can be ordered now (stock at least the minimum order quantity)",
    },
    minPrice: { ...PRICE, description: "Lowest unit price in dollars, included (at most two decimals)" },
    maxPrice: { ...PRICE, description: "Highest unit price in dollars, included (at most two decimals)" },
    brand: {
      type: "string",
      maxLength: MAX_BRAND_LENGTH,
      description: "Only parts that fit a laptop of this brand, e.g. Lenovo (any letter case)",
    },
    model: {
      type: "string",
      maxLength: MAX_MODEL_LENGTH,
      description: "Only parts that fit a laptop of this model, e.g. ThinkPad T14 Gen 2 (any letter case)",
    },
    sort: {
      type: "string",
      enum: Object.keys(SORTS),
      description:
        "The order: relevance (the default: best match first for a search), prices up or down, newest, best rated",
    },
  };

/**
 * `GET /parts?q=...&inStock=true&minPrice=10&maxPrice=50.5&brand=Lenovo&model=ThinkPad%20T14%20Gen%202&sort=price_asc`
 * as the catalogue's criteria, checked by the same input classes as GraphQL's `parts` arguments.
 * Query strings are text, so each is read as its type says: inStock `true`/`false` (or `1`/`0`),
 * prices as dollars with at most two decimals, sort one of relevance, price_asc, price_desc,
 * newest, best_rated. A blank parameter counts as missing; a repeated one is refused.
 */
export async function partSearchOf(query: Record<string, unknown>): Promise<PartCriteria> {
  // The spec's catalogue (no parameter, every request the answer cache cannot serve): nothing to check.
  if (PART_SEARCH_PARAMETERS.every((name) => query[name] === undefined)) return {};
  const text = (name: (typeof PART_SEARCH_PARAMETERS)[number]): string | null => {
    const value = query[name];
    if (value === undefined) return null;
    if (typeof value !== "string") throw badInput(`${name} must be given once`);
    return value.trim() ? value : null;
  };
  const inStock = text("inStock");
  if (inStock !== null && !/^(true|false|1|0)$/i.test(inStock.trim())) throw badInput("inStock must be true or false");
  const price = (name: "minPrice" | "maxPrice") => {
    const value = text(name)?.trim() ?? null;
    if (value === null) return null;
    if (!DOLLARS.test(value)) throw badInput(`${name} must be an amount in dollars with at most two decimals`);
    return Number(value);
  };
  const sort = text("sort");
  const order = sort === null ? null : SORTS[sort.trim().toLowerCase()];
  if (order === undefined) throw badInput(`sort must be one of ${Object.keys(SORTS).join(", ")}`);

  const filter = Object.assign(new PartFilterInput(), {
    inStock: inStock === null ? null : /^(true|1)$/i.test(inStock.trim()),
    minPrice: price("minPrice"),
    maxPrice: price("maxPrice"),
    brand: text("brand"),
    model: text("model"),
  });
  const args = Object.assign(new PartSearchArgs(), { search: text("q"), filter, orderBy: order });
  await assertValid(args);
  return { search: args.search, ...filter, order: args.orderBy };
}
