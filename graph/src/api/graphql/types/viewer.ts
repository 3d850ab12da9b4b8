import { Field, ID, ObjectType } from "type-graphql";
import { Role, User } from "../../../domain/accounts/user.entity";
import { toGlobalId } from "../global-id";

@ObjectType({ simpleResolvers: true, description: "The signed-in user" })
export class Viewer {
  constructor(readonly user: User) {}

  @Field(() => ID, { description: "The user's global id (a User)" })
  get id(): string {
    return toGlobalId("User", this.user.databaseId);
  }

  @Field(() => String, { description: "The id REST answers with as _id" })
  get databaseId(): string {
    return this.user.databaseId;
  }

  @Field(() => String, { description: "Your email" })
  get email(): string {
    return this.user.email;
  }

  @Field(() => String, { nullable: true, description: "Your name from the identity provider, or null" })
  get displayName(): string | null {
    return this.user.displayName;
  }

  @Field(() => Role, { description: "USER or ADMIN" })
  get role(): Role {
    return this.user.role;
  }

  @Field(() => Boolean, {
    description:
      "Whether the identity provider has verified your email. Until it has, your address cannot link to an account that already uses it",
  })
  get emailVerified(): boolean {
    return this.user.emailVerified;
  }

  @Field(() => Boolean, { description: "role is ADMIN" })
  get isAdmin(): boolean {
    return this.user.role === Role.ADMIN;
  }
}
