import crypto from "node:crypto";
import pg from "pg";
import pino from "pino";
import type { DataSource } from "typeorm";
import { afterAll, inject } from "vitest";
import { startStripeSandbox, sandboxKeys } from "../../../../dev/src/payment-sandbox/stripe-sandbox";
import { createDataSource } from "../../../src/db/data-source";
import { seedZones } from "../../../src/db/seed-zones";
import { SHIP_TO } from "./sale";
import { User } from "../../../src/domain/accounts/user.entity";
import { SILENT_COUNTERS } from "../../../src/domain/counters";
import { CheckoutService } from "../../../src/domain/orders/checkout.service";
import { NO_ORDER_EFFECTS, OrderService, type HoldPolicy } from "../../../src/domain/orders/order.service";
import { PaymentService } from "../../../src/domain/payments/payment.service";
import { AddressBookService } from "../../../src/domain/addresses/address-book.service";
import type { Place } from "../../../src/domain/addresses/places";
import { OrderDeliveryService } from "../../../src/domain/orders/order-delivery.service";
import { SaleService } from "../../../src/domain/pricing/sale.service";
import { ShippingZoneService } from "../../../src/domain/shipping/shipping-zone.service";
import { TaxZoneService } from "../../../src/domain/tax/tax-zone.service";
import { stripeClient } from "../../../src/stripe";
import { copyDatabase, dropDatabase } from "../../support/database-server";

/** The stripe SDK's client as the shop's code types it. */
type ShopStripe = ReturnType<typeof stripeClient>;

/*
 * The service tier's fixtures: a database of the test file's own, copied from the migrated
 * template, the domain services on it as the shop wires them (services.ts), and the payment
 * sandbox reached through the real stripe SDK. Everything started here is stopped after the file.
 */

const stops: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const silentLog = pino({ level: "silent" });

/** The file's own database, copied from the template: a DataSource on it (each call another pool, as another process would have). */
let databaseUrl: Promise<string> | null = null;
export async function database(poolSize = 4): Promise<DataSource> {
  databaseUrl ??= copyDatabase(inject("serviceTemplateUrl"), "service").then((url) => {
    stops.unshift(() => dropDatabase(url));
    return url;
  });
  const db = createDataSource(await databaseUrl, silentLog, { poolSize });
  await db.initialize();
  stops.push(() => db.destroy());
  return db;
}

/** Runs `work` on a plain pg client of the file's database (what tools such as check:invariants take). */
export async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!databaseUrl) throw new Error("database() first: the file's database is made by it");
  const client = new pg.Client({ connectionString: await databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The payment sandbox (no webhooks: a test settles what it wants to), and the stripe SDK pointed at it. */
export async function paymentSandbox(): Promise<{ stripe: ShopStripe; url: string; publishableKey: string }> {
  const keys = sandboxKeys();
  const sandbox = await startStripeSandbox({ port: 0, ...keys });
  stops.push(() => sandbox.close());
  // The shop's own client, pointed at the sandbox as the harness points it.
  const stripe = stripeClient({ ...keys, apiUrl: sandbox.url, sandboxPublicUrl: null });
  return { stripe, url: sandbox.url, publishableKey: keys.publishableKey };
}

/** The default policy of a shop: an hour's hold, 10 unpaid orders, $5,000 unpaid. */
export const SHOP_HOLDS: HoldPolicy = { minutes: 60, maxUnpaidOrders: 10, maxUnpaidCents: 500_000 };

/** Where a visitor's prices are shown as taxed in these tests: the development seller's Oregon (no tax zone). */
export const DISPLAY_PLACE: Place = { country: "US", region: "OR" };

/** The sale's pricing on `db` as the shop wires it: the address book, the shipping and tax zones. */
export function saleServices(db: DataSource, displayPlace: Place = DISPLAY_PLACE) {
  const shippingZones = new ShippingZoneService(db);
  const taxZones = new TaxZoneService(db);
  const addresses = new AddressBookService(db);
  const sales = new SaleService(
    db,
    addresses,
    { zonesForPricing: () => shippingZones.zonesForPricing(), providerForSale: () => taxZones.providerForSale() },
    displayPlace,
  );
  return { sales, addresses, shippingZones, taxZones };
}

/** Orders, checkouts, deliveries and payments on `db`, wired as the shop wires them (without emails: the outbox has tests of its own). */
export function orderServices(db: DataSource, stripe: ShopStripe, holds: HoldPolicy = SHOP_HOLDS) {
  const payments = new PaymentService(db, stripe, null, SILENT_COUNTERS, silentLog);
  const { sales } = saleServices(db);
  return {
    payments,
    sales,
    orders: new OrderService(db, holds, payments, SILENT_COUNTERS, NO_ORDER_EFFECTS),
    checkouts: new CheckoutService(db, holds, SILENT_COUNTERS, sales),
    orderDelivery: new OrderDeliveryService(db, sales),
  };
}

/** A customer (or an admin) as the services see a caller. */
export async function customer(db: DataSource, label = "customer", role: "user" | "admin" = "user"): Promise<User> {
  const [row] = await db.query(`INSERT INTO users (email, role, display_name) VALUES ($1, $2, $3) RETURNING id`, [
    `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`,
    role,
    `Test ${label}`,
  ]);
  return db.getRepository(User).findOneByOrFail({ databaseId: row.id });
}

/** A part on sale with known stock and price. */
export async function part(db: DataSource, fields: { available: number; priceCents?: number }): Promise<string> {
  const [row] = await db.query(
    `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
     VALUES ($1, '/images/parts/dc-jack.svg', $2, $3, 1, 'A part made by a test') RETURNING id`,
    [`Test part ${crypto.randomBytes(3).toString("hex")}`, fields.priceCents ?? 1250, fields.available],
  );
  return row.id;
}

/** The spec's reservation form: a free-text address and phone. */
export const ADDRESS = { address: "12 Harbour Road, Bristol", phone: "0123456789" };

/**
 * The shop's seeded zones (src/db/seed-zones.ts) on `db`, once: what a checkout ships with in these
 * tests. Answers the database ids of the United States' methods by kind.
 */
export async function seededZones(db: DataSource): Promise<{ standard: string; express: string; collection: string }> {
  await db.transaction((tx) => seedZones(tx));
  const rows: Array<{ kind: "standard" | "express" | "collection"; id: string }> = await db.query(
    `SELECT m.kind, m.id FROM shipping_methods m JOIN shipping_zones z ON z.id = m.zone_id WHERE z.name = 'United States'`,
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.id])) as Record<
    "standard" | "express" | "collection",
    string
  >;
}

/** A checkout's delivery in these tests: an Oregon address (no tax) by a US method (seededZones). */
export const shipToOregon = (methodId: string) => ({ shipTo: { address: SHIP_TO.oregon }, shippingMethodId: methodId });
