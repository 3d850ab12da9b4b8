import { DataSource } from "typeorm";
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
  constructor(private readonly db: DataSource) {}

  /** New arrivals first. */
  list(page: PageRequest): Promise<Page<Product>> {
    return paginate(this.db.getRepository(Product).createQueryBuilder("product"), page, "DESC");
  }

  async get(id: string): Promise<Product> {
    const databaseId = databaseIdOf(id);
    const product = databaseId ? await this.db.getRepository(Product).findOneBy({ databaseId }) : null;
    if (!product) throw notFound("Product");
    return product;
  }

  async add(actor: Actor, input: NewProduct): Promise<Product> {
    const admin = authorize(actor, "ADMIN");
    let priceCents: number | null = null;
    if (input.price !== undefined && input.price !== null) {
      priceCents = dollarsToCents(input.price);
      if (priceCents === null) throw badInput("Price must be an amount in dollars with at most two decimals");
    }
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

  async delete(actor: Actor, id: string): Promise<Product> {
    const admin = authorize(actor, "ADMIN");
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw notFound("Product");
    return this.db.transaction(async (tx) => {
      const repository = tx.getRepository(Product);
      const product = await repository
        .createQueryBuilder("product")
        .setLock("pessimistic_write")
        .where("product.id = :id", { id: databaseId })
        .getOne();
      if (!product) throw notFound("Product");
      await repository.delete({ databaseId });
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
}
