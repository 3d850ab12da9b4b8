import type { Place, Zoned } from "../addresses/places";
import type { TaxCategory, TaxZoneRates } from "./tax-lines";

/**
 * A tax zone as the shop keeps it (tax_zones, tax_zone_places): the shape the shop's own tax
 * provider takes (tax-lines.ts), named as the API's type (a Node finds its type by it).
 */
export class TaxZone implements TaxZoneRates, Zoned {
  readonly databaseId: string;
  readonly name: string;
  readonly places: readonly Place[];
  readonly pricesIncludeTax: boolean;
  readonly taxesShipping: boolean;
  /** Whole millionths: 8.875% is 88,750. */
  readonly ratesPpm: Record<TaxCategory, number>;
  readonly createdAt: Date;

  constructor(fields: Omit<TaxZone, "id">) {
    this.databaseId = fields.databaseId;
    this.name = fields.name;
    this.places = fields.places;
    this.pricesIncludeTax = fields.pricesIncludeTax;
    this.taxesShipping = fields.taxesShipping;
    this.ratesPpm = fields.ratesPpm;
    this.createdAt = fields.createdAt;
  }

  get id(): string {
    return this.databaseId;
  }
}
