import { Column, CreateDateColumn, Entity, PrimaryColumn } from "typeorm";

/** A quantity of a part in a signed-in customer's cart */
@Entity({ name: "cart_lines" })
export class CartLine {
  @PrimaryColumn({ type: "uuid", name: "user_id" })
  userId: string;

  @PrimaryColumn({ type: "uuid", name: "part_id" })
  partId: string;

  @Column({ type: "integer" })
  quantity: number;

  /** The order lines were added in: the cart's cursor. */
  @Column({ type: "bigint", insert: false, update: false })
  seq: string;

  @CreateDateColumn({ type: "timestamptz", name: "added_at" })
  addedAt: Date;
}
