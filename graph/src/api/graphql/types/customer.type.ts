import { Field, Float, Int, ObjectType } from "type-graphql";
import type { CustomerDetail, CustomerTotals } from "../../../domain/accounts/customer.service";
import { centsToDollars } from "../../../domain/money";
import { UserType } from "./user.type";

@ObjectType("CustomerTotals", { description: "What a customer's orders add up to, in dollars" })
export class CustomerTotalsType {
  constructor(private readonly totals: CustomerTotals) {}

  @Field(() => Int, { description: "Orders placed, cancelled ones included" })
  get orders(): number {
    return this.totals.orders;
  }

  @Field(() => Int, { description: "Orders paid (and not refunded)" })
  get paidOrders(): number {
    return this.totals.paidOrders;
  }

  @Field(() => Int, { description: "Orders waiting for payment" })
  get unpaidOrders(): number {
    return this.totals.unpaidOrders;
  }

  @Field(() => Float, { description: "What the paid orders came to, refunds made at Stripe taken off" })
  get paid(): number {
    return centsToDollars(this.totals.paidCents);
  }

  @Field(() => Float, { description: "What the orders waiting for payment come to" })
  get unpaid(): number {
    return centsToDollars(this.totals.unpaidCents);
  }

  @Field(() => Float, { description: "What was paid, then given back" })
  get refunded(): number {
    return centsToDollars(this.totals.refundedCents);
  }
}

/** The customer's profile and orders are resolved in resolvers/customer.resolver.ts. */
@ObjectType("Customer", { description: "One customer as admins see them: account, profile, orders and totals" })
export class CustomerType {
  constructor(readonly detail: CustomerDetail) {}

  @Field(() => UserType, { description: "The account" })
  get user(): CustomerDetail["user"] {
    return this.detail.user;
  }

  @Field(() => CustomerTotalsType, { description: "What the customer's orders add up to" })
  get totals(): CustomerTotalsType {
    return new CustomerTotalsType(this.detail.totals);
  }
}
