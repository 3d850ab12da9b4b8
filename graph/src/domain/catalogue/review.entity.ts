import { Column, CreateDateColumn, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";

@Entity({ name: "reviews" })
export class Review extends NodeEntity {
  @Column({ type: "varchar", length: 80 })
  name: string;

  @Column({ type: "smallint" })
  ratings: number;

  @Column({ type: "text" })
  description: string;

  @Column({ type: "text" })
  img: string;

  /** The author, when the review was written by a signed-in user (seeded reviews have none). */
  @Column({ type: "uuid", name: "user_id", nullable: true })
  userId: string | null;

  /** The part the review is about; null for a review of the shop. */
  @Column({ type: "uuid", name: "part_id", nullable: true })
  partId: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
