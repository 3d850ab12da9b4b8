import { Column, PrimaryGeneratedColumn } from "typeorm";

/** What every listed table has: a uuid and an insertion sequence, the stable key of cursor pagination. */
export abstract class NodeEntity {
  @PrimaryGeneratedColumn("uuid", { name: "id" })
  databaseId: string;

  /** Insertion order: the stable key of cursor pagination. */
  @Column({ type: "bigint", insert: false, update: false })
  seq: string;
}
