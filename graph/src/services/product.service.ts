import { DataSource } from "typeorm";
import { Product } from "../db/entities";
import { dollarsToCents } from "../db/money";
import { badInput, notFound } from "../errors";
import { toDatabaseId } from "../graphql/global-id";
import { AddProductInput } from "../inputs/inputs";
import { Actor, authorize } from "./actor";
import { Page, PageRequest, paginate } from "./pagination";

export class ProductService {
  constructor(private readonly db: DataSource) {}

  /** New arrivals first. */
  list(page: PageRequest): Promise<Page<Product>> {
    return paginate(this.db.getRepository(Product).createQueryBuilder("product"), page, "DESC");
  }

  async get(id: string): Promise<Product> {
    const databaseId = toDatabaseId("Product", id);
    const product = databaseId ? await this.db.getRepository(Product).findOneBy({ databaseId }) : null;
    if (!product) throw notFound("Product");
    return product;
  }

  async add(actor: Actor, input: AddProductInput): Promise<Product> {
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
    const databaseId = toDatabaseId("Product", id);
    if (!databaseId) throw notFound("Product");
    const repository = this.db.getRepository(Product);
    const product = await repository.findOneBy({ databaseId });
    if (!product) throw notFound("Product");
    const result = await repository.delete({ databaseId });
    if (!result.affected) throw notFound("Product");
    return product;
  }
}
