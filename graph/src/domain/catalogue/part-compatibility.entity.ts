import { Entity, PrimaryColumn } from "typeorm";

/** That a part fits a laptop model. */
@Entity({ name: "part_compatibility" })
export class PartCompatibility {
  @PrimaryColumn({ type: "uuid", name: "part_id" })
  partId: string;

  @PrimaryColumn({ type: "uuid", name: "laptop_model_id" })
  laptopModelId: string;
}
