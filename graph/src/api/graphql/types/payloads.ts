import { Field, Float, ID, ObjectType } from "type-graphql";
import { centsToDollars } from "../../../domain/money";
import { User } from "../../../domain/accounts/user.entity";
import { UserType } from "./user.type";

@ObjectType({
  simpleResolvers: true,
  description: "What signIn answers: the shop's access token and the account it is for",
})
export class SignInPayload {
  @Field(() => String, {
    description: "The shop's access token (a JWT, valid one day): send it as Authorization: Bearer <token>",
  })
  token: string;

  @Field(() => UserType, { description: "The signed-in account (created at its first sign-in)" })
  user: User;
}

@ObjectType({ simpleResolvers: true, description: "What deleteProduct answers: which product is gone" })
export class DeleteProductPayload {
  @Field(() => ID, { description: "Global id of the deleted product" })
  deletedId: string;

  @Field(() => String, { description: "Its name, for the confirmation" })
  name: string;
}

@ObjectType({ simpleResolvers: true, description: "What subscribeNewsletter answers" })
export class NewsletterPayload {
  @Field(() => Boolean, { description: "Always true: the email is on the list" })
  subscribed: boolean;

  @Field(() => Boolean, { description: "True when it already was (nothing changed)" })
  alreadySubscribed: boolean;
}

@ObjectType({
  simpleResolvers: true,
  description: "What createPaymentIntent and createCheckoutPaymentIntent answer: what the card form needs to pay",
})
export class PaymentIntentPayload {
  @Field(() => String, {
    description:
      "The PaymentIntent's client secret, for Stripe.js (or the local sandbox) to confirm the card; the amount is the shop's (amount below)",
  })
  clientSecret: string;

  @Field(() => Float, {
    description: "The amount the card will be charged, in dollars: computed by the shop, never taken from the browser",
  })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }

  amountCents: number;
}
