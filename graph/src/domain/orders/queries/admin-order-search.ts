import { DataSource } from "typeorm";
import { runStatement } from "../../../db/prepared";
import { badInput } from "../../errors";
import { databaseIdOf } from "../../ids";
import { likePattern } from "../../text-search";
import { lookupPatterns, TrigramStatistics } from "../../trigram-windows";
import { OrderStatus } from "../order.entity";
import { seqOfOrderNumber } from "../order-number";
import type { OrderCondition } from "./order-lists";

/** The admins' order list: live orders by default, or those of one state; a search over customers and parts. */
export interface OrderFilter {
  status?: OrderStatus | null;
  /**
   * Part of a customer's email or name, or of a part's name (as ordered or as it is now), accents
   * and letter case aside ("zoe" finds "Zoë"); or an order's number, an order or part id.
   */
  search?: string | null;
}

/** Above this many parts named like an admin's search, its orders are found by walking them. */
const MANY_PARTS = 1000;
/** Past this many customers matching a search, the orders are walked instead (as for MANY_PARTS). */
const MANY_CUSTOMERS = 1000;
/** An order list's status condition, by the status asked for: made from the enum, never from the caller's text. */
const STATUS_CONDITIONS: ReadonlyMap<string, string> = new Map(
  Object.values(OrderStatus).map((status) => [status, `= '${status}'`]),
);

/**
 * Decides how an admin's order filter is looked up: by the few customers and parts a search
 * names, or by walking the orders newest first when it names many.
 */
export class AdminOrderSearch {
  /** How common each trigram of part names is, to look names up by a search's rarest words. */
  private readonly partNameTrigrams: TrigramStatistics;

  constructor(private readonly db: DataSource) {
    this.partNameTrigrams = new TrigramStatistics(db, "part_names_trigram_shares");
  }

  /**
   * The orders a filter selects, as a condition on `orders "o"` whose text depends only on its
   * `shape` (the status, and how the search is looked up), so that each shape is one prepared
   * statement. The status is written into the text: a partial index serves it whatever the plan.
   */
  async condition(filter: OrderFilter): Promise<OrderCondition> {
    const statusName = filter.status ?? "live";
    const status = filter.status ? STATUS_CONDITIONS.get(filter.status) : `<> 'cancelled'`;
    if (!status) throw badInput("status must be unpaid, paid, cancelled or refunded");
    const ofStatus = (alias: string) => `"${alias}"."status" ${status}`;
    const search = filter.search?.trim();
    if (!search) return { shape: statusName, where: ofStatus("o"), values: [] };
    const pattern = likePattern(search);
    const exact = exactMatches(search);
    const { customers, parts } = await this.named(search, pattern);
    if (customers && parts) {
      // A few customers and parts: the seqs of their orders first, each set by its B-tree
      // index, then those orders by their seq index, newest first. As a list the planner sizes
      // small, it cannot choose to walk every order newest first instead (which reads them all
      // when none match), and PostgreSQL walks the seq index backwards by it, reading only the
      // orders of the page. Orders of parts named so now need no look at their rows
      // (orders_by_part_status); those of parts once named so are checked by the name they were
      // ordered under, folded as the search is.
      const values: unknown[] = [customers, parts.namedNow, parts.namedBefore, pattern];
      const byExact = exact.conditions((value) => `$${values.push(value)}`, "f", ofStatus("f"));
      return {
        shape: `${statusName}_named${exact.shape}`,
        where: `${ofStatus("o")} AND "o"."seq" = ANY(ARRAY(
             SELECT seq FROM orders f WHERE f.user_email = ANY(ARRAY(SELECT unnest($1::text[]))) AND ${ofStatus("f")}
             UNION ALL SELECT seq FROM orders f WHERE f.user_name = ANY(ARRAY(SELECT unnest($1::text[]))) AND ${ofStatus("f")}
             UNION ALL SELECT seq FROM orders f WHERE f.part_id = ANY(ARRAY(SELECT unnest($2::uuid[]))) AND ${ofStatus("f")}
             UNION ALL SELECT seq FROM orders f WHERE f.part_id = ANY(ARRAY(SELECT unnest($3::uuid[]))) AND fold_text(f.part_name) LIKE fold_text($4) AND ${ofStatus("f")}
             ${byExact.map((condition) => `UNION ALL ${condition}`).join("\n")}))`,
        values,
      };
    }
    // Many: walking the orders newest first finds a page long before the end, so each order
    // walked is checked by its own fields, and its part's name by key (an alias of its own: the
    // list may join the parts as "p").
    const values: unknown[] = [pattern];
    const orExact = exact.conditions((value) => `$${values.push(value)}`, "o", null);
    return {
      shape: `${statusName}_walked${exact.shape}`,
      where: `${ofStatus("o")} AND (fold_text("o"."user_email") LIKE fold_text($1) OR fold_text("o"."user_name") LIKE fold_text($1)
            OR fold_text("o"."part_name") LIKE fold_text($1) OR fold_text((SELECT now_named.name FROM parts now_named WHERE now_named.id = "o"."part_id")) LIKE fold_text($1)
            ${orExact.map((condition) => `OR ${condition}`).join(" ")})`,
      values,
    };
  }

