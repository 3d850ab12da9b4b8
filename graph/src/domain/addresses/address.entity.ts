import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";
import { countryName, type PostalAddress } from "./address-rules";

/** An address in a customer's book (docs/product.md, "Beyond the spec"): at most one is their default. */
@Entity({ name: "addresses" })
export class Address implements PostalAddress {
  @PrimaryGeneratedColumn("uuid", { name: "id" })
  databaseId: string;

  @Column({ type: "uuid", name: "user_id" })
  userId: string;

  @Column({ type: "varchar", length: 80 })
  name: string;

  @Column({ type: "varchar", length: 80, nullable: true })
  company: string | null;

  @Column({ type: "varchar", length: 120 })
  line1: string;

  @Column({ type: "varchar", length: 120, nullable: true })
  line2: string | null;

  @Column({ type: "varchar", length: 80 })
  city: string;

  @Column({ type: "varchar", length: 80, nullable: true })
  region: string | null;

  @Column({ type: "varchar", length: 16, name: "postal_code" })
  postalCode: string;

  @Column({ type: "char", length: 2 })
  country: string;

  @Column({ type: "varchar", length: 21 })
  phone: string;

  @Column({ type: "boolean", name: "is_default", default: false })
  isDefault: boolean;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  /** The country's English name, as a label shows it. */
  get countryName(): string {
    return countryName(this.country) ?? this.country;
  }

  /** The address alone, as an order keeps a copy of it. */
  get postal(): PostalAddress {
    const { name, company, line1, line2, city, region, postalCode, country, phone } = this;
    return { name, company, line1, line2, city, region, postalCode, country, phone };
  }
}
