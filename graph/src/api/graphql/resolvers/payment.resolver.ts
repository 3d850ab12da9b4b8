import { Args, Ctx, Directive, Mutation, Resolver } from "type-graphql";
import { ConfirmOrderPaymentArgs, CreatePaymentIntentArgs } from "../../inputs/payments";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { OrderType } from "../types/order.type";
import { PaymentIntentPayload } from "../types/payloads";

@Resolver()
export class PaymentResolver {
  @Directive("@auth(requires: USER)")
  @Mutation(() => PaymentIntentPayload, {
    description: "Opens (or reopens) the card payment of one of your unpaid orders",
  })
  async createPaymentIntent(
    @Args() { orderId, price }: CreatePaymentIntentArgs,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return Object.assign(
      new PaymentIntentPayload(),
      await services.payments.createIntent(await actor(), databaseIdFor("Order", orderId), price),
    );
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => OrderType, {
    description: "Marks your order paid once the provider confirms the PaymentIntent succeeded",
  })
  async confirmOrderPayment(
    @Args() { orderId, transactionId }: ConfirmOrderPaymentArgs,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return (await services.payments.confirm(await actor(), databaseIdFor("Order", orderId), transactionId)).order;
  }
}
