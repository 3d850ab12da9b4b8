import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize } from "../actor";
import { placeCode, checkZonePlaces, type PlaceInput } from "../addresses/zone-places";
import type { Place } from "../addresses/places";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType, type Snapshot } from "../audit/audit-entry.entity";
import { badInput, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { centsToDollars, dollarsToCents } from "../money";
import { placeTakenRefusal, Problems, refuseField, violates, wholeWithin } from "../zone-rules";
import { formatWeight, METHOD_KINDS, type MethodKind, type WeightBand } from "./shipping-rates";
import { ShippingMethod, ShippingZone } from "./shipping-zone";
import * as rows from "./queries/shipping-zone-rows";

/** How many zones, methods of a zone and bands of a method the shop keeps: small lists, read whole. */
export const SHIPPING_LIMITS = {
  zones: 100,
  methodsPerZone: 20,
  bandsPerMethod: 50,
  /** The heaviest band: 100 tonnes, as the table's bound. */
  maxGrams: 100_000_000,
  /** The dearest band price, and the highest free-shipping threshold, in dollars. */
  maxDollars: 1_000_000,
  maxDays: 365,
} as const;

export interface ShippingZoneInput {
  name: string;
  places: readonly PlaceInput[];
}

/** An edit of a zone: only the fields given (not null) change; places given replace the zone's. */
export interface ShippingZoneChanges {
  name?: string | null;
  places?: readonly PlaceInput[] | null;
}

/** A weight band as an admin gives it: up to a weight in grams, a price in dollars. */
export interface WeightBandInput {
  upToGrams: number;
  price: number;
}

/** A method's settings, all of them (adding a method, and editing one, give the whole of it). */
export interface ShippingMethodInput {
  name: string;
  kind: string;
  bands: readonly WeightBandInput[];
  /** Free when the goods come to at least this many dollars; null: never free. */
  freeOver?: number | null;
  minDays: number;
  maxDays: number;
  /** Null: as the kind has it (standard and collection carry dangerous goods, air express does not). */
  carriesDangerousGoods?: boolean | null;
}

const ZONE_NAME = "shipping_zones_name_key";
const ONE_ZONE_PER_PLACE = "shipping_zone_places_one_zone";
const METHOD_NAME = "shipping_methods_one_name_per_zone";

/** Air express may not carry dangerous goods; road and collection may. */
export const carriesDangerousGoodsByDefault = (kind: MethodKind): boolean => kind !== "express";

/** A method's settings checked, every problem named by its field, amounts in cents. */
export function checkMethod(input: ShippingMethodInput): rows.MethodRow & { bands: WeightBand[] } {
  const problems = new Problems();
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!name) problems.add("name", "Name is required");
  else if ([...name].length > 80) problems.add("name", "Name must be at most 80 characters");
  const kind = METHOD_KINDS.find((known) => known === input.kind);
  if (!kind) problems.add("kind", `Kind must be one of ${METHOD_KINDS.join(", ")}`);
  const bands = checkBands(input.bands ?? [], problems);
  let freeOverCents: number | null = null;
  if (input.freeOver !== undefined && input.freeOver !== null) {
    freeOverCents = dollarsToCents(input.freeOver);
    if (freeOverCents === null || input.freeOver > SHIPPING_LIMITS.maxDollars)
      problems.add("freeOver", "Free over must be an amount in dollars (two decimals at most) up to $1,000,000");
  }
  const days = `a whole number of working days from 0 to ${SHIPPING_LIMITS.maxDays}`;
  if (!wholeWithin(input.minDays, 0, SHIPPING_LIMITS.maxDays))
    problems.add("minDays", `The soonest delivery must be ${days}`);
  if (!wholeWithin(input.maxDays, 0, SHIPPING_LIMITS.maxDays))
    problems.add("maxDays", `The latest delivery must be ${days}`);
  else if (wholeWithin(input.minDays, 0, SHIPPING_LIMITS.maxDays) && input.maxDays < input.minDays)
    problems.add(
      "maxDays",
      `The latest delivery (${input.maxDays} days) cannot be sooner than the soonest (${input.minDays})`,
    );
  problems.check();
  return {
    name,
    kind: kind!,
    bands,
    freeOverCents,
    minDays: input.minDays,
    maxDays: input.maxDays,
    carriesDangerousGoods: input.carriesDangerousGoods ?? carriesDangerousGoodsByDefault(kind!),
  };
}

