import { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
import { Part } from "../catalogue/part.entity";
import { PartService } from "../catalogue/part.service";
import { runPreparedIn, type PreparedStatement } from "../../db/prepared";

/** One UTC day of sales. */
export interface DailySales {
  /** YYYY-MM-DD (UTC). */
  day: string;
  revenueCents: number;
  paidOrders: number;
}

export interface PartSales {
  part: Part;
  unitsSold: number;
  revenueCents: number;
}

/**
 * The admins' overview of the business: every figure exactly what an SQL aggregate over the
 * orders, users and parts would answer, read from the rollups the database keeps with every
 * write (migration 1764630000000) rather than computed from the rows.
 */
export interface Overview {
  days: number;
  /** First and last day of the window (UTC, YYYY-MM-DD), today included. */
  firstDay: string;
  lastDay: string;
  /** One entry per day of the window, oldest first; days without a sale are zero. */
  revenueByDay: DailySales[];
  /** Paid orders of the window: revenue is the sum of their totals, by the day they were paid. */
  revenueCents: number;
  paidOrders: number;
  /** Parts by units sold in paid orders of the window, most first. */
  topParts: PartSales[];
  openUnpaidOrders: number;
  openUnpaidCents: number;
  /** Accounts that are not admins, and those of them created in the window. */
  customers: number;
  newCustomers: number;
  /** Parts on sale at or below their low-stock threshold, lowest stock first (at most `LOW_STOCK_LIMIT`). */
  lowStockParts: Part[];
  lowStockCount: number;
}

export const OVERVIEW_DAYS = 30;
export const TOP_PARTS_LIMIT = 5;
export const LOW_STOCK_LIMIT = 20;

const int = (value: unknown) => Number(value ?? 0);

/** Reads in a row that found the window moved (midnight passed) before the overview gives up. */
const WINDOW_ATTEMPTS = 3;

/**
 * Every figure of the overview in one statement (the rollups, the new customers, the low-stock
 * count and the parts to show), prepared: planning it cost a third of running it at a million
 * orders. Its numbers are written into the text, not passed as values: a statement
 * without parameters keeps the one plan it was first given, where with them PostgreSQL would
 * plan each run anew (a generic plan, not knowing the window, looks costlier than those).
 */
const OVERVIEW_FIGURES: PreparedStatement = {
  name: "admin_overview_figures",
  text: `SELECT to_char(d.first_day, 'YYYY-MM-DD') AS first_day, to_char(d.today, 'YYYY-MM-DD') AS last_day,
          COALESCE((SELECT first_day FROM sales_window) = d.first_day, false) AS current,
          -- sales_by_day has a row per day and shard (at most 16 a day): the days' sums.
          (SELECT json_agg(json_build_object('day', to_char(days.day, 'YYYY-MM-DD'), 'revenue_cents', COALESCE(s.revenue_cents, 0),
                                             'paid_orders', COALESCE(s.paid_orders, 0)) ORDER BY days.day)
           FROM generate_series(d.first_day, d.today, interval '1 day') AS days(day)
           LEFT JOIN (SELECT day, sum(revenue_cents) AS revenue_cents, sum(paid_orders) AS paid_orders
                      FROM sales_by_day WHERE day BETWEEN d.first_day AND d.today GROUP BY day) s ON s.day = days.day::date) AS daily,
          -- The first rows of part_sales_window_top, which is in this order.
          (SELECT json_agg(t ORDER BY t.units DESC, t.revenue_cents DESC, t.part_id)
           FROM (SELECT part_id, units, revenue_cents FROM part_sales_window ORDER BY units DESC, revenue_cents DESC, part_id LIMIT ${TOP_PARTS_LIMIT}) t) AS top,
          (SELECT COALESCE(sum(orders), 0) FROM order_totals WHERE status = 'unpaid')::int AS unpaid,
          (SELECT COALESCE(sum(cents), 0) FROM order_totals WHERE status = 'unpaid')::bigint AS unpaid_cents,
          (SELECT COALESCE(sum(customers), 0) FROM customer_totals)::int AS customers,
          -- A count of users_customers_by_created_at (index-only): a month of sign-ups.
          (SELECT count(*) FROM users WHERE role <> 'admin' AND created_at >= d.first_day::timestamp AT TIME ZONE 'UTC')::int AS new_customers,
          -- parts_low_stock holds exactly these parts, in this order.
          (SELECT json_agg(l.id ORDER BY l.available, l.seq)
           FROM (SELECT id, available, seq FROM parts WHERE retired_at IS NULL AND available <= low_stock_threshold
                 ORDER BY available, seq LIMIT ${LOW_STOCK_LIMIT}) l) AS low_stock_ids,
          (SELECT count(*) FROM parts WHERE retired_at IS NULL AND available <= low_stock_threshold)::int AS low_stock_count
   FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS today, (now() AT TIME ZONE 'UTC')::date - (${OVERVIEW_DAYS} - 1) AS first_day) d`,
};

export class OverviewService {
  constructor(
    private readonly db: DataSource,
    private readonly parts: PartService,
  ) {}

  /**
   * All figures read in one snapshot, so they agree with each other. The top parts are those of
   * part_sales_window, which sums the sales from its watermark on: when the watermark is not the
   * window's first day (the first overview after midnight), it is advanced in a short transaction
   * of its own (READ COMMITTED: it sees every payment it waited for) and the read starts again.
   */
  async overview(actor: Actor): Promise<Overview> {
    authorize(actor, "ADMIN");
    for (let attempt = 1; ; attempt++) {
      const overview = await this.read();
      if (overview) return overview;
      if (attempt === WINDOW_ATTEMPTS) throw new Error("The overview's sales window kept moving while it was read");
      await this.db.query(`SELECT advance_sales_window((now() AT TIME ZONE 'UTC')::date - ($1::int - 1))`, [
        OVERVIEW_DAYS,
      ]);
    }
  }

  /**
   * The overview, or null when part_sales_window does not start on the window's first day. Two
   * statements: every figure (the rollups, the new customers, the low-stock count and the parts
   * to show) in one, then the parts themselves: each statement more costs a round trip, which
   * cost more than all the SQL at a million orders.
   */
  private read(): Promise<Overview | null> {
    const days = OVERVIEW_DAYS;
    return this.db.transaction("REPEATABLE READ", async (tx) => {
      const [figures]: Array<{
        first_day: string;
        last_day: string;
        current: boolean;
        daily: Array<{ day: string; revenue_cents: number; paid_orders: number }>;
        top: Array<{ part_id: string; units: number; revenue_cents: number }> | null;
        unpaid: number;
        unpaid_cents: string;
        customers: number;
        new_customers: number;
        low_stock_ids: string[] | null;
        low_stock_count: number;
      }> = await runPreparedIn(tx, OVERVIEW_FIGURES, []);
      if (!figures.current) return null;
      const top = figures.top ?? [];
      const lowStockIds = figures.low_stock_ids ?? [];
      const ids = [...new Set([...top.map((row) => row.part_id), ...lowStockIds])];
      const parts = await this.parts.getManyIn(tx, ids);
      const partById = new Map(parts.map((part) => [part.databaseId, part]));
      const revenueByDay = figures.daily.map((row) => ({
        day: row.day,
        revenueCents: int(row.revenue_cents),
        paidOrders: int(row.paid_orders),
      }));
      return {
        days,
        firstDay: figures.first_day,
        lastDay: figures.last_day,
        revenueByDay,
        revenueCents: revenueByDay.reduce((sum, day) => sum + day.revenueCents, 0),
        paidOrders: revenueByDay.reduce((sum, day) => sum + day.paidOrders, 0),
        topParts: top.map((row) => ({
          part: partById.get(row.part_id)!,
          unitsSold: int(row.units),
          revenueCents: int(row.revenue_cents),
        })),
        openUnpaidOrders: figures.unpaid,
        openUnpaidCents: int(figures.unpaid_cents),
        customers: figures.customers,
        newCustomers: figures.new_customers,
        lowStockParts: lowStockIds.map((id) => partById.get(id)!),
        lowStockCount: figures.low_stock_count,
      };
    });
  }
}
