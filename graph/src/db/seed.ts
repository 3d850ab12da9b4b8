import { DataSource } from "typeorm";
import { Part, Product, Review } from "../domain/entities";
import { seedParts, seedProducts, seedReviews } from "./seed-catalogue";

/** Fills an empty shop with the catalogue; a database that has any part is left as it is. */
export async function seedIfEmpty(db: DataSource, log: (line: string) => void): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting together must not both seed: the lock serialises them.
    await tx.query("SELECT pg_advisory_xact_lock(734001)");
    const [{ count }] = await tx.query("SELECT count(*)::int AS count FROM parts");
    if (count > 0) return false;
    for (const part of seedParts) await tx.getRepository(Part).insert(part);
    // Inserted oldest first so the first product in the catalogue lists first among new arrivals.
    for (const product of [...seedProducts].reverse()) await tx.getRepository(Product).insert(product);
    for (const review of [...seedReviews].reverse()) await tx.getRepository(Review).insert({ ...review, userId: null });
    log(`Seeded ${seedParts.length} parts, ${seedProducts.length} products and ${seedReviews.length} reviews`);
    return true;
  });
}