/** At least one band, at most 50, each heavier than the one before, priced in whole cents. */
function checkBands(bands: readonly WeightBandInput[], problems: Problems): WeightBand[] {
  if (bands.length === 0) problems.add("bands", "A method needs at least one weight band");
  if (bands.length > SHIPPING_LIMITS.bandsPerMethod)
    problems.add("bands", `A method has at most ${SHIPPING_LIMITS.bandsPerMethod} weight bands`);
  return bands.map((band, index) => {
    const field = `bands.${index}`;
    const previous = bands[index - 1]?.upToGrams;
    if (!wholeWithin(band.upToGrams, 1, SHIPPING_LIMITS.maxGrams))
      problems.add(`${field}.upToGrams`, "A band's weight must be whole grams from 1 to 100,000,000");
    else if (index > 0 && wholeWithin(previous, 1, SHIPPING_LIMITS.maxGrams) && band.upToGrams <= previous)
      problems.add(
        `${field}.upToGrams`,
        band.upToGrams === previous
          ? `Two bands cannot both end at ${formatWeight(band.upToGrams)}`
          : `Bands go from the lightest to the heaviest: ${formatWeight(band.upToGrams)} comes after ${formatWeight(previous)}`,
      );
    const priceCents = dollarsToCents(band.price);
    if (priceCents === null || band.price > SHIPPING_LIMITS.maxDollars)
      problems.add(
        `${field}.price`,
        "A band's price must be an amount in dollars (two decimals at most) up to $1,000,000",
      );
    return { upToGrams: band.upToGrams, priceCents: priceCents ?? 0 };
  });
}

function checkZoneName(name: string | null | undefined): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (!trimmed) throw refuseField("name", "Name is required");
  if ([...trimmed].length > 80) throw refuseField("name", "Name must be at most 80 characters");
  return trimmed;
}

/** What the history keeps of a zone. */
export const zoneSnapshot = (zone: ShippingZone): Snapshot => ({
  name: zone.name,
  places: zone.places.map(placeCode),
  methods: zone.methods.map((method) => method.name),
});

/** What the history keeps of a method, under its zone's name. */
export const methodSnapshot = (zone: ShippingZone, method: ShippingMethod): Snapshot => ({
  name: zone.name,
  method: method.name,
  kind: method.kind,
  bands: method.bands.map(
    (band) => `up to ${formatWeight(band.upToGrams)}: $${centsToDollars(band.priceCents).toFixed(2)}`,
  ),
  freeOver: method.freeOverCents === null ? null : centsToDollars(method.freeOverCents),
  minDays: method.minDays,
  maxDays: method.maxDays,
  carriesDangerousGoods: method.carriesDangerousGoods,
});

/**
 * Shipping zones, their methods and weight bands, as admins manage them (docs/product.md, "Beyond
 * the spec": Shipping), and the zones the price calculation prices shipping with. A place belongs
 * to one zone only; each change is checked whole, written in one transaction with its history
 * entry, or refused with every problem named by its field.
 */
export class ShippingZoneService {
  constructor(private readonly db: DataSource) {}

  /** Every zone by name, with its places, methods and bands (admins). */
  async list(actor: Actor): Promise<ShippingZone[]> {
    authorize(actor, "ADMIN");
    return rows.readZones(this.db.manager);
  }

  async get(actor: Actor, id: string): Promise<ShippingZone> {
    authorize(actor, "ADMIN");
    const zoneId = databaseIdOf(id);
    const zone = zoneId ? await rows.readZone(this.db.manager, zoneId) : null;
    if (!zone) throw notFound("Shipping zone");
    return zone;
  }

