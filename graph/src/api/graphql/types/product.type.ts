import { Field, Float, Int, ObjectType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

@ObjectType("Product", { simpleResolvers: true, implements: Node, description: "A new arrival added by an admin" })
export class ProductType extends NodeFields {
  @Field(() => String, { description: "Its name (at most 20 characters)" })
  name: string;

  @Field(() => String, {
    description:
      "The end of the product's public page address, /products/{slug}: its name in lowercase words, then its databaseId",
  })
  slug: string;

  @Field(() => Int, { nullable: true, description: "Units available, when the admin said" })
  availableQuantity: number | null;

  @Field(() => Float, { nullable: true, description: "Price in dollars, when the admin gave one" })
  price: number | null;

  @Field(() => String, { nullable: true, description: "URL of its photo" })
  img: string | null;

  @Field(() => Int, { nullable: true, description: "Smallest quantity one order takes, when the admin said" })
  minQuantity: number | null;

  @Field(() => String, { nullable: true, description: "What it is" })
  description: string | null;

  @Field(() => Date, { description: "When it was added (UTC)" })
  createdAt: Date;
}
