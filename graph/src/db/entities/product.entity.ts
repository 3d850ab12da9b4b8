import { Column, CreateDateColumn, Entity } from "typeorm";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { Node } from "../../graphql/node";
import { NodeEntity } from "./node-entity";
import { centsToDollars } from "../money";

@ObjectType({ implements: Node, description: "A new arrival added by an admin" })
@Entity({ name: "products" })
export class Product extends NodeEntity {
  @Field(() => String)
  @Column({ type: "varchar", length: 20 })
  name: string;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", name: "available_quantity", nullable: true })
  availableQuantity: number | null;

  @Column({ type: "integer", name: "price_cents", nullable: true })
  priceCents: number | null;

  @Field(() => Float, { nullable: true, description: "Price in dollars" })
  get price(): number | null {
    return this.priceCents === null ? null : centsToDollars(this.priceCents);
  }

  @Field(() => String, { nullable: true })
  @Column({ type: "text", nullable: true })
  img: string | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", name: "min_quantity", nullable: true })
  minQuantity: number | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "text", nullable: true })
  description: string | null;

  @Field(() => Date)
  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
