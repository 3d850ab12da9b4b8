import { Field, ObjectType } from "type-graphql";

@ObjectType("Profile", { simpleResolvers: true, description: "What a user told the shop about themselves" })
export class ProfileType {
  @Field(() => String, { description: "The owner's email" })
  userEmail: string;

  @Field(() => String, { nullable: true })
  userName: string | null;

  @Field(() => String)
  education: string;

  @Field(() => String)
  address: string;

  @Field(() => String)
  phone: string;

  @Field(() => String)
  linkedin: string;
}
