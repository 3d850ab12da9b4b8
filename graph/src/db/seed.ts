import { DataSource, EntityManager } from "typeorm";
import { replaceCompatibleModels } from "../domain/catalogue/compatibility.service";
import { replaceAlternativeNumbers } from "../domain/catalogue/part-numbers";
import { Part, Product, Review } from "../domain/entities";
import { seedParts, seedProducts, seedReviews } from "./seed-catalogue";
import { seedZones } from "./seed-zones";

/**
 * Fills an empty shop with the catalogue; a database that has any part is left as it is, except
 * that a catalogue seeded before parts listed laptop models (no part fits any model yet) gets the
 * seed's models for the seeded parts it still has, found by name, and one seeded before parts had
 * numbers gets the seed's numbers for those of them that still have the shop's own (PS-...).
 * A shop without shipping zones, or without tax zones, gets the seed's (seed-zones.ts).
 */
export async function seedIfEmpty(db: DataSource, log: (line: string) => void): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting together must not both seed: the lock serialises them.
    await tx.query("SELECT pg_advisory_xact_lock(734001)");
    const zones = await seedZones(tx);
    if (zones.shipping || zones.tax) log(`Seeded ${zones.shipping} shipping zones and ${zones.tax} tax zones`);
    const [{ count }] = await tx.query("SELECT count(*)::int AS count FROM parts");
    if (count > 0) {
      const linked = await seedCompatibleModels(tx);
      if (linked) log(`Listed the laptop models of ${linked} seeded parts`);
      const numbered = await seedPartNumbers(tx);
      if (numbered) log(`Gave ${numbered} seeded parts their part numbers`);
      return false;
    }
    for (const { fits: _fits, alternativeNumbers, ...part } of seedParts) {
      const { identifiers } = await tx.getRepository(Part).insert(part);
      await replaceAlternativeNumbers(tx, identifiers[0].databaseId, alternativeNumbers);
    }
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
    const rows: Array<{ id: string }> = await tx.query("SELECT id FROM parts WHERE name = $1 ORDER BY seq", [
      part.name,
    ]);
    for (const { id } of rows) {
      await replaceCompatibleModels(tx, id, part.fits);
      linked++;
    }
  }
  return linked;
}

/**
 * The seed's numbers for the seeded parts that still have the shop's own (a catalogue seeded
 * before parts had numbers), found by name; a part whose numbers some other part has taken
 * meanwhile keeps its own. Answers how many parts got numbers.
 */
async function seedPartNumbers(tx: EntityManager): Promise<number> {
  const unnumbered: Array<{ id: string; name: string }> = await tx.query(
    "SELECT DISTINCT ON (name) id, name FROM parts WHERE name = ANY($1::text[]) AND part_number LIKE 'PS-%' ORDER BY name, seq",
    [seedParts.map((part) => part.name)],
  );
  let numbered = 0;
  for (const { id, name } of unnumbered) {
    const part = seedParts.find((seeded) => seeded.name === name)!;
    const numbers = [part.partNumber, ...part.alternativeNumbers];
    const [{ taken }] = await tx.query(
      "SELECT EXISTS (SELECT 1 FROM part_number_keys WHERE key = ANY(ARRAY(SELECT part_number_key(n) FROM unnest($1::text[]) AS n)) AND part_id <> $2) AS taken",
      [numbers, id],
    );
    if (taken) continue;
    await replaceAlternativeNumbers(tx, id, part.alternativeNumbers);
    await tx.query("UPDATE parts SET part_number = $2 WHERE id = $1", [id, part.partNumber]);
    numbered++;
  }
  return numbered;
}
