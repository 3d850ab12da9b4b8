import type { DataSource } from "typeorm";
import type { User } from "../../../src/domain/accounts/user.entity";
import type { SaleLine } from "../../../src/domain/pricing/sale";
import type { ShippingMethodInput, ShippingZoneService } from "../../../src/domain/shipping/shipping-zone.service";
import type { TaxZoneInput } from "../../../src/domain/tax/tax-zone.service";

/* Fixtures of the zone services' tests: methods and tax zones as an admin types them, and docs/product.md's worked example. */

/** A method as the zone forms send it; `changes` override any setting. */
export const method = (changes: Partial<ShippingMethodInput> = {}): ShippingMethodInput => ({
  name: "Standard",
  kind: "standard",
  bands: [
    { upToGrams: 2000, price: 6.95 },
    { upToGrams: 10000, price: 12.95 },
    { upToGrams: 30000, price: 24.95 },
  ],
  freeOver: 150,
  minDays: 3,
  maxDays: 5,
  ...changes,
});

/** Air express as docs/product.md's worked example ships it: $19.00 up to 2 kg. */
export const EXPRESS = method({
  name: "Express",
  kind: "express",
  bands: [
    { upToGrams: 2000, price: 19 },
    { upToGrams: 10000, price: 29 },
    { upToGrams: 30000, price: 49 },
  ],
  freeOver: null,
  minDays: 1,
  maxDays: 2,
});

export const taxZone = (changes: Partial<TaxZoneInput> = {}): TaxZoneInput => ({
  name: "New York",
  places: [{ country: "US", region: "NY" }],
  pricesIncludeTax: false,
  taxesShipping: true,
  standardRate: 8.875,
  reducedRate: 8.875,
  ...changes,
});

/** The worked example's cart: three batteries at $59.99 (standard, 450 g) and a manual at $24.50 (zero-rated, 300 g). */
export const WORKED_EXAMPLE_LINES: SaleLine[] = [
  { unitPriceCents: 5999, quantity: 3, weightGrams: 450, dangerousGoods: false, name: "Battery", category: "standard" },
  { unitPriceCents: 2450, quantity: 1, weightGrams: 300, dangerousGoods: false, name: "Manual", category: "zero" },
];

/** A zone with express shipping, made by `admin`: the method's id. */
export async function expressZone(
  zones: ShippingZoneService,
  admin: User,
  name: string,
  places: Array<{ country: string; region?: string | null }>,
): Promise<string> {
  const zone = await zones.createZone(admin, { name, places });
  return (await zones.addMethod(admin, zone.databaseId, EXPRESS)).methods[0].databaseId;
}

/** The history entries of one zone, oldest first. */
export const historyOf = (
  db: DataSource,
  zoneId: string,
): Promise<Array<{ action: string; before: any; after: any }>> =>
  db.query(`SELECT action, before, after FROM audit_log WHERE entity_id = $1 ORDER BY seq`, [zoneId]);
