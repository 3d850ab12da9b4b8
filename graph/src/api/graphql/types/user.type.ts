import { Field, ObjectType, registerEnumType } from "type-graphql";
import { Role } from "../../../domain/accounts/user.entity";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

registerEnumType(Role, { name: "Role", description: "What a user may do: ADMIN runs the shop" });

@ObjectType("User", { simpleResolvers: true, implements: Node, description: "A shop account, created at first sign-in" })
export class UserType extends NodeFields {
  @Field(() => String)
  email: string;

  @Field(() => Role)
  role: Role;

  @Field(() => String, { nullable: true })
  displayName: string | null;

  @Field(() => Boolean, { description: "Whether the identity provider has verified that the user receives mail at this email" })
  emailVerified: boolean;
}