  async getMethod(actor: Actor, id: string): Promise<ShippingMethod> {
    authorize(actor, "ADMIN");
    const methodId = databaseIdOf(id);
    const zoneId = methodId ? await rows.zoneIdOfMethod(this.db.manager, methodId) : null;
    const zone = zoneId ? await rows.readZone(this.db.manager, zoneId) : null;
    const method = zone?.methods.find((candidate) => candidate.databaseId === methodId);
    if (!method) throw notFound("Shipping method");
    return method;
  }

  /** The zones as the shipping stage of the price calculation takes them (shipping-rates.ts). */
  async zonesForPricing(): Promise<ShippingZone[]> {
    return rows.readZones(this.db.manager);
  }

  async createZone(actor: Actor, input: ShippingZoneInput): Promise<ShippingZone> {
    const admin = authorize(actor, "ADMIN");
    const name = checkZoneName(input.name);
    const places = checkZonePlaces(input.places ?? []);
    return this.refusingTaken(places, null, () =>
      this.db.transaction(async (tx) => {
        await tx.query(`LOCK TABLE shipping_zones IN SHARE ROW EXCLUSIVE MODE`);
        if ((await rows.countZones(tx)) >= SHIPPING_LIMITS.zones)
          throw badInput(`The shop keeps at most ${SHIPPING_LIMITS.zones} shipping zones`);
        const zoneId = await rows.insertZone(tx, name);
        await rows.replacePlaces(tx, zoneId, places);
        const zone = (await rows.readZone(tx, zoneId))!;
        await this.record(tx, admin, AuditAction.SHIPPING_ZONE_CREATED, zone.databaseId, null, zoneSnapshot(zone));
        return zone;
      }),
    );
  }

  async updateZone(actor: Actor, id: string, changes: ShippingZoneChanges): Promise<ShippingZone> {
    const admin = authorize(actor, "ADMIN");
    if ((changes.name ?? null) === null && (changes.places ?? null) === null)
      throw badInput("Nothing to change: give the zone's name or its places");
    const name = changes.name != null ? checkZoneName(changes.name) : null;
    const places = changes.places != null ? checkZonePlaces(changes.places) : null;
    const zoneId = databaseIdOf(id);
    return this.refusingTaken(places ?? [], zoneId, () =>
      this.underLock(id, async (tx, zone) => {
        if (name !== null && name !== zone.name) await rows.renameZone(tx, zone.databaseId, name);
        if (places !== null) await rows.replacePlaces(tx, zone.databaseId, places);
        const after = (await rows.readZone(tx, zone.databaseId))!;
        const [before, now] = [zoneSnapshot(zone), zoneSnapshot(after)];
        if (JSON.stringify(before) !== JSON.stringify(now))
          await this.record(tx, admin, AuditAction.SHIPPING_ZONE_UPDATED, zone.databaseId, before, now);
        return after;
      }),
    );
  }

  /** Deletes a zone with its methods and bands; orders keep the method's name and estimate as they were. */
  async deleteZone(actor: Actor, id: string): Promise<ShippingZone> {
    const admin = authorize(actor, "ADMIN");
    return this.underLock(id, async (tx, zone) => {
      await rows.deleteZone(tx, zone.databaseId);
      await this.record(tx, admin, AuditAction.SHIPPING_ZONE_DELETED, zone.databaseId, zoneSnapshot(zone), null);
      return zone;
    });
  }

  async addMethod(actor: Actor, zoneId: string, input: ShippingMethodInput): Promise<ShippingZone> {
    const admin = authorize(actor, "ADMIN");
    const method = checkMethod(input);
    return this.refusingTaken([], null, () =>
      this.underLock(zoneId, async (tx, zone) => {
        if (zone.methods.length >= SHIPPING_LIMITS.methodsPerZone)
          throw badInput(`A zone has at most ${SHIPPING_LIMITS.methodsPerZone} methods`);
        this.assertNameFree(zone, method.name, null);
        const methodId = await rows.insertMethod(tx, zone.databaseId, method);
        await rows.replaceBands(tx, methodId, method.bands);
        const after = (await rows.readZone(tx, zone.databaseId))!;
        const added = after.methods.find((candidate) => candidate.databaseId === methodId)!;
        await this.record(
          tx,
          admin,
          AuditAction.SHIPPING_METHOD_ADDED,
          zone.databaseId,
          null,
          methodSnapshot(after, added),
        );
        return after;
      }),
    );
  }

