import { invalidRequest, resourceMissing } from "../errors";
import { integerParam, rejectUnknown, stringParam, type FormObject } from "../form";
import { readExpand } from "./params/expand";

/** Parameters every Stripe list takes besides its own filters. */
const PAGING_PARAMS = ["limit", "starting_after", "ending_before", "expand"] as const;

/** What a list is of and how its items are answered. */
export interface ListSpec<T> {
  /** The object's name in Stripe's errors, as in "No such payment_intent". */
  kind: string;
  url: string;
  /** Fields the list filters on by equality (`customer=cus_1`), besides `created`. */
  filters: readonly (keyof T & string)[];
  /** Parameters of this list's own, read by the caller. */
  otherParams?: readonly string[];
  /** What the caller's own parameters keep. */
  where?: (item: T) => boolean;
  render(item: T, expand: string[]): unknown;
}

/** A Stripe list of `stored` (kept oldest first): filtered, newest first, one page of it, each item rendered. */
export function answerList<T extends { id: string; created: number }>(
  stored: Iterable<T>,
  params: FormObject,
  spec: ListSpec<T>,
): ListAnswer {
  rejectUnknown(params, [...PAGING_PARAMS, "created", ...spec.filters, ...(spec.otherParams ?? [])]);
  const wanted = spec.filters
    .map((field) => [field, stringParam(params, field)] as const)
    .filter(([, value]) => value !== undefined);
  const created = readCreatedFilter(params);
  const where = spec.where ?? (() => true);
  const matching = newestFirst(stored).filter(
    (item) => created(item.created) && wanted.every(([field, value]) => item[field] === value) && where(item),
  );
  const page = pageOf(matching, params, spec.kind);
  const expand = itemExpansions(params);
  return listAnswer(
    spec.url,
    page.data.map((item) => spec.render(item, expand)),
    page.hasMore,
  );
}

/** Stripe's list envelope. */
export interface ListAnswer {
  object: "list";
  data: unknown[];
  has_more: boolean;
  url: string;
}

/**
 * One page of `items`, which come newest first: the first `limit` (1 to 100, default 10), the page
 * after `starting_after`, or the page just before `ending_before`, as the SDK's auto-pagination asks
 * for them. `kind` names the object in the error for a cursor that names nothing in the list.
 */
function pageOf<T extends { id: string }>(
  items: T[],
  params: FormObject,
  kind: string,
): { data: T[]; hasMore: boolean } {
  const limit = readLimit(params);
  const startingAfter = stringParam(params, "starting_after");
  const endingBefore = stringParam(params, "ending_before");
  if (startingAfter) {
    const rest = items.slice(indexOf(items, startingAfter, kind, "starting_after") + 1);
    return { data: rest.slice(0, limit), hasMore: rest.length > limit };
  }
  if (endingBefore) {
    const rest = items.slice(0, indexOf(items, endingBefore, kind, "ending_before"));
    return { data: rest.slice(Math.max(0, rest.length - limit)), hasMore: rest.length > limit };
  }
  return { data: items.slice(0, limit), hasMore: items.length > limit };
}

/** Stored objects are kept oldest first; lists show the newest first (insertion order breaks ties within a second). */
export function newestFirst<T>(stored: Iterable<T>): T[] {
  return [...stored].reverse();
}

export function listAnswer(url: string, data: unknown[], hasMore: boolean): ListAnswer {
  return { object: "list", data, has_more: hasMore, url };
}

/** A list expands its items' fields as `data.<field>`; these are the fields. */
function itemExpansions(params: FormObject): string[] {
  return readExpand(params)
    .filter((path) => path.startsWith("data."))
    .map((path) => path.slice("data.".length));
}

function readLimit(params: FormObject): number {
  const limit = integerParam(params, "limit") ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest("Invalid limit: must be an integer between 1 and 100.", {
      code: "parameter_invalid_integer",
      param: "limit",
    });
  }
  return limit;
}

function indexOf(items: { id: string }[], id: string, kind: string, param: string): number {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) throw resourceMissing(kind, id, param);
  return index;
}

/** `created=<ts>` or `created[gt|gte|lt|lte]=<ts>`. */
function readCreatedFilter(params: FormObject): (created: number) => boolean {
  const value = params.created;
  if (value === undefined) return () => true;
  if (typeof value === "string") {
    const exact = integerParam(params, "created");
    return (created) => created === exact;
  }
  rejectUnknown(value, ["gt", "gte", "lt", "lte"], "created");
  const gt = integerParam(value, "gt", "created");
  const gte = integerParam(value, "gte", "created");
  const lt = integerParam(value, "lt", "created");
  const lte = integerParam(value, "lte", "created");
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
