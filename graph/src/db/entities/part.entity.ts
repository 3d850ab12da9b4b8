import { Column, CreateDateColumn, Entity } from "typeorm";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { Node } from "../../graphql/node";
import { NodeEntity } from "./node-entity";
import { centsToDollars } from "../money";

@ObjectType({ implements: Node, description: "A laptop part customers can reserve" })
@Entity({ name: "parts" })
export class Part extends NodeEntity {
  @Field(() => String)
  @Column({ type: "varchar", length: 80 })
  name: string;

  @Field(() => String)
  @Column({ type: "text" })
  img: string;

  @Column({ type: "integer", name: "price_cents" })
  priceCents: number;

  @Field(() => Float, { description: "Unit price in dollars" })
  get price(): number {
    return centsToDollars(this.priceCents);
  }

  @Field(() => Int, { description: "Units in stock" })
  @Column({ type: "integer" })
  available: number;

  @Field(() => Int)
  @Column({ type: "integer", name: "min_order_quantity" })
  minOrderQuantity: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 500, name: "short_desc" })
  shortDesc: string;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
