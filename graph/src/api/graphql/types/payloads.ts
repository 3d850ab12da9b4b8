import { Field, ID, ObjectType } from "type-graphql";
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

@ObjectType({ simpleResolvers: true })
export class PaymentIntentPayload {
  @Field(() => String)
  clientSecret: string;
}
