import { Column, CreateDateColumn, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";
import { centsToDollars } from "../money";

@Entity({ name: "parts" })
export class Part extends NodeEntity {
  @Column({ type: "varchar", length: 80 })
  name: string;

  @Column({ type: "text" })
  img: string;

  @Column({ type: "integer", name: "price_cents" })
  priceCents: number;

  get price(): number {
    return centsToDollars(this.priceCents);
  }

  @Column({ type: "integer" })
  available: number;

  @Column({ type: "integer", name: "min_order_quantity" })
  minOrderQuantity: number;

  @Column({ type: "varchar", length: 500, name: "short_desc" })
  shortDesc: string;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
