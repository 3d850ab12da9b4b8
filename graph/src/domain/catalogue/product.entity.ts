import { Column, CreateDateColumn, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";
import { centsToDollars } from "../money";
import { slugOf } from "./slug";

@Entity({ name: "products" })
export class Product extends NodeEntity {
  @Column({ type: "varchar", length: 20 })
  name: string;

  @Column({ type: "integer", name: "available_quantity", nullable: true })
  availableQuantity: number | null;

  @Column({ type: "integer", name: "price_cents", nullable: true })
  priceCents: number | null;

  get price(): number | null {
    return this.priceCents === null ? null : centsToDollars(this.priceCents);
  }

  @Column({ type: "text", nullable: true })
  img: string | null;

  @Column({ type: "integer", name: "min_quantity", nullable: true })
  minQuantity: number | null;

  @Column({ type: "text", nullable: true })
  description: string | null;

  /** The end of its public page's address (see slug.ts). */
  get slug(): string {
    return slugOf(this.name, this.databaseId);
  }

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
