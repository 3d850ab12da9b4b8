import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize } from "../actor";
import type { Place } from "../addresses/places";
import { checkZonePlaces, placeCode, type PlaceInput } from "../addresses/zone-places";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType, type Snapshot } from "../audit/audit-entry.entity";
import { badInput, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { placeTakenRefusal, Problems, refuseField, violates } from "../zone-rules";
import { RATE_SCALE, tableTaxProvider, type TaxCategory, type TaxProvider } from "./tax-lines";
import { TaxZone } from "./tax-zone";
import * as rows from "./queries/tax-zone-rows";

/** The most tax zones the shop keeps: a small list, read whole. */
export const MAX_TAX_ZONES = 100;

/** ppm in one percent: 8.875% is 88,750 ppm. */
const PPM_PER_PERCENT = RATE_SCALE / 100;

/** A rate as a percentage with up to 4 decimals (8.875), in whole millionths (88,750); null when it is not one. */
export function percentToPpm(percent: number): number | null {
  if (typeof percent !== "number" || !Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const ppm = Math.round(percent * PPM_PER_PERCENT);
  return Math.abs(ppm - percent * PPM_PER_PERCENT) < 1e-6 ? ppm : null;
}

/** A rate in ppm as the API shows it: a percentage. */
export const ppmToPercent = (ppm: number): number => ppm / PPM_PER_PERCENT;

export interface TaxZoneInput {
  name: string;
  places: readonly PlaceInput[];
  /** Prices are shown with tax in them (EU VAT style); otherwise tax is added at checkout (US sales tax). */
  pricesIncludeTax: boolean;
  taxesShipping: boolean;
  /** Percentages, up to 4 decimals. */
  standardRate: number;
  reducedRate: number;
  /** 0 unless given. */
  zeroRate?: number | null;
}

/** An edit of a tax zone: only the fields given (not null) change; places given replace the zone's. */
export type TaxZoneChanges = { [Field in keyof TaxZoneInput]?: TaxZoneInput[Field] | null };

const RATE_FIELDS: Record<TaxCategory, "standardRate" | "reducedRate" | "zeroRate"> = {
  standard: "standardRate",
  reduced: "reducedRate",
  zero: "zeroRate",
};

const ZONE_NAME = "tax_zones_name_key";
const ONE_ZONE_PER_PLACE = "tax_zone_places_one_zone";

/** What the history keeps of a tax zone: rates as percentages. */
export const taxZoneSnapshot = (zone: TaxZone): Snapshot => ({
  name: zone.name,
  places: zone.places.map(placeCode),
  pricesIncludeTax: zone.pricesIncludeTax,
  taxesShipping: zone.taxesShipping,
  standardRate: ppmToPercent(zone.ratesPpm.standard),
  reducedRate: ppmToPercent(zone.ratesPpm.reduced),
  zeroRate: ppmToPercent(zone.ratesPpm.zero),
});

/** A tax zone's settings checked whole, every problem named by its field. */
function checkTaxZone(input: TaxZoneInput): rows.TaxZoneRow & { places: Place[] } {
  const problems = new Problems();
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!name) problems.add("name", "Name is required");
  else if ([...name].length > 80) problems.add("name", "Name must be at most 80 characters");
  for (const [field, value] of [
    ["pricesIncludeTax", input.pricesIncludeTax],
    ["taxesShipping", input.taxesShipping],
  ] as const)
    if (typeof value !== "boolean") problems.add(field, `${field} must be true or false`);
  const ratesPpm = {} as Record<TaxCategory, number>;
  for (const [category, field] of Object.entries(RATE_FIELDS) as Array<[TaxCategory, keyof typeof input]>) {
    const given = input[field] ?? (category === "zero" ? 0 : undefined);
    const ppm = typeof given === "number" ? percentToPpm(given) : null;
    if (ppm === null)
      problems.add(field, `The ${category} rate must be a percentage from 0 to 100 with at most 4 decimals (8.875)`);
    ratesPpm[category] = ppm ?? 0;
  }
  const places = checkZonePlaces(input.places ?? [], (field, message) => problems.add(field, message));
  problems.check();
  return { name, places, pricesIncludeTax: input.pricesIncludeTax, taxesShipping: input.taxesShipping, ratesPpm };
}

/**
 * Tax zones and their rates as admins manage them (docs/product.md, "Beyond the spec": Tax), and
 * the shop's own tax provider over them. A place belongs to one tax zone only; an address outside
 * every zone pays no tax. Each change is written with its history entry, or refused naming the field.
 */
export class TaxZoneService {
  constructor(private readonly db: DataSource) {}

  async list(actor: Actor): Promise<TaxZone[]> {
    authorize(actor, "ADMIN");
    return rows.readZones(this.db.manager);
  }

  async get(actor: Actor, id: string): Promise<TaxZone> {
    authorize(actor, "ADMIN");
    const zoneId = databaseIdOf(id);
    const zone = zoneId ? await rows.readZone(this.db.manager, zoneId) : null;
    if (!zone) throw notFound("Tax zone");
    return zone;
  }

  /** The shop's own tables as the price calculation's TaxProvider: zones read per query, so a change applies at once. */
  provider(): TaxProvider {
    return tableTaxProvider(() => rows.readZones(this.db.manager));
  }

  /**
   * The provider of one sale: the shop's own tables as they are now, read once, so that a sale
   * priced inside a transaction holding row locks reads nothing more from the database.
   */
  async providerForSale(): Promise<TaxProvider> {
    const zones = await rows.readZones(this.db.manager);
    return tableTaxProvider(async () => zones);
  }

  async createZone(actor: Actor, input: TaxZoneInput): Promise<TaxZone> {
    const admin = authorize(actor, "ADMIN");
    const zone = checkTaxZone(input);
    return this.refusingTaken(zone.places, null, () =>
      this.db.transaction(async (tx) => {
        await tx.query(`LOCK TABLE tax_zones IN SHARE ROW EXCLUSIVE MODE`);
        if ((await rows.countZones(tx)) >= MAX_TAX_ZONES)
          throw badInput(`The shop keeps at most ${MAX_TAX_ZONES} tax zones`);
        const zoneId = await rows.insertZone(tx, zone);
        await rows.replacePlaces(tx, zoneId, zone.places);
        const created = (await rows.readZone(tx, zoneId))!;
        await this.record(tx, admin, AuditAction.TAX_ZONE_CREATED, zoneId, null, taxZoneSnapshot(created));
        return created;
      }),
    );
  }

  async updateZone(actor: Actor, id: string, changes: TaxZoneChanges): Promise<TaxZone> {
    const admin = authorize(actor, "ADMIN");
    if (Object.values(changes).every((value) => value === undefined || value === null))
      throw badInput("Nothing to change: give at least one field of the tax zone");
    const zoneId = databaseIdOf(id);
    if (!zoneId) throw notFound("Tax zone");
    let places: Place[] = [];
    return this.refusingTaken(
      () => places,
      zoneId,
      () =>
        this.db.transaction(async (tx) => {
          const zone = await rows.readZone(tx, zoneId, true);
          if (!zone) throw notFound("Tax zone");
          const settings = checkTaxZone(mergedChanges(zone, changes));
          places = settings.places;
          await rows.updateZone(tx, zoneId, settings);
          if (changes.places != null) await rows.replacePlaces(tx, zoneId, settings.places);
          const after = (await rows.readZone(tx, zoneId))!;
          const [before, now] = [taxZoneSnapshot(zone), taxZoneSnapshot(after)];
          if (JSON.stringify(before) !== JSON.stringify(now))
            await this.record(tx, admin, AuditAction.TAX_ZONE_UPDATED, zoneId, before, now);
          return after;
        }),
    );
  }

  async deleteZone(actor: Actor, id: string): Promise<TaxZone> {
    const admin = authorize(actor, "ADMIN");
    const zoneId = databaseIdOf(id);
    if (!zoneId) throw notFound("Tax zone");
    return this.db.transaction(async (tx) => {
      const zone = await rows.readZone(tx, zoneId, true);
      if (!zone) throw notFound("Tax zone");
      await rows.deleteZone(tx, zoneId);
      await this.record(tx, admin, AuditAction.TAX_ZONE_DELETED, zoneId, taxZoneSnapshot(zone), null);
      return zone;
    });
  }

  /** Runs `work`, turning the database's refusals into answers naming the field (and the zone that holds a place). */
  private async refusingTaken<T>(
    places: readonly Place[] | (() => readonly Place[]),
    zoneId: string | null,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (violates(error, ZONE_NAME)) throw refuseField("name", "Another tax zone has this name");
      if (violates(error, ONE_ZONE_PER_PLACE))
        throw await placeTakenRefusal(this.db.manager, "tax", typeof places === "function" ? places() : places, zoneId);
      throw error;
    }
  }

  private record(
    tx: EntityManager,
    admin: Parameters<typeof recordAudit>[1],
    action: AuditAction,
    zoneId: string,
    before: Snapshot | null,
    after: Snapshot | null,
  ): Promise<void> {
    return recordAudit(tx, admin, { action, entityType: AuditEntityType.TAX_ZONE, entityId: zoneId, before, after });
  }
}

/** The zone's settings with the changes given laid over them, rates as percentages. */
function mergedChanges(zone: TaxZone, changes: TaxZoneChanges): TaxZoneInput {
  return {
    name: changes.name ?? zone.name,
    places: changes.places ?? zone.places,
    pricesIncludeTax: changes.pricesIncludeTax ?? zone.pricesIncludeTax,
    taxesShipping: changes.taxesShipping ?? zone.taxesShipping,
    standardRate: changes.standardRate ?? ppmToPercent(zone.ratesPpm.standard),
    reducedRate: changes.reducedRate ?? ppmToPercent(zone.ratesPpm.reduced),
    zeroRate: changes.zeroRate ?? ppmToPercent(zone.ratesPpm.zero),
  };
}
