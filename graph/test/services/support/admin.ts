import crypto from "node:crypto";
import { User } from "../../../src/domain/accounts/user.entity";
import { AuditService } from "../../../src/domain/audit/audit.service";
import { PartService } from "../../../src/domain/catalogue/part.service";
import { OverviewService } from "../../../src/domain/reports/overview.service";
import { checkInvariants } from "../../../src/ops/check-invariants";
import { payInSandbox } from "../../support/fixtures";
import { ADDRESS, customer, database, orderServices, paymentSandbox, withClient } from "./services";

/*
 * The admins' services on the file's own database (orders and their search, the parts list, the
 * overview, the history), wired as createServices wires them, and the rows their tests start from.
 */

/** Holds that never refuse a test's orders: these files place many unpaid ones for one customer. */
const ROOMY_HOLDS = { minutes: 60, maxUnpaidOrders: 1000, maxUnpaidCents: 100_000_000 };

export type AdminShop = Awaited<ReturnType<typeof adminShop>>;

/** The file's database, the admins' services on it, and an admin to call them as. */
export async function adminShop() {
  const db = await database();
  const sandbox = await paymentSandbox();
  const { orders, payments } = orderServices(db, sandbox.stripe, ROOMY_HOLDS);
  const parts = new PartService(db);
  const shop = {
    db,
    orders,
    parts,
    overview: new OverviewService(db, parts),
    audit: new AuditService(db),
    admin: await customer(db, "admin", "admin"),
    /** Another order service on the same database, as another process of the shop (with statistics read afresh). */
    anotherOrderService: () => orderServices(db, sandbox.stripe, ROOMY_HOLDS).orders,

    /** A customer whose email begins with `label`, named `displayName`. */
    async customer(label: string, displayName = `Test ${label}`): Promise<User> {
      const [row] = await db.query(
        `INSERT INTO users (email, role, display_name) VALUES ($1, 'user', $2) RETURNING id`,
        [`${label}-${crypto.randomBytes(5).toString("hex")}@example.com`, displayName],
      );
      return db.getRepository(User).findOneByOrFail({ databaseId: row.id });
    },

    /** A part on sale, named as given (or uniquely). */
    async part(fields: { available: number; name?: string; priceCents?: number }): Promise<string> {
      const [row] = await db.query(
        `INSERT INTO parts (name, img, price_cents, available, min_order_quantity, short_desc)
         VALUES ($1, '/images/parts/dc-jack.svg', $2, $3, 1, 'A part made by a test') RETURNING id`,
        [
          fields.name ?? `Test part ${crypto.randomBytes(3).toString("hex")}`,
          fields.priceCents ?? 1250,
          fields.available,
        ],
      );
      return row.id;
    },

    /** A reservation through the order service, as POST /order makes it: its id. */
    async place(buyer: User, partId: string, quantity = 1): Promise<string> {
      return (await orders.place(buyer, { partId, quantity, ...ADDRESS })).databaseId;
    },

    /** The order paid by card in the payment sandbox and confirmed, as the checkout page does: the transaction id. */
    async pay(buyer: User, orderId: string): Promise<string> {
      const { clientSecret } = await payments.createIntent(buyer, orderId);
      const transactionId = await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
      await payments.confirm(buyer, orderId, transactionId);
      return transactionId;
    },

    /** What check:invariants reports of the file's database. */
    invariants: () => withClient((client) => checkInvariants(client)),
  };
  return shop;
}

/** The database ids of a page's orders, in its order. */
export const idsOf = (page: { edges: Array<{ node: { databaseId: string } }> }) =>
  page.edges.map((edge) => edge.node.databaseId);
