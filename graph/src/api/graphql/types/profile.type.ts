import { Field, ObjectType } from "type-graphql";

@ObjectType("Profile", { simpleResolvers: true, description: "What a user told the shop about themselves" })
export class ProfileType {
  @Field(() => String, { description: "The owner's email" })
  userEmail: string;

  @Field(() => String, { nullable: true, description: "The name to show, or null" })
  userName: string | null;

  @Field(() => String, { description: "Where the user studied" })
  education: string;

  @Field(() => String, { description: "Postal address" })
  address: string;

  @Field(() => String, { description: "Phone number: digits, optionally with a leading +" })
  phone: string;

  @Field(() => String, { description: "http(s) URL of the LinkedIn profile" })
  linkedin: string;
}
