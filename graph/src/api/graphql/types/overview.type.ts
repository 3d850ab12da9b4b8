import { Field, Float, Int, ObjectType } from "type-graphql";
import { Part } from "../../../domain/catalogue/part.entity";
import { centsToDollars } from "../../../domain/money";
import { DailySales, Overview, PartSales } from "../../../domain/reports/overview.service";
import { PartType } from "./part.type";

@ObjectType("DailySales", { description: "Sales of one UTC day" })
export class DailySalesType {
  constructor(private readonly sales: DailySales) {}

  @Field(() => String, { description: "The day, YYYY-MM-DD (UTC)" })
  get day(): string {
    return this.sales.day;
  }

  @Field(() => Float, { description: "Sum of the totals of the orders paid that day, in dollars" })
  get revenue(): number {
    return centsToDollars(this.sales.revenueCents);
  }

  @Field(() => Int, { description: "Orders paid that day" })
  get paidOrders(): number {
    return this.sales.paidOrders;
  }
}

@ObjectType("PartSales", { description: "Units of one part sold in paid orders" })
export class PartSalesType {
  constructor(private readonly sales: PartSales) {}

  @Field(() => PartType, { description: "The part" })
  get part(): Part {
    return this.sales.part;
  }

  @Field(() => Int, { description: "Units of it in orders paid in the window" })
  get unitsSold(): number {
    return this.sales.unitsSold;
  }

  @Field(() => Float, { description: "Those orders' totals for this part, in dollars" })
  get revenue(): number {
    return centsToDollars(this.sales.revenueCents);
  }
}

@ObjectType("AdminOverview", {
  description: "The business at a glance: SQL aggregates over the orders, customers and parts",
})
export class AdminOverviewType {
  constructor(private readonly overview: Overview) {}

  @Field(() => Int, { description: "Length of the window in days, today (UTC) included" })
  get days(): number {
    return this.overview.days;
  }

  @Field(() => String, { description: "First day of the window, YYYY-MM-DD (UTC)" })
  get firstDay(): string {
    return this.overview.firstDay;
  }

  @Field(() => String, { description: "Last day of the window (today), YYYY-MM-DD (UTC)" })
  get lastDay(): string {
    return this.overview.lastDay;
  }

  @Field(() => [DailySalesType], { description: "Every day of the window, oldest first; days without a sale are zero" })
  get revenueByDay(): DailySalesType[] {
    return this.overview.revenueByDay.map((day) => new DailySalesType(day));
  }

  @Field(() => Float, { description: "Revenue of the window in dollars: totals of the orders paid in it" })
  get revenue(): number {
    return centsToDollars(this.overview.revenueCents);
  }

  @Field(() => Int, { description: "Orders paid in the window" })
  get paidOrders(): number {
    return this.overview.paidOrders;
  }

  @Field(() => [PartSalesType], {
    description: "The parts with the most units sold in orders paid in the window (at most 5)",
  })
  get topParts(): PartSalesType[] {
    return this.overview.topParts.map((sales) => new PartSalesType(sales));
  }

  @Field(() => Int, { description: "Orders placed and not yet paid (nor cancelled)" })
  get openUnpaidOrders(): number {
    return this.overview.openUnpaidOrders;
  }

  @Field(() => Float, { description: "Their totals, in dollars" })
  get openUnpaidValue(): number {
    return centsToDollars(this.overview.openUnpaidCents);
  }

  @Field(() => Int, { description: "Customer accounts (every account but the admins')" })
  get customers(): number {
    return this.overview.customers;
  }

  @Field(() => Int, { description: "Customer accounts created in the window" })
  get newCustomers(): number {
    return this.overview.newCustomers;
  }

  @Field(() => [PartType], {
    description: "Parts on sale at or below their low-stock threshold, lowest stock first (at most 20)",
  })
  get lowStockParts(): Part[] {
    return this.overview.lowStockParts;
  }

  @Field(() => Int, { description: "How many parts on sale are low on stock" })
  get lowStockCount(): number {
    return this.overview.lowStockCount;
  }
}
