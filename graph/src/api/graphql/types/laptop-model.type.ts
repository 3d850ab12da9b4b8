import { Field, ObjectType } from "type-graphql";
import { Node } from "../node";
import { NodeFields } from "./node-fields";

/** The GraphQL shape of domain/catalogue/laptop-model.entity.ts. */
@ObjectType("LaptopModel", { simpleResolvers: true, implements: Node, description: "A laptop that parts fit" })
export class LaptopModelType extends NodeFields {
  @Field(() => String, { description: 'e.g. "Lenovo"' })
  brand: string;

  @Field(() => String, { description: 'e.g. "ThinkPad T14 Gen 2"' })
  model: string;

  @Field(() => String, { description: 'Brand and model, e.g. "Lenovo ThinkPad T14 Gen 2"' })
  name: string;
}
