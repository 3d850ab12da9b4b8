import { DataSource, EntityManager } from "typeorm";
import { returnedRows } from "../../db/sql";
import { User } from "../accounts/user.entity";
import { Actor, authorize } from "../actor";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType, Snapshot } from "../audit/audit-entry.entity";
import { badInput, conflict, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { STOCK } from "../limits";
import { dollarsToCents } from "../money";
import { Page, PageRequest, paginate, PreparedList, PreparedQuery } from "../pagination";
import { checkModelNames, replaceCompatibleModels } from "./compatibility.service";
import { Part, PART_CARD_PROPERTIES, PartCard } from "./part.entity";
import { wherePartMatches, wherePartStatus } from "./queries/admin-part-search";
import {
  alternativeNumbersOf,
  checkAlternativeNumbers,
  checkNumbersFree,
  checkPartNumber,
  numberTaken,
  replaceAlternativeNumbers,
} from "./part-numbers";
import {
  CLEARED_BY_NULL,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_TAX_CATEGORY,
  type LaptopModelName,
  type PartField,
  type PartFields,
  type PartMode,
  type PartProblem,
  partProblems,
  shippingFactsProblems,
  type TaxCategory,
} from "./part-rules";

/** What shipping and tax need to know of a part (docs/product.md, "Shipping and tax"). */
export interface PartShippingFields {
  /** Grams, whole; 0 until weighed. */
  weightGrams?: number | null;
  /** Millimetres, all three or none; on a change, all three null remove them. */
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
  dangerousGoods?: boolean | null;
  /** Watt-hours of its battery; on a change, null removes it. */
  batteryWh?: number | null;
  taxCategory?: TaxCategory | null;
}

/** A new part as an admin describes it. */
export interface NewPart extends PartShippingFields {
  name: string;
  /** The manufacturer's number as printed; without one the shop gives it its own (PS-000123). */
  partNumber?: string | null;
  /** Numbers it replaces or is also sold as (FRU, OEM), in the order its page lists them. */
  alternativeNumbers?: string[] | null;
  shortDesc: string;
  img: string;
  /** Dollars, at most two decimals. */
  price: number;
  available: number;
  minOrderQuantity: number;
  lowStockThreshold?: number | null;
  /** The laptop models it fits (the compatibility tables). */
  compatibleModels?: LaptopModelName[] | null;
}

/**
 * An edit: only the fields given change. A new stock figure must come with the figure the admin
 * saw (`expectedAvailable`): stock moves with every order, and writing a number over a
 * reservation made in between would sell units that are gone.
 */
export interface PartChanges extends PartShippingFields {
  name?: string | null;
  partNumber?: string | null;
  /** Replaces the alternative numbers (an empty list clears them). */
  alternativeNumbers?: string[] | null;
  shortDesc?: string | null;
  img?: string | null;
  price?: number | null;
  available?: number | null;
  expectedAvailable?: number | null;
  minOrderQuantity?: number | null;
  lowStockThreshold?: number | null;
  /** Replaces the laptop models it fits (an empty list clears them). */
  compatibleModels?: LaptopModelName[] | null;
}

/** Which parts the admins' list shows. */
export enum PartStatusFilter {
  ON_SALE = "onSale",
  RETIRED = "retired",
  ALL = "all",
}

export interface AdminPartFilter {
  /**
   * As the storefront searches (words anywhere, typos and partial words forgiven), plus names
   * containing the text and part numbers (own or alternative) beginning with it, however typed.
   */
  search?: string | null;
  status?: PartStatusFilter | null;
  /** Only parts on sale at or below their low-stock threshold. */
  lowStock?: boolean | null;
}

/** What the history keeps of a part: its fields, its alternative numbers and the laptop models it fits ("Brand Model"). */
export const partSnapshot = (part: Part, models: readonly string[], alternatives: readonly string[]): Snapshot => ({
  name: part.name,
  partNumber: part.partNumber,
  alternativeNumbers: [...alternatives],
  shortDesc: part.shortDesc,
  img: part.img,
  price: part.price,
  available: part.available,
  minOrderQuantity: part.minOrderQuantity,
  lowStockThreshold: part.lowStockThreshold,
  retired: part.retired,
  compatibleModels: [...models],
  weightGrams: part.weightGrams,
  lengthMm: part.lengthMm,
  widthMm: part.widthMm,
  heightMm: part.heightMm,
  dangerousGoods: part.dangerousGoods,
  batteryWh: part.batteryWh,
  taxCategory: part.taxCategory,
});

/** Whether a part's models ("Brand Model") are the wanted ones, whatever the letter case and order. */
function sameModels(names: readonly string[], wanted: readonly LaptopModelName[]): boolean {
  const key = (list: string[]) => JSON.stringify(list.map((name) => name.toLowerCase()).sort());
  return key([...names]) === key(wanted.map((entry) => `${entry.brand} ${entry.model}`));
}

/** Refuses fields that break a part's rules, each message under its field (as the API's validators answer). */
function checkPartFields(fields: PartFields, mode: PartMode): void {
  refuseProblems(partProblems(fields, mode));
}

function refuseProblems(problems: PartProblem[]): void {
  if (problems.length === 0) return;
  // One rule may name several fields (the dimensions go together): its message is said once.
  throw badInput([...new Set(problems.map((problem) => problem.message))].join("; "), {
    fields: Object.fromEntries(problems.map((problem) => [problem.field, [problem.message]])),
  });
}

/** The shipping and tax fields given (undefined ones left out, so a new part's defaults apply). */
function shippingFieldsOf(fields: PartShippingFields): PartFields {
  const { weightGrams, lengthMm, widthMm, heightMm, dangerousGoods, batteryWh, taxCategory } = fields;
  const given = { weightGrams, lengthMm, widthMm, heightMm, dangerousGoods, batteryWh, taxCategory };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}

/** Sets the shipping and tax fields a change gives (the rules have passed them); null dimensions and battery remove them. */
function applyShippingChanges(part: Part, changes: PartShippingFields): void {
  if (changes.weightGrams != null) part.weightGrams = changes.weightGrams;
  if (changes.lengthMm !== undefined) {
    part.lengthMm = changes.lengthMm;
    part.widthMm = changes.widthMm ?? null;
    part.heightMm = changes.heightMm ?? null;
  }
  if (changes.dangerousGoods != null) part.dangerousGoods = changes.dangerousGoods;
  if (changes.batteryWh !== undefined) part.batteryWh = changes.batteryWh;
  if (changes.taxCategory != null) part.taxCategory = changes.taxCategory;
}

/** Cents of a price its rule has passed. */
const centsOf = (price: number) => dollarsToCents(price)!;

/** The part's alternative numbers, in the order its page lists them. */
const alternativesOf = async (tx: EntityManager, partId: string) =>
  (await alternativeNumbersOf(tx, [partId])).get(partId) ?? [];

/** The laptop models a part fits, as "Brand Model", in the order its page lists them. */
async function modelNamesOf(tx: EntityManager, partId: string): Promise<string[]> {
  const rows: Array<{ name: string }> = await tx.query(
    `SELECT m.brand || ' ' || m.model AS name FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id
     WHERE c.part_id = $1 ORDER BY lower(m.brand), lower(m.model)`,
    [partId],
  );
  return rows.map((row) => row.name);
}

/** The part, read under its row lock (SELECT ... FOR UPDATE), the lock every reservation and edit of it takes. */
export async function lockPart(tx: EntityManager, databaseId: string): Promise<Part> {
  const part = await tx
    .getRepository(Part)
    .createQueryBuilder("part")
    .setLock("pessimistic_write")
    .where("part.id = :id", { id: databaseId })
    .getOne();
  if (!part) throw notFound("Part");
  return part;
}

/** The longest text an admin's search of the parts may be. */
export const MAX_ADMIN_SEARCH_LENGTH = 200;

export class PartService {
  private readonly catalogue: PreparedList<Part>;
  private readonly catalogueCards: PreparedList<Part>;
  private readonly byIds: PreparedQuery<Part>;
  private readonly byId: PreparedQuery<Part>;

  constructor(
    private readonly db: DataSource,
    /** Where the catalogue's reads go: the replicas when fresh enough (db/replica-reads.ts), else the primary. */
    private readonly reads: DataSource = db,
  ) {
    const pagesOnSale = (name: string, properties?: readonly (keyof Part)[]) =>
      new PreparedList(reads, Part, {
        name,
        alias: "part",
        where: `"part"."retired_at" IS NULL`,
        filterValues: 0,
        direction: "ASC",
        properties,
      });
    this.catalogue = pagesOnSale("catalogue_page");
    this.catalogueCards = pagesOnSale("catalogue_page_cards", PART_CARD_PROPERTIES);
    this.byIds = new PreparedQuery(reads, Part, {
      name: "parts_by_ids",
      alias: "part",
      where: `"part"."id" = ANY($1::uuid[])`,
    });
    this.byId = new PreparedQuery(reads, Part, { name: "part_by_id", alias: "part", where: `"part"."id" = $1` });
  }

  /** The public catalogue: parts on sale, in catalogue order. */
  list(page: PageRequest): Promise<Page<Part>> {
    return this.catalogue.page([], page);
  }

  /** The same page with only what a card shows read (see PART_CARD_PROPERTIES). */
  listCards(page: PageRequest): Promise<Page<PartCard>> {
    return this.catalogueCards.page([], page);
  }

  /**
   * A part by id, retired or not: a retired part still opens (its page says it is no longer sold,
   * and orders name it); unknown and malformed ids are both "not found".
   */
  async get(id: string): Promise<Part> {
    const databaseId = databaseIdOf(id);
    // A part's page and node(id:) past the cache: TypeORM's findOneBy built and planned its SQL
    // each time, a quarter of the shop's CPU for one part.
    const [part] = databaseId ? await this.byId.entities([databaseId]) : [];
    if (!part) throw notFound("Part");
    return part;
  }

  /**
   * Parts on sale that fit the laptops this one fits, those sharing the most laptop models first
   * (then catalogue order): what a shopper who needs this part may need too.
   */
  async related(databaseId: string, limit: number): Promise<Part[]> {
    const rows: Array<{ part_id: string }> = await this.reads.query(
      `SELECT other.part_id FROM part_compatibility mine
       JOIN part_compatibility other ON other.laptop_model_id = mine.laptop_model_id AND other.part_id <> mine.part_id
       JOIN parts p ON p.id = other.part_id AND p.retired_at IS NULL
       WHERE mine.part_id = $1
       GROUP BY other.part_id, p.seq ORDER BY count(*) DESC, p.seq LIMIT $2`,
      [databaseId, limit],
    );
    const parts = new Map((await this.getMany(rows.map((row) => row.part_id))).map((part) => [part.databaseId, part]));
    return rows.flatMap((row) => parts.get(row.part_id) ?? []);
  }

  async getMany(databaseIds: readonly string[]): Promise<Part[]> {
    if (databaseIds.length === 0) return [];
    return this.byIds.entities([[...databaseIds]]);
  }

  /** The same inside the transaction `tx` (a report read in one snapshot). */
  async getManyIn(tx: EntityManager, databaseIds: readonly string[]): Promise<Part[]> {
    if (databaseIds.length === 0) return [];
    return this.byIds.entitiesIn(tx, [[...databaseIds]]);
  }

  /** Every part, retired ones included, for the admins' parts page; catalogue order. */
  listForAdmin(actor: Actor, filter: AdminPartFilter, page: PageRequest): Promise<Page<Part>> {
    authorize(actor, "ADMIN");
    const query = this.db.getRepository(Part).createQueryBuilder("part");
    const status = filter.lowStock ? PartStatusFilter.ON_SALE : (filter.status ?? PartStatusFilter.ALL);
    wherePartStatus(query, {
      onSale: status !== PartStatusFilter.RETIRED,
      retired: status !== PartStatusFilter.ON_SALE,
      lowStock: filter.lowStock === true,
    });
    const search = filter.search?.trim();
    if (search) {
      if ([...search].length > MAX_ADMIN_SEARCH_LENGTH)
        throw badInput(`search must be at most ${MAX_ADMIN_SEARCH_LENGTH} characters`);
      wherePartMatches(query, search);
    }
    return paginate(query, page, "ASC");
  }

  /** The alternative numbers of parts, in the order each lists them (a part without any: an empty list). */
  async alternativeNumbers(partIds: readonly string[]): Promise<string[][]> {
    const byPart = await alternativeNumbersOf(this.reads, partIds);
    return partIds.map((id) => byPart.get(id) ?? []);
  }

  /** Adds a part to the shop (on sale at once) and records it in the history. */
  async create(actor: Actor, input: NewPart): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    const { name, shortDesc, img, price, available, minOrderQuantity, lowStockThreshold, alternativeNumbers } = input;
    // A blank part number is none: the shop gives the part its own.
    const givenNumber = input.partNumber?.trim() ? input.partNumber : null;
    checkPartFields(
      {
        name,
        partNumber: givenNumber,
        alternativeNumbers,
        shortDesc,
        img,
        price,
        available,
        minOrderQuantity,
        lowStockThreshold,
        ...shippingFieldsOf(input),
      },
      "create",
    );
    const priceCents = centsOf(input.price);
    const models = input.compatibleModels?.length ? checkModelNames(input.compatibleModels) : [];
    const partNumber = input.partNumber?.trim() ? checkPartNumber(input.partNumber) : null;
    const alternatives = checkAlternativeNumbers(input.alternativeNumbers ?? [], partNumber);
    return this.numbered(() =>
      this.db.transaction(async (tx) => {
        await checkNumbersFree(tx, null, [...(partNumber ? [partNumber] : []), ...alternatives]);
        const repository = tx.getRepository(Part);
        const part = await repository.save(
          repository.create({
            name: input.name.trim(),
            ...(partNumber ? { partNumber } : {}),
            shortDesc: input.shortDesc.trim(),
            img: input.img.trim(),
            priceCents,
            available: input.available,
            minOrderQuantity: input.minOrderQuantity,
            lowStockThreshold: input.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
            weightGrams: input.weightGrams ?? 0,
            lengthMm: input.lengthMm ?? null,
            widthMm: input.widthMm ?? null,
            heightMm: input.heightMm ?? null,
            dangerousGoods: input.dangerousGoods ?? false,
            batteryWh: input.batteryWh ?? null,
            taxCategory: input.taxCategory ?? DEFAULT_TAX_CATEGORY,
            retiredAt: null,
            createdBy: admin.databaseId,
            stockAdjustment: input.available,
          }),
        );
        if (models.length) await replaceCompatibleModels(tx, part.databaseId, models);
        if (alternatives.length) await replaceAlternativeNumbers(tx, part.databaseId, alternatives);
        const created = await repository.findOneByOrFail({ databaseId: part.databaseId });
        await recordAudit(tx, admin, {
          action: AuditAction.PART_CREATED,
          entityType: AuditEntityType.PART,
          entityId: created.databaseId,
          before: null,
          after: partSnapshot(created, await modelNamesOf(tx, created.databaseId), alternatives),
        });
        return created;
      }),
    );
  }

  /** Runs a write that gives numbers: a number another admin gave another part meanwhile is a conflict that says so. */
  private async numbered<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (numberTaken(error))
        throw conflict(
          "One of these numbers was just given to another part: a number names one part. Check the numbers and save again.",
        );
      throw error;
    }
  }

  /**
   * Edits a part under its row lock, the lock every reservation of the part takes: the stock an
   * admin writes can never cross a reservation. All fields are checked before anything is
   * written; the change and its history entry commit together. Orders already placed keep their
   * part name and price. Values equal to the part's own: the part as it is, and no history entry.
   */
  async update(actor: Actor, id: string, changes: PartChanges): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    const given = (Object.keys(changes) as Array<keyof PartChanges>).filter(
      (field) =>
        field !== "expectedAvailable" &&
        (changes[field] != null || (changes[field] === null && CLEARED_BY_NULL.includes(field as PartField))),
    );
    if (given.length === 0) throw badInput("Nothing to change: give at least one field of the part");
    const { compatibleModels: _models, ...fields } = changes;
    checkPartFields(fields, "change");
    const priceCents = changes.price === undefined || changes.price === null ? undefined : centsOf(changes.price);
    const models =
      changes.compatibleModels === undefined || changes.compatibleModels === null
        ? null
        : checkModelNames(changes.compatibleModels);
    const partNumber =
      changes.partNumber === undefined || changes.partNumber === null ? null : checkPartNumber(changes.partNumber);
    if (changes.alternativeNumbers) checkAlternativeNumbers(changes.alternativeNumbers, partNumber);
    if (changes.available !== undefined && changes.available !== null) {
      if (changes.expectedAvailable === undefined || changes.expectedAvailable === null) {
        throw badInput(
          "A new stock figure needs the stock you saw (expectedAvailable), so an order placed meanwhile is not overwritten",
          {
            fields: { expectedAvailable: ["Send the stock you saw with the new stock"] },
          },
        );
      }
    }
    return this.numbered(() =>
      this.underLock(id, async (tx, part) => {
        const modelsBefore = await modelNamesOf(tx, part.databaseId);
        const alternativesBefore = await alternativesOf(tx, part.databaseId);
        const before = partSnapshot(part, modelsBefore, alternativesBefore);
        if (changes.available !== undefined && changes.available !== null) {
          // Stale even when the new figure equals today's: it was counted against another stock.
          if (changes.expectedAvailable !== part.available) {
            throw conflict(
              `The stock of ${part.name} changed from ${changes.expectedAvailable} to ${part.available} while you were editing (orders or another admin moved it). Nothing was saved: check the stock and save again.`,
            );
          }
          part.stockAdjustment += changes.available - part.available;
          part.available = changes.available;
        }
        if (changes.name) part.name = changes.name.trim();
        if (changes.shortDesc) part.shortDesc = changes.shortDesc.trim();
        if (changes.img) part.img = changes.img.trim();
        if (priceCents !== undefined) part.priceCents = priceCents;
        if (changes.minOrderQuantity !== undefined && changes.minOrderQuantity !== null)
          part.minOrderQuantity = changes.minOrderQuantity;
        if (changes.lowStockThreshold !== undefined && changes.lowStockThreshold !== null)
          part.lowStockThreshold = changes.lowStockThreshold;
        applyShippingChanges(part, changes);
        refuseProblems(shippingFactsProblems(part));
        let modelsAfter = modelsBefore;
        if (models !== null && !sameModels(modelsBefore, models)) {
          await replaceCompatibleModels(tx, part.databaseId, models);
          modelsAfter = await modelNamesOf(tx, part.databaseId);
        }
        if (partNumber !== null) part.partNumber = partNumber;
        const alternativesAfter = changes.alternativeNumbers
          ? checkAlternativeNumbers(changes.alternativeNumbers, part.partNumber)
          : alternativesBefore;
        const after = partSnapshot(part, modelsAfter, alternativesAfter);
        if (JSON.stringify(before) === JSON.stringify(after)) return part;
        const numbersChanged =
          before.partNumber !== after.partNumber ||
          JSON.stringify(before.alternativeNumbers) !== JSON.stringify(after.alternativeNumbers);
        if (numbersChanged) {
          await checkNumbersFree(tx, part.databaseId, [part.partNumber, ...alternativesAfter]);
          // The old alternatives go first: the part may take one of them as its own number.
          await replaceAlternativeNumbers(tx, part.databaseId, []);
        }
        await tx.query(
          `UPDATE parts SET name = $2, short_desc = $3, img = $4, price_cents = $5, available = $6, min_order_quantity = $7,
           low_stock_threshold = $8, stock_adjustment = $9, part_number = $10, weight_grams = $11, length_mm = $12,
           width_mm = $13, height_mm = $14, dangerous_goods = $15, battery_wh = $16, tax_category = $17 WHERE id = $1`,
          [
            part.databaseId,
            part.name,
            part.shortDesc,
            part.img,
            part.priceCents,
            part.available,
            part.minOrderQuantity,
            part.lowStockThreshold,
            part.stockAdjustment,
            part.partNumber,
            part.weightGrams,
            part.lengthMm,
            part.widthMm,
            part.heightMm,
            part.dangerousGoods,
            part.batteryWh,
            part.taxCategory,
          ],
        );
        if (numbersChanged) await replaceAlternativeNumbers(tx, part.databaseId, alternativesAfter);
        await recordAudit(tx, admin, {
          action: AuditAction.PART_UPDATED,
          entityType: AuditEntityType.PART,
          entityId: part.databaseId,
          before,
          after,
        });
        return part;
      }),
    );
  }

  /** Adds units to the stock under the part's row lock (a relative change: nothing to race). */
  async restock(actor: Actor, id: string, quantity: number): Promise<Part> {
    const admin = authorize(actor, "ADMIN");
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > STOCK.maxRestock) {
      throw badInput(`Restock quantity must be a whole number from 1 to ${STOCK.maxRestock.toLocaleString("en-US")}`);
    }
    return this.underLock(id, async (tx, part) => {
      const models = await modelNamesOf(tx, part.databaseId);
      const alternatives = await alternativesOf(tx, part.databaseId);
      const before = partSnapshot(part, models, alternatives);
      if (part.available + quantity > STOCK.maxAvailable)
        throw badInput(
          `${part.name} would have ${part.available + quantity} units: stock can be at most ${STOCK.maxAvailable.toLocaleString("en-US")}`,
        );
      part.available += quantity;
      part.stockAdjustment += quantity;
      await tx.query(`UPDATE parts SET available = $2, stock_adjustment = $3 WHERE id = $1`, [
        part.databaseId,
        part.available,
        part.stockAdjustment,
      ]);
      await recordAudit(tx, admin, {
        action: AuditAction.PART_RESTOCKED,
        entityType: AuditEntityType.PART,
        entityId: part.databaseId,
        before,
        after: { ...partSnapshot(part, models, alternatives), restocked: quantity },
      });
      return part;
    });
  }

  /** Takes a part out of the shop: no longer listed or reservable, still on the orders that name it. */
  retire(actor: Actor, id: string): Promise<Part> {
    return this.setRetired(authorize(actor, "ADMIN"), id, true);
  }

  /** Puts a retired part back on sale. */
  restore(actor: Actor, id: string): Promise<Part> {
    return this.setRetired(authorize(actor, "ADMIN"), id, false);
  }

  private setRetired(admin: User, id: string, retired: boolean): Promise<Part> {
    return this.underLock(id, async (tx, part) => {
      if (part.retired === retired) return part;
      const models = await modelNamesOf(tx, part.databaseId);
      const alternatives = await alternativesOf(tx, part.databaseId);
      const before = partSnapshot(part, models, alternatives);
      const [{ retired_at }] = returnedRows<{ retired_at: Date | null }>(
        await tx.query(
          `UPDATE parts SET retired_at = ${retired ? "now()" : "NULL"} WHERE id = $1 RETURNING retired_at`,
          [part.databaseId],
        ),
      );
      part.retiredAt = retired_at;
      await recordAudit(tx, admin, {
        action: retired ? AuditAction.PART_RETIRED : AuditAction.PART_RESTORED,
        entityType: AuditEntityType.PART,
        entityId: part.databaseId,
        before,
        after: partSnapshot(part, models, alternatives),
      });
      return part;
    });
  }

  /** Runs `work` in a transaction holding the part's row lock (SELECT ... FOR UPDATE), as reservations do. */
  private underLock(id: string, work: (tx: EntityManager, part: Part) => Promise<Part>): Promise<Part> {
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw notFound("Part");
    return this.db.transaction(async (tx) => work(tx, await lockPart(tx, databaseId)));
  }
}
