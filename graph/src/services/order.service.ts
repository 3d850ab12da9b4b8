import { DataSource, EntityManager } from "typeorm";
import { Order, OrderStatus, Part, Role, User } from "../db/entities";
import { returnedRows } from "../db/sql";
import { badInput, conflict, forbidden, notFound } from "../errors";
import { toDatabaseId } from "../graphql/global-id";
import { PlaceOrderInput } from "../inputs/inputs";
import { Actor, authorize, sameEmail } from "./actor";
import { Page, PageRequest, paginate } from "./pagination";

const UNIQUE_VIOLATION = "23505";
export const ALREADY_ORDERED = "Already ordered";

export class OrderService {
  constructor(private readonly db: DataSource) {}

  /**
   * Reserves stock and records the order in one transaction. The stock decrement is a single
   * conditional UPDATE, so concurrent orders can never oversell; a partial unique index makes
   * "one unpaid order per customer and part" hold under concurrency too.
   */
  async place(actor: Actor, input: PlaceOrderInput): Promise<Order> {
    const customer = authorize(actor, "USER");
    const partId = toDatabaseId("Part", input.partId);
    if (!partId) throw notFound("Part");
    const quantity = input.quantity;
    try {
      return await this.db.transaction(async (tx) => {
        const reserved = returnedRows<{ name: string; price_cents: number }>(
          await tx.query(
          `UPDATE parts SET available = available - $2
           WHERE id = $1 AND available >= $2 AND min_order_quantity <= $2
           RETURNING name, price_cents`,
            [partId, quantity],
          ),
        );
        if (reserved.length === 0) throw await this.explainRefusedQuantity(tx, partId, quantity);
        const { name, price_cents: unitPriceCents } = reserved[0];
        const order = tx.getRepository(Order).create({
          partId,
          partName: name,
          quantity,
          unitPriceCents,
          totalCents: unitPriceCents * quantity,
          userId: customer.databaseId,
          userEmail: customer.email,
          userName: customer.displayName ?? customer.email.split("@")[0],
          address: input.address.trim(),
          phone: input.phone.trim(),
          status: OrderStatus.UNPAID,
          transactionId: null,
          paidAt: null,
          cancelledAt: null,
        });
        return tx.getRepository(Order).save(order);
      });
    } catch (error: any) {
      if (error?.driverError?.code === UNIQUE_VIOLATION || error?.code === UNIQUE_VIOLATION) throw conflict(ALREADY_ORDERED);
      throw error;
    }
  }

  private async explainRefusedQuantity(tx: EntityManager, partId: string, quantity: number): Promise<Error> {
    const part = await tx.getRepository(Part).findOneBy({ databaseId: partId });
    if (!part) return notFound("Part");
    if (quantity < part.minOrderQuantity) return badInput(`The minimum order for ${part.name} is ${part.minOrderQuantity}`);
    if (part.available === 0) return badInput(`${part.name} is out of stock`);
    return badInput(`Only ${part.available} of ${part.name} are available`);
  }

  /** The live (not cancelled) orders of one email: one's own, or anyone's for an admin. */
  listForEmail(actor: Actor, email: string, page: PageRequest): Promise<Page<Order>> {
    const caller = authorize(actor, "USER");
    if (!sameEmail(caller.email, email) && caller.role !== Role.ADMIN) {
      throw forbidden("You can only see your own orders");
    }
    return this.listLive(page, email.trim().toLowerCase());
  }

  listAll(actor: Actor, page: PageRequest): Promise<Page<Order>> {
    authorize(actor, "ADMIN");
    return this.listLive(page);
  }

  private listLive(page: PageRequest, email?: string): Promise<Page<Order>> {
    const query = this.db.getRepository(Order).createQueryBuilder("o").where(`o.status <> 'cancelled'`);
    if (email) query.andWhere(`o.user_email = :email`, { email });
    return paginate(query, page, "DESC");
  }

  /** One order, for its owner or an admin; anyone else is told it does not exist. */
  async get(actor: Actor, id: string): Promise<Order> {
    const caller = authorize(actor, "USER");
    const databaseId = toDatabaseId("Order", id);
    const order = databaseId ? await this.db.getRepository(Order).findOneBy({ databaseId }) : null;
    if (!order || order.status === OrderStatus.CANCELLED || !this.mayRead(caller, order)) throw notFound("Order");
    return order;
  }

  /** The owner cancels an unpaid order; the reserved stock goes back. */
  cancel(actor: Actor, id: string): Promise<Order> {
    const caller = authorize(actor, "USER");
    return this.cancelWhere(id, (order) => order.userId === caller.databaseId);
  }

  /** An admin cancels any unpaid order (the "Delete order" button of the admin order list). */
  adminCancel(actor: Actor, id: string): Promise<Order> {
    authorize(actor, "ADMIN");
    return this.cancelWhere(id, () => true);
  }

  private cancelWhere(id: string, allowed: (order: Order) => boolean): Promise<Order> {
    const databaseId = toDatabaseId("Order", id);
    if (!databaseId) throw notFound("Order");
    return this.db.transaction(async (tx) => {
      const order = await tx
        .getRepository(Order)
        .createQueryBuilder("o")
        .setLock("pessimistic_write")
        .where(`o.id = :id`, { id: databaseId })
        .getOne();
      if (!order || order.status === OrderStatus.CANCELLED || !allowed(order)) throw notFound("Order");
      if (order.status === OrderStatus.PAID) throw conflict("A paid order cannot be cancelled");
      await tx.query(`UPDATE orders SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [order.databaseId]);
      await tx.query(`UPDATE parts SET available = available + $2 WHERE id = $1`, [order.partId, order.quantity]);
      order.status = OrderStatus.CANCELLED;
      order.cancelledAt = new Date();
      return order;
    });
  }

  private mayRead(caller: User, order: Order): boolean {
    return order.userId === caller.databaseId || caller.role === Role.ADMIN;
  }
}
