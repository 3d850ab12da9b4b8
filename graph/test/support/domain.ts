import crypto from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import type { DataSource } from "typeorm";
import type { CompatibilityService } from "../../src/domain/catalogue/compatibility.service";
import type { PartSearchService } from "../../src/domain/catalogue/part-search.service";
import type { ReviewService } from "../../src/domain/catalogue/review.service";
import type { OrderService } from "../../src/domain/orders/order.service";
import type { User } from "../../src/domain/accounts/user.entity";
import { shop, withDatabase } from "./client";
import { GRAPH_DIR } from "./processes";

const requireBuilt = createRequire(path.join(GRAPH_DIR, "dist", "main.js"));

export interface Domain {
  db: DataSource;
  compatibility: CompatibilityService;
  partSearch: PartSearchService;
  reviews: ReviewService;
  orders: OrderService;
  /** The user with this email as the services see a caller. */
  actor(email: string): Promise<User>;
  close(): Promise<void>;
}

/**
 * The built domain services (dist/, as the suite runs the shop) on the suite's database: for the
 * service methods no API calls yet, and to test rules below the API. Their writes reach the running
 * shop the way anyone's do: through the database and its NOTIFY triggers.
 */
export async function domainServices(): Promise<Domain> {
  requireBuilt("reflect-metadata");
  const { createDataSource } = requireBuilt("./db/data-source.js");
  const { CompatibilityService } = requireBuilt("./domain/catalogue/compatibility.service.js");
  const { PartSearchService } = requireBuilt("./domain/catalogue/part-search.service.js");
  const { PartService } = requireBuilt("./domain/catalogue/part.service.js");
  const { ReviewService } = requireBuilt("./domain/catalogue/review.service.js");
  const { OrderService } = requireBuilt("./domain/orders/order.service.js");
  const { User } = requireBuilt("./domain/accounts/user.entity.js");
  const pino = requireBuilt("pino");
  const db: DataSource = createDataSource(shop().databaseUrl, pino({ level: "silent" }), { poolSize: 3 });
  await db.initialize();
  return {
    db,
    compatibility: new CompatibilityService(db),
    partSearch: new PartSearchService(db, new PartService(db)),
    reviews: new ReviewService(db),
    orders: new OrderService(db),
    actor: async (email) => db.getRepository<User>(User).findOneByOrFail({ email }),
    close: () => db.destroy(),
  };
}

/** A word no other part has: lower-case letters only, so typo correction applies to it. */
export const uniqueWord = (length = 9) =>
  Array.from(crypto.randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join("")
    .replace(/^./, "q");

export interface TestPart {
  name: string;
  shortDesc?: string;
  priceCents?: number;
  available?: number;
  minOrderQuantity?: number;
}

/** Inserts parts (in this order, so later ones are newer) and answers their ids. */
export async function insertParts(parts: TestPart[]): Promise<string[]> {
  return withDatabase(async (client) => {
    const ids: string[] = [];
    for (const part of parts) {
      const { rows } = await client.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         VALUES ($1, '/images/parts/dc-jack.svg', $2, $3, $4, $5) RETURNING id`,
        [
          part.name,
          part.priceCents ?? 1000,
          part.available ?? 100,
          part.minOrderQuantity ?? 1,
          part.shortDesc ?? "A part made by a test",
        ],
      );
      ids.push(rows[0].id);
    }
    return ids;
  });
}
