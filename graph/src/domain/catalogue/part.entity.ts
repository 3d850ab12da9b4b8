import { Column, CreateDateColumn, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";
import { centsToDollars } from "../money";
import type { TaxCategory } from "../tax/tax-lines";
import { slugOf } from "./slug";

/** A part's size, in whole millimetres. */
export interface PartDimensions {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** numeric columns come back from pg as text. */
const numericOrNull = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

@Entity({ name: "parts" })
export class Part extends NodeEntity {
  @Column({ type: "varchar", length: 80 })
  name: string;

  /**
   * The manufacturer's part number as printed (5B10W13930, L32656-005): unique by its key (letters
   * and digits alone, any case; see part-numbers.ts). A part inserted without one gets the shop's own,
   * PS-000123 (the column's default, migration 1764900000000).
   */
  @Column({ type: "varchar", length: 40, name: "part_number" })
  partNumber: string;

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

  /** The overview lists a part on sale as low on stock once `available` is at or below this. */
  @Column({ type: "integer", name: "low_stock_threshold", default: 10 })
  lowStockThreshold: number;

  /** When an admin took the part out of the shop; null while it is on sale. */
  @Column({ type: "timestamptz", name: "retired_at", nullable: true })
  retiredAt: Date | null;

  get retired(): boolean {
    return this.retiredAt !== null;
  }

  /** The end of its public page's address (see slug.ts). */
  get slug(): string {
    return slugOf(this.name, this.databaseId);
  }

  get lowStock(): boolean {
    return this.available <= this.lowStockThreshold;
  }

  /** The admin who created the part through the shop (null for the seed and older parts). */
  @Column({ type: "uuid", name: "created_by", nullable: true })
  createdBy: string | null;

  /** Net units admins put in or took out (creation, restocks, corrections): see the stock invariant. */
  @Column({ type: "integer", name: "stock_adjustment", default: 0 })
  stockAdjustment: number;

  /** How many reviews name this part (kept by a trigger on reviews). */
  @Column({ type: "integer", name: "review_count", insert: false, update: false })
  reviewCount: number;

  /** The average of their stars, 0 without reviews (kept by a trigger on reviews). */
  @Column({
    type: "numeric",
    precision: 3,
    scale: 2,
    name: "rating_average",
    insert: false,
    update: false,
    transformer: { to: (value) => value, from: Number },
  })
  ratingAverage: number;

  /** Average stars, or null before the part's first review. */
  get rating(): number | null {
    return this.reviewCount > 0 ? this.ratingAverage : null;
  }

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  /** Its weight in grams, packed as it ships; 0 until someone weighs it. */
  @Column({ type: "integer", name: "weight_grams", default: 0 })
  weightGrams: number;

  /** Its size in millimetres where known: the three are set together or not at all. */
  @Column({ type: "integer", name: "length_mm", nullable: true })
  lengthMm: number | null;

  @Column({ type: "integer", name: "width_mm", nullable: true })
  widthMm: number | null;

  @Column({ type: "integer", name: "height_mm", nullable: true })
  heightMm: number | null;

  get dimensions(): PartDimensions | null {
    const { lengthMm, widthMm, heightMm } = this;
    return lengthMm !== null && widthMm !== null && heightMm !== null ? { lengthMm, widthMm, heightMm } : null;
  }

  /** Carriers take it only as dangerous goods (a lithium battery over 100 Wh, for one). */
  @Column({ type: "boolean", name: "dangerous_goods", default: false })
  dangerousGoods: boolean;

  /** The watt-hours of the battery it is or holds; null when it has none. */
  @Column({ type: "numeric", precision: 7, scale: 2, name: "battery_wh", nullable: true, transformer: numericOrNull })
  batteryWh: number | null;

  @Column({ type: "varchar", length: 16, name: "tax_category", default: "standard" })
  taxCategory: TaxCategory;
}

/**
 * What a list of parts shows (a card of the catalogue, a row of REST's GET /parts): lists that
 * show no more read only these columns. A broad search answers hundreds of parts, and parsing the
 * columns nobody shows (dates, ratings) was a large share of the shop's time on a list.
 */
export const PART_CARD_PROPERTIES = [
  "databaseId",
  "name",
  "partNumber",
  "img",
  "priceCents",
  "taxCategory",
  "available",
  "minOrderQuantity",
  "shortDesc",
] as const satisfies readonly (keyof Part)[];
/** A Part of which only the card's columns were read. */
export type PartCard = Pick<Part, (typeof PART_CARD_PROPERTIES)[number] | "price" | "slug">;
