import { Field, Int, ObjectType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

@ObjectType("Review", {
  simpleResolvers: true,
  implements: Node,
  description: "A customer's review of the shop, or of one part",
})
export class ReviewType extends NodeFields {
  @Field(() => String, { description: "The reviewer's name as they gave it" })
  name: string;

  @Field(() => Int, { description: "1 to 5 stars" })
  ratings: number;

  @Field(() => String, { description: "The review's text" })
  description: string;

  @Field(() => String, { description: "URL of the reviewer's image" })
  img: string;

  @Field(() => Date, { description: "When it was posted (UTC)" })
  createdAt: Date;
}
