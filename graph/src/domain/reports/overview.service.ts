import { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
import { Part } from "../catalogue/part.entity";

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

/** The admins' overview of the business: every figure an SQL aggregate over the orders, users and parts. */
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

export class OverviewService {
  constructor(private readonly db: DataSource) {}

  /** All figures read in one snapshot, so they agree with each other. */
  overview(actor: Actor): Promise<Overview> {
    authorize(actor, "ADMIN");
    const days = OVERVIEW_DAYS;
    return this.db.transaction("REPEATABLE READ", async (tx) => {
      const [window]: Array<{ first_day: string; last_day: string; since: Date }> = await tx.query(
        `SELECT to_char(d.first_day, 'YYYY-MM-DD') AS first_day, to_char(d.today, 'YYYY-MM-DD') AS last_day,
                d.first_day::timestamp AT TIME ZONE 'UTC' AS since
         FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS today, (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AS first_day) d`,
        [days],
      );
      const daily: Array<{ day: string; revenue_cents: string; paid_orders: number }> = await tx.query(
        // UTC days as bins of a UTC midnight (integer arithmetic per order) rather than a time zone
        // conversion per order; only the 30 bins are converted to dates.
        `WITH paid AS (
           SELECT (bin AT TIME ZONE 'UTC')::date AS day, revenue_cents, paid_orders FROM (
             SELECT date_bin('1 day', paid_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS bin, sum(total_cents) AS revenue_cents, count(*)::int AS paid_orders
             FROM orders WHERE status = 'paid' AND paid_at >= $1
             GROUP BY 1
           ) bins
         )
         SELECT to_char(days.day, 'YYYY-MM-DD') AS day, COALESCE(paid.revenue_cents, 0)::bigint AS revenue_cents, COALESCE(paid.paid_orders, 0) AS paid_orders
         FROM generate_series($2::date, $3::date, interval '1 day') AS days(day)
         LEFT JOIN paid ON paid.day = days.day::date
         ORDER BY days.day`,
        [window.since, window.first_day, window.last_day],
      );
      const top: Array<{ part_id: string; units: string; revenue_cents: string }> = await tx.query(
        `SELECT part_id, sum(quantity)::bigint AS units, sum(total_cents)::bigint AS revenue_cents
         FROM orders WHERE status = 'paid' AND paid_at >= $1
         GROUP BY part_id ORDER BY units DESC, revenue_cents DESC, part_id LIMIT $2`,
        [window.since, TOP_PARTS_LIMIT],
      );
      const topParts = top.length
        ? await tx
            .getRepository(Part)
            .createQueryBuilder("part")
            .where("part.id = ANY(:ids)", { ids: top.map((row) => row.part_id) })
            .getMany()
        : [];
      const partById = new Map(topParts.map((part) => [part.databaseId, part]));
      const [unpaid]: Array<{ count: number; cents: string }> = await tx.query(
        `SELECT count(*)::int AS count, COALESCE(sum(total_cents), 0)::bigint AS cents FROM orders WHERE status = 'unpaid'`,
      );
      const [users]: Array<{ customers: number; new_customers: number }> = await tx.query(
        // Two counts of users_customers_by_created_at (index-only) rather than one pass over users.
        `SELECT (SELECT count(*) FROM users WHERE role <> 'admin')::int AS customers,
                (SELECT count(*) FROM users WHERE role <> 'admin' AND created_at >= $1)::int AS new_customers`,
        [window.since],
      );
      const lowStock = tx
        .getRepository(Part)
        .createQueryBuilder("part")
        .where("part.retired_at IS NULL")
        .andWhere("part.available <= part.low_stock_threshold");
      const lowStockParts = await lowStock.clone().orderBy("part.available", "ASC").addOrderBy("part.seq", "ASC").limit(LOW_STOCK_LIMIT).getMany();
      const lowStockCount = await lowStock.clone().getCount();
      const revenueByDay = daily.map((row) => ({ day: row.day, revenueCents: int(row.revenue_cents), paidOrders: row.paid_orders }));
      return {
        days,
        firstDay: window.first_day,
        lastDay: window.last_day,
        revenueByDay,
        revenueCents: revenueByDay.reduce((sum, day) => sum + day.revenueCents, 0),
        paidOrders: revenueByDay.reduce((sum, day) => sum + day.paidOrders, 0),
        topParts: top.map((row) => ({ part: partById.get(row.part_id)!, unitsSold: int(row.units), revenueCents: int(row.revenue_cents) })),
        openUnpaidOrders: unpaid.count,
        openUnpaidCents: int(unpaid.cents),
        customers: users.customers,
        newCustomers: users.new_customers,
        lowStockParts,
        lowStockCount,
      };
    });
  }
}
