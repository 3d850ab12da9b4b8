import { Arg, Args, Ctx, Directive, Mutation, Query, Resolver } from "type-graphql";
import { CheckoutIdArgs, ConfirmCheckoutPaymentArgs, PlaceCheckoutInput } from "../../inputs/checkout";
import { IdArgs } from "../../inputs/common";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { CheckoutType } from "../types/checkout.type";
import { PaymentIntentPayload } from "../types/payloads";
import { shipToRequest } from "./sale.resolver";

@Resolver(() => CheckoutType)
export class CheckoutResolver {
  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Directive("@auth(requires: USER)")
  @Query(() => CheckoutType, {
    description:
      "One of your checkouts with its orders (admins: any checkout), by global id or databaseId. NOT_FOUND for anyone else's",
  })
  async checkout(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.checkouts.get(await actor(), databaseIdFor("Checkout", id));
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => CheckoutType, {
    description:
      "Places every line of your cart at once, shipped to shipTo by shippingMethodId: each line becomes an unpaid order holding its units until reservedUntil, all in one transaction or none, priced as saleQuote prices them (subtotal, shipping, tax and total frozen on the checkout and each line). A line that cannot be reserved (sold out, retired, under its minimum, more than is available, already ordered and unpaid) refuses the whole checkout with BAD_USER_INPUT, NOT_FOUND or CONFLICT, the message naming its part and extensions.line its index (from 0); a cart the method cannot ship is refused with the reason (BAD_USER_INPUT naming shippingMethodId, or shipTo when the shop does not ship there); CONFLICT when your unpaid orders with these (shipping and tax included) would pass what one customer may hold. The lines leave your cart. Each line counts against RATE_LIMIT_ORDERS (RATE_LIMITED). Then pay with createCheckoutPaymentIntent",
  })
  async placeCheckout(
    @Arg("input", () => PlaceCheckoutInput, { description: "The cart's lines, where to ship them and how" })
    input: PlaceCheckoutInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.checkouts.place(await actor(), {
      lines: input.lines.map((line) => ({ partId: databaseIdFor("Part", line.partId), quantity: line.quantity })),
      shipTo: input.shipTo ? shipToRequest(input.shipTo) : null,
      shippingMethodId: input.shippingMethodId == null ? null : databaseIdFor("ShippingMethod", input.shippingMethodId),
    });
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => PaymentIntentPayload, {
    description:
      "Opens (or reopens) the one card payment of your checkout, for the total of its orders still unpaid (computed by the shop: lines cancelled meanwhile are not charged). CONFLICT when nothing is left to pay or its hold has ended. Counts against RATE_LIMIT_PAYMENT_INTENTS",
  })
  async createCheckoutPaymentIntent(@Args() { checkoutId }: CheckoutIdArgs, @Ctx() { services, actor }: GraphContext) {
    return Object.assign(
      new PaymentIntentPayload(),
      await services.payments.createCheckoutIntent(await actor(), databaseIdFor("Checkout", checkoutId)),
    );
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => CheckoutType, {
    description:
      "Marks your checkout's unpaid orders paid once Stripe confirms the PaymentIntent succeeded (idempotent: the webhook does the same). What was paid for lines cancelled meanwhile is refunded",
  })
  async confirmCheckoutPayment(
    @Args() { checkoutId, transactionId }: ConfirmCheckoutPaymentArgs,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.payments.confirmCheckout(
      await actor(),
      databaseIdFor("Checkout", checkoutId),
      transactionId.trim(),
    );
  }
}
