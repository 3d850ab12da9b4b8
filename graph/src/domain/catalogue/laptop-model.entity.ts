import { Column, CreateDateColumn, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";

/** A laptop a part can fit: a brand and a model name, unique whatever the letter case. */
@Entity({ name: "laptop_models" })
export class LaptopModel extends NodeEntity {
  @Column({ type: "varchar", length: 40 })
  brand: string;

  @Column({ type: "varchar", length: 80 })
  model: string;

  /** How a shopper names it: "Lenovo ThinkPad T14 Gen 2". */
  get name(): string {
    return `${this.brand} ${this.model}`;
  }

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
