import { Field, ObjectType, registerEnumType } from "type-graphql";
import { Role } from "../../../domain/accounts/user.entity";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

registerEnumType(Role, {
  name: "Role",
  description: "What a user may do: ADMIN runs the shop",
  valuesConfig: {
    USER: { description: "A customer: orders, pays, reviews, keeps a profile" },
    ADMIN: {
      description: "Everything a customer may do, and running the shop: parts, products, every order, users, reports",
    },
  },
});

@ObjectType("User", {
  simpleResolvers: true,
  implements: Node,
  description: "A shop account, created at first sign-in",
})
export class UserType extends NodeFields {
  @Field(() => String, { description: "The account's email (lower case), its identity" })
  email: string;

  @Field(() => Role, { description: "USER or ADMIN" })
  role: Role;

  @Field(() => String, { nullable: true, description: "The name from the identity provider, or null" })
  displayName: string | null;

  @Field(() => Boolean, {
    description: "Whether the identity provider has verified that the user receives mail at this email",
  })
  emailVerified: boolean;
}
