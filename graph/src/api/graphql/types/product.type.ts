import { Field, Float, Int, ObjectType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

@ObjectType("Product", { simpleResolvers: true, implements: Node, description: "A new arrival added by an admin" })
export class ProductType extends NodeFields {
  @Field(() => String)
  name: string;

  @Field(() => String, { description: "The end of the product's public page address, /products/{slug}: its name in lowercase words, then its databaseId" })
  slug: string;

  @Field(() => Int, { nullable: true })
  availableQuantity: number | null;

  @Field(() => Float, { nullable: true, description: "Price in dollars" })
  price: number | null;

  @Field(() => String, { nullable: true })
  img: string | null;

  @Field(() => Int, { nullable: true })
  minQuantity: number | null;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => Date)
  createdAt: Date;
}
