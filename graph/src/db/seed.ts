import { DataSource, EntityManager } from "typeorm";
import { replaceCompatibleModels } from "../domain/catalogue/compatibility.service";
import { Part, Product, Review } from "../domain/entities";
import { seedParts, seedProducts, seedReviews } from "./seed-catalogue";

/**
 * Fills an empty shop with the catalogue; a database that has any part is left as it is, except
 * that a catalogue seeded before parts listed laptop models (no part fits any model yet) gets the
 * seed's models for the seeded parts it still has, found by name.
 */
export async function seedIfEmpty(db: DataSource, log: (line: string) => void): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting together must not both seed: the lock serialises them.
    await tx.query("SELECT pg_advisory_xact_lock(734001)");
    const [{ count }] = await tx.query("SELECT count(*)::int AS count FROM parts");
    if (count > 0) {
      const linked = await seedCompatibleModels(tx);
      if (linked) log(`Listed the laptop models of ${linked} seeded parts`);
      return false;
    }
    for (const { fits: _fits, ...part } of seedParts) await tx.getRepository(Part).insert(part);
    await seedCompatibleModels(tx);
    // Inserted oldest first so the first product in the catalogue lists first among new arrivals.
    for (const product of [...seedProducts].reverse()) await tx.getRepository(Product).insert(product);
    for (const review of [...seedReviews].reverse()) await tx.getRepository(Review).insert({ ...review, userId: null });
    log(`Seeded ${seedParts.length} parts, ${seedProducts.length} products and ${seedReviews.length} reviews`);
    return true;
  });
}

/** The seed's laptop models for the seeded parts, when no part fits any model yet; answers how many parts got them. */
async function seedCompatibleModels(tx: EntityManager): Promise<number> {
  const [{ listed }] = await tx.query("SELECT EXISTS (SELECT 1 FROM part_compatibility) AS listed");
  if (listed) return 0;
  let linked = 0;
  for (const part of seedParts) {
    const rows: Array<{ id: string }> = await tx.query("SELECT id FROM parts WHERE name = $1 ORDER BY seq", [part.name]);
    for (const { id } of rows) {
      await replaceCompatibleModels(tx, id, part.fits);
      linked++;
    }
  }
  return linked;
}
