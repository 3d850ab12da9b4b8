import { DataSource, EntityManager } from "typeorm";
import { Actor, authorize } from "../actor";
import { recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType, Snapshot } from "../audit/audit-entry.entity";
import { badInput, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { dollarsToCents } from "../money";
import { Page, PageRequest, paginate } from "../pagination";
import { Product } from "./product.entity";

/** A new arrival as an admin describes it (name required; the rest optional). */
export interface NewProduct {
  name: string;
  availableQuantity?: number | null;
  price?: number | null;
  img?: string | null;
  minQuantity?: number | null;
  description?: string | null;
}

/** An edit of a new arrival: only the fields given (not null) change. */
export type ProductChanges = Partial<{ [Field in keyof NewProduct]: NewProduct[Field] | null }>;

/** The price in cents of an amount in dollars, or a clear refusal. */
function priceCentsOf(price: number): number {
  const cents = dollarsToCents(price);
  if (cents === null) throw badInput("Price must be an amount in dollars with at most two decimals");
  return cents;
}

/** What the history keeps of a product. */
export const productSnapshot = (product: Product): Snapshot => ({
  name: product.name,
  availableQuantity: product.availableQuantity,
  price: product.price,
  img: product.img,
  minQuantity: product.minQuantity,
  description: product.description,
});

export class ProductService {
  constructor(
    private readonly db: DataSource,
    /** Where the catalogue's reads go: the replicas when fresh enough (db/replica-reads.ts), else the primary. */
    private readonly reads: DataSource = db,
  ) {}

  /** New arrivals first. */
  list(page: PageRequest): Promise<Page<Product>> {
    return paginate(this.reads.getRepository(Product).createQueryBuilder("product"), page, "DESC");
  }

  async get(id: string): Promise<Product> {
    const databaseId = databaseIdOf(id);
    const product = databaseId ? await this.reads.getRepository(Product).findOneBy({ databaseId }) : null;
    if (!product) throw notFound("Product");
    return product;
  }

  async add(actor: Actor, input: NewProduct): Promise<Product> {
    const admin = authorize(actor, "ADMIN");
    const priceCents = input.price === undefined || input.price === null ? null : priceCentsOf(input.price);
    return this.db.transaction(async (tx) => {
      const repository = tx.getRepository(Product);
      const product = await repository.save(
        repository.create({
          name: input.name.trim(),
          availableQuantity: input.availableQuantity ?? null,
          priceCents,
          img: input.img?.trim() || null,
          minQuantity: input.minQuantity ?? null,
          description: input.description?.trim() || null,
        }),
      );
      await recordAudit(tx, admin, {
        action: AuditAction.PRODUCT_CREATED,
        entityType: AuditEntityType.PRODUCT,
        entityId: product.databaseId,
        before: null,
        after: productSnapshot(product),
      });
      return product;
    });
  }

  /**
   * Edits a new arrival under its row lock: every field is checked before anything is written, and
   * the change and its history entry commit together. Values equal to the product's own: the
   * product as it is, and no history entry.
   */
  async update(actor: Actor, id: string, changes: ProductChanges): Promise<Product> {
    const admin = authorize(actor, "ADMIN");
    const given = (Object.keys(changes) as Array<keyof ProductChanges>).filter((field) => changes[field] != null);
    if (given.length === 0) throw badInput("Nothing to change: give at least one field of the product");
    if (changes.name !== undefined && changes.name !== null && !changes.name.trim())
      throw badInput("Name cannot be blank", { fields: { name: ["Name cannot be blank"] } });
    const priceCents = changes.price === undefined || changes.price === null ? undefined : priceCentsOf(changes.price);
    return this.underLock(id, async (tx, product) => {
      const before = productSnapshot(product);
      if (changes.name) product.name = changes.name.trim();
      if (priceCents !== undefined) product.priceCents = priceCents;
      if (changes.availableQuantity !== undefined && changes.availableQuantity !== null)
        product.availableQuantity = changes.availableQuantity;
      if (changes.minQuantity !== undefined && changes.minQuantity !== null) product.minQuantity = changes.minQuantity;
      // Blank text clears an optional field, as when the product is added.
      if (changes.img !== undefined && changes.img !== null) product.img = changes.img.trim() || null;
      if (changes.description !== undefined && changes.description !== null)
        product.description = changes.description.trim() || null;
      const after = productSnapshot(product);
      if (JSON.stringify(before) === JSON.stringify(after)) return product;
      await tx.getRepository(Product).update(
        { databaseId: product.databaseId },
        {
          name: product.name,
          priceCents: product.priceCents,
          availableQuantity: product.availableQuantity,
          minQuantity: product.minQuantity,
          img: product.img,
          description: product.description,
        },
      );
      await recordAudit(tx, admin, {
        action: AuditAction.PRODUCT_UPDATED,
        entityType: AuditEntityType.PRODUCT,
        entityId: product.databaseId,
        before,
        after,
      });
      return product;
    });
  }

  async delete(actor: Actor, id: string): Promise<Product> {
    const admin = authorize(actor, "ADMIN");
    return this.underLock(id, async (tx, product) => {
      await tx.getRepository(Product).delete({ databaseId: product.databaseId });
      await recordAudit(tx, admin, {
        action: AuditAction.PRODUCT_DELETED,
        entityType: AuditEntityType.PRODUCT,
        entityId: product.databaseId,
        before: productSnapshot(product),
        after: null,
      });
      return product;
    });
  }

  /** Runs `work` in a transaction holding the product's row lock; an unknown id is NOT_FOUND. */
  private underLock(id: string, work: (tx: EntityManager, product: Product) => Promise<Product>): Promise<Product> {
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw notFound("Product");
    return this.db.transaction(async (tx) => {
      const product = await tx
        .getRepository(Product)
        .createQueryBuilder("product")
        .setLock("pessimistic_write")
        .where("product.id = :id", { id: databaseId })
        .getOne();
      if (!product) throw notFound("Product");
      return work(tx, product);
    });
  }
}
