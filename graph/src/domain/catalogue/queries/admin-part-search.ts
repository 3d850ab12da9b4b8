import { SelectQueryBuilder } from "typeorm";
import { likePattern } from "../../text-search";
import type { Part } from "../part.entity";
import { partNumberKey } from "../part-numbers";

/**
 * Narrows the admins' parts list to a search, retired parts included: the storefront's search
 * (part_search_queries: words anywhere, typos and partial words forgiven, so "batery" finds the
 * battery), names containing the text, and part numbers, own or alternative, beginning with it
 * however typed ("5b10 w139" finds 5B10W13930). Each way in reads its own index (the search's GIN
 * index, the names' trigrams, the numbers' keys); their union is the matches.
 */
export function wherePartMatches(query: SelectQueryBuilder<Part>, search: string): SelectQueryBuilder<Part> {
  const key = partNumberKey(search);
  return query.andWhere(
    `${query.alias}.seq IN (SELECT seq FROM parts WHERE search_document @@ (SELECT match FROM part_search_queries(:search))
                  UNION SELECT seq FROM parts WHERE name ILIKE :pattern
                  UNION SELECT p.seq FROM part_number_keys k JOIN parts p ON p.id = k.part_id WHERE :key <> '' AND k.key LIKE :keyPrefix)`,
    { search, pattern: likePattern(search), key, keyPrefix: `${key}%` },
  );
}

/** Narrows the admins' parts list by status: on sale, retired, or on sale at or below the low-stock threshold. */
export function wherePartStatus(
  query: SelectQueryBuilder<Part>,
  status: { onSale: boolean; retired: boolean; lowStock: boolean },
): SelectQueryBuilder<Part> {
  const part = query.alias;
  if (status.onSale && !status.retired) query.andWhere(`${part}.retired_at IS NULL`);
  if (status.retired && !status.onSale) query.andWhere(`${part}.retired_at IS NOT NULL`);
  if (status.lowStock) query.andWhere(`${part}.available <= ${part}.low_stock_threshold`);
  return query;
}
