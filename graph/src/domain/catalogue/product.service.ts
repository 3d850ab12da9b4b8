import { DataSource } from "typeorm";
import { Actor, authorize } from "../actor";
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
    authorize(actor, "ADMIN");
    let priceCents: number | null = null;
    if (input.price !== undefined && input.price !== null) {
      priceCents = dollarsToCents(input.price);
      if (priceCents === null) throw badInput("Price must be an amount in dollars with at most two decimals");
    }
    const repository = this.db.getRepository(Product);
    return repository.save(
      repository.create({
        name: input.name.trim(),
        availableQuantity: input.availableQuantity ?? null,
        priceCents,
        img: input.img?.trim() || null,
        minQuantity: input.minQuantity ?? null,
        description: input.description?.trim() || null,
      }),
    );
  }

  async delete(actor: Actor, id: string): Promise<Product> {
    authorize(actor, "ADMIN");
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw notFound("Product");
    const repository = this.db.getRepository(Product);
    const product = await repository.findOneBy({ databaseId });
    if (!product) throw notFound("Product");
    const result = await repository.delete({ databaseId });
    if (!result.affected) throw notFound("Product");
    return product;
  }
}
