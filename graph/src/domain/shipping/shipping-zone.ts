import type { Place } from "../addresses/places";
import type {
  MethodKind,
  ShippingMethod as MethodRates,
  ShippingZone as ZoneRates,
  WeightBand,
} from "./shipping-rates";

/*
 * A shipping zone and its methods as the shop keeps them (shipping_zones, shipping_methods,
 * shipping_rate_bands). Each is the shape the shipping stage of the price calculation takes
 * (shipping-rates.ts), so the zones an admin manages are the zones a sale is priced with; the
 * class names are the API's type names (a Node finds its type by them).
 */

export class ShippingMethod implements MethodRates {
  readonly databaseId: string;
  readonly zoneId: string;
  readonly name: string;
  readonly kind: MethodKind;
  readonly bands: readonly WeightBand[];
  readonly freeOverCents: number | null;
  readonly minDays: number;
  readonly maxDays: number;
  readonly carriesDangerousGoods: boolean;
  readonly createdAt: Date;

  constructor(fields: Omit<ShippingMethod, "id">) {
    this.databaseId = fields.databaseId;
    this.zoneId = fields.zoneId;
    this.name = fields.name;
    this.kind = fields.kind;
    this.bands = fields.bands;
    this.freeOverCents = fields.freeOverCents;
    this.minDays = fields.minDays;
    this.maxDays = fields.maxDays;
    this.carriesDangerousGoods = fields.carriesDangerousGoods;
    this.createdAt = fields.createdAt;
  }

  /** What the price calculation calls the method (and a checkout names it by). */
  get id(): string {
    return this.databaseId;
  }
}

export class ShippingZone implements ZoneRates {
  readonly databaseId: string;
  readonly name: string;
  /** Countries, and regions of them, in the order of their codes. */
  readonly places: readonly Place[];
  /** In the order they were added. */
  readonly methods: readonly ShippingMethod[];
  readonly createdAt: Date;

  constructor(fields: Omit<ShippingZone, "id">) {
    this.databaseId = fields.databaseId;
    this.name = fields.name;
    this.places = fields.places;
    this.methods = fields.methods;
    this.createdAt = fields.createdAt;
  }

  get id(): string {
    return this.databaseId;
  }
}