  /** Sets every setting of a method (its bands replaced by those given). */
  async updateMethod(actor: Actor, id: string, input: ShippingMethodInput): Promise<ShippingZone> {
    const admin = authorize(actor, "ADMIN");
    const settings = checkMethod(input);
    return this.refusingTaken([], null, () =>
      this.underMethodLock(id, async (tx, zone, method) => {
        this.assertNameFree(zone, settings.name, method.databaseId);
        await rows.updateMethod(tx, method.databaseId, settings);
        await rows.replaceBands(tx, method.databaseId, settings.bands);
        const after = (await rows.readZone(tx, zone.databaseId))!;
        const changed = after.methods.find((candidate) => candidate.databaseId === method.databaseId)!;
        const [before, now] = [methodSnapshot(zone, method), methodSnapshot(after, changed)];
        if (JSON.stringify(before) !== JSON.stringify(now))
          await this.record(tx, admin, AuditAction.SHIPPING_METHOD_UPDATED, zone.databaseId, before, now);
        return after;
      }),
    );
  }

  async removeMethod(actor: Actor, id: string): Promise<ShippingZone> {
    const admin = authorize(actor, "ADMIN");
    return this.underMethodLock(id, async (tx, zone, method) => {
      await rows.deleteMethod(tx, method.databaseId);
      await this.record(
        tx,
        admin,
        AuditAction.SHIPPING_METHOD_REMOVED,
        zone.databaseId,
        methodSnapshot(zone, method),
        null,
      );
      return (await rows.readZone(tx, zone.databaseId))!;
    });
  }

  private assertNameFree(zone: ShippingZone, name: string, exceptMethodId: string | null): void {
    const taken = zone.methods.find(
      (method) => method.databaseId !== exceptMethodId && method.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) throw refuseField("name", `${zone.name} already has a method named ${taken.name}`);
  }

  /**
   * Runs `work`, turning the database's refusals into answers naming the field: a zone's name taken,
   * a place another zone holds (named, with that zone), a method's name taken meanwhile.
   */
  private async refusingTaken<T>(places: readonly Place[], zoneId: string | null, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (violates(error, ZONE_NAME)) throw refuseField("name", "Another shipping zone has this name");
      if (violates(error, METHOD_NAME)) throw refuseField("name", "The zone already has a method of this name");
      if (violates(error, ONE_ZONE_PER_PLACE))
        throw await placeTakenRefusal(this.db.manager, "shipping", places, zoneId);
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
    return recordAudit(tx, admin, {
      action,
      entityType: AuditEntityType.SHIPPING_ZONE,
      entityId: zoneId,
      before,
      after,
    });
  }

  /** Runs `work` in a transaction holding the zone's row lock; an unknown id is NOT_FOUND. */
  private underLock<T>(id: string, work: (tx: EntityManager, zone: ShippingZone) => Promise<T>): Promise<T> {
    const zoneId = databaseIdOf(id);
    if (!zoneId) throw notFound("Shipping zone");
    return this.db.transaction(async (tx) => {
      const zone = await rows.readZone(tx, zoneId, true);
      if (!zone) throw notFound("Shipping zone");
      return work(tx, zone);
    });
  }

  /** Runs `work` holding the lock of the method's zone; an unknown method is NOT_FOUND. */
  private underMethodLock<T>(
    id: string,
    work: (tx: EntityManager, zone: ShippingZone, method: ShippingMethod) => Promise<T>,
  ): Promise<T> {
    const methodId = databaseIdOf(id);
    if (!methodId) throw notFound("Shipping method");
    return this.db.transaction(async (tx) => {
      const zoneId = await rows.zoneIdOfMethod(tx, methodId);
      const zone = zoneId ? await rows.readZone(tx, zoneId, true) : null;
      const method = zone?.methods.find((candidate) => candidate.databaseId === methodId);
      if (!zone || !method) throw notFound("Shipping method");
      return work(tx, zone, method);
    });
  }
}
