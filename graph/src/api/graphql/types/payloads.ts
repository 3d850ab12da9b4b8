import { Field, Float, ID, ObjectType } from "type-graphql";
import { centsToDollars } from "../../../domain/money";
import { User } from "../../../domain/accounts/user.entity";
import { UserType } from "./user.type";

@ObjectType({ simpleResolvers: true })
export class SignInPayload {
  @Field(() => String, { description: "The shop's access token: send it as Authorization: Bearer <token>" })
  token: string;

  @Field(() => UserType)
  user: User;
}

@ObjectType({ simpleResolvers: true })
export class DeleteProductPayload {
  @Field(() => ID, { description: "Global id of the deleted product" })
  deletedId: string;

  @Field(() => String)
  name: string;
}

@ObjectType({ simpleResolvers: true })
export class NewsletterPayload {
  @Field(() => Boolean)
  subscribed: boolean;

  @Field(() => Boolean)
  alreadySubscribed: boolean;
}

@ObjectType({ simpleResolvers: true, description: "A card payment to confirm in the browser (Stripe.js, or the payment sandbox)" })
export class PaymentIntentPayload {
  @Field(() => String, { description: "The PaymentIntent's client secret, for the card form" })
  clientSecret: string;

  @Field(() => Float, { description: "The amount the card will be charged, in dollars: computed by the shop, never taken from the browser" })
  get amount(): number {
    return centsToDollars(this.amountCents);
  }

  amountCents: number;
}