  /**
   * What a search names, in one statement: the emails and names orders have been placed under
   * that match (order_customer_names), the parts with a matching name now and those that only had
   * one (as ordered, or before a rename: part_names), all compared folded (accents off, lower
   * case: fold_text); each null when more than MANY_CUSTOMERS or MANY_PARTS match. Part names are
   * looked up by the search's rarest words where the statistics tell them (trigram-windows.ts),
   * and checked whole; `folded || ''` keeps that check off the index. The lists come back as JSON,
   * which node parses natively, where pg reads a PostgreSQL array a character at a time.
   */
  private async named(
    search: string,
    pattern: string,
  ): Promise<{ customers: string[] | null; parts: { namedNow: string[]; namedBefore: string[] } | null }> {
    const shares = await this.partNameTrigrams.shares();
    const lookups = shares ? lookupPatterns(search, shares) : [];
    // folded is the name folded once, when it is written (part_names.folded, order_customer_names.folded).
    const partNamed = lookups.length
      ? `${lookups.map((_, i) => `folded LIKE fold_text($${4 + i})`).join(" AND ")} AND (folded || '') LIKE fold_text($1)`
      : "folded LIKE fold_text($1)";
    const [row] = await runStatement<{ customers: string[]; named_now: string[]; named_before: string[] }>(
      this.db,
      `WITH named AS (
         SELECT n.part_id, bool_or(fold_text(p.name) LIKE fold_text($1)) AS now
         FROM (SELECT part_id FROM part_names WHERE ${partNamed} LIMIT $3) n JOIN parts p ON p.id = n.part_id
         GROUP BY n.part_id)
       SELECT (SELECT coalesce(json_agg(name), '[]') FROM (SELECT name FROM order_customer_names WHERE folded LIKE fold_text($1) LIMIT $2) c) AS customers,
              (SELECT coalesce(json_agg(part_id), '[]') FROM named WHERE now) AS named_now,
              (SELECT coalesce(json_agg(part_id), '[]') FROM named WHERE NOT now) AS named_before`,
      [pattern, MANY_CUSTOMERS + 1, MANY_PARTS + 1, ...lookups],
    );
    return {
      customers: row.customers.length > MANY_CUSTOMERS ? null : row.customers,
      // Names, not parts, are counted up to the limit: a part renamed counts twice, a harmless bias.
      parts:
        row.named_now.length + row.named_before.length > MANY_PARTS
          ? null
          : { namedNow: row.named_now, namedBefore: row.named_before },
    };
  }
}

/**
 * What a search names exactly: an order or a part by id, an order by its number. `conditions`
 * writes them for the orders aliased `alias`: as whole SELECTs of seqs when `status` is given
 * (the named shape), as conditions on the row otherwise (the walked one).
 */
function exactMatches(search: string) {
  const id = databaseIdOf(search);
  const seq = seqOfOrderNumber(search);
  return {
    shape: `${id ? "_or_id" : ""}${seq ? "_or_number" : ""}`,
    conditions(parameter: (value: unknown) => string, alias: string, status: string | null): string[] {
      const found: string[] = [];
      if (id) {
        const named = parameter(id);
        found.push(`("${alias}"."id" = ${named}::uuid OR "${alias}"."part_id" = ${named}::uuid)`);
      }
      if (seq) found.push(`"${alias}"."seq" = ${parameter(seq)}::bigint`);
      return status
        ? found.map((condition) => `SELECT seq FROM orders ${alias} WHERE ${condition} AND ${status}`)
        : found;
    },
  };
}
