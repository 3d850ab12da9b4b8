import { DataSource, EntityManager } from "typeorm";
import { Role, User } from "../accounts/user.entity";
import { Actor, authorize, sameEmail } from "../actor";
import { badInput, conflict, forbidden, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, paginate } from "../pagination";
import { Order, OrderStatus } from "./order.entity";

/** A reservation as the customer asks for it. */
export interface PlaceOrder {
  partId: string;
  quantity: number;
  address: string;
  phone: string;
}

const UNIQUE_VIOLATION = "23505";
export const ALREADY_ORDERED = "Already ordered";

interface PendingReservation {
  customer: User;
  input: PlaceOrder;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

interface LockedPart {
  name: string;
  price_cents: number;
  available: number;
  min_order_quantity: number;
}

export class OrderService {
  /** Reservations waiting for their part's next transaction, by part id. */
  private readonly pending = new Map<string, PendingReservation[]>();
  private readonly reserving = new Set<string>();

  constructor(private readonly db: DataSource) {}

  /**
   * Reserves stock and records the order. Every reservation of a part runs under that part's row
   * lock, so concurrent orders, in this process or another, can never oversell, and "one unpaid
   * order per customer and part" is checked race-free (a partial unique index backs it up).
   * Reservations of one part that arrive while its previous transaction runs are made together in
   * the next one: a sale is limited by one commit per batch instead of one per order.
   */
  async place(actor: Actor, input: PlaceOrder): Promise<Order> {
    const customer = authorize(actor, "USER");
    const partId = databaseIdOf(input.partId);
    if (!partId) throw notFound("Part");
    return new Promise<Order>((resolve, reject) => {
      const queue = this.pending.get(partId) ?? [];
      queue.push({ customer, input, resolve, reject });
      this.pending.set(partId, queue);
      if (!this.reserving.has(partId)) void this.reserveQueued(partId);
    });
  }

  private async reserveQueued(partId: string): Promise<void> {
    this.reserving.add(partId);
    try {
      for (let batch = this.pending.get(partId); batch?.length; batch = this.pending.get(partId)) {
        this.pending.delete(partId);
        await this.reserveBatch(partId, batch);
      }
    } finally {
      this.reserving.delete(partId);
    }
  }

  /** One transaction for a batch; each reservation is answered only once it is committed. */
  private async reserveBatch(partId: string, batch: PendingReservation[]): Promise<void> {
    const outcomes = new Map<PendingReservation, Order | Error>();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          outcomes.clear();
          const [part]: LockedPart[] = await tx.query(`SELECT name, price_cents, available, min_order_quantity FROM parts WHERE id = $1 FOR UPDATE`, [partId]);
          if (!part) {
            for (const item of batch) outcomes.set(item, notFound("Part"));
            return;
          }
          const open: Array<{ user_id: string }> = await tx.query(
            `SELECT user_id FROM orders WHERE part_id = $1 AND status = 'unpaid' AND user_id = ANY($2::uuid[])`,
            [partId, batch.map((item) => item.customer.databaseId)],
          );
          const ordered = new Set(open.map((row) => row.user_id));
          let available = part.available;
          const accepted: Order[] = [];
          for (const item of batch) {
            const refusal = this.refusal(part, available, item, ordered);
            if (refusal) {
              outcomes.set(item, refusal);
              continue;
            }
            available -= item.input.quantity;
            ordered.add(item.customer.databaseId);
            const order = this.newOrder(partId, part, item);
            accepted.push(order);
            outcomes.set(item, order);
          }
          if (accepted.length === 0) return;
          await this.insertOrders(tx, accepted);
          await tx.query(`UPDATE parts SET available = $2 WHERE id = $1`, [partId, available]);
        });
        break;
      } catch (error: any) {
        // The lock makes a duplicate impossible here; should the index still object, the batch is
        // made again and the check above answers "Already ordered" for that reservation alone.
        const duplicate = error?.driverError?.code === UNIQUE_VIOLATION || error?.code === UNIQUE_VIOLATION;
        if (duplicate && attempt < 3) continue;
        for (const item of batch) item.reject(duplicate ? conflict(ALREADY_ORDERED) : error);
        return;
      }
    }
    for (const item of batch) {
      const outcome = outcomes.get(item)!;
      if (outcome instanceof Error) item.reject(outcome);
      else item.resolve(outcome);
    }
  }

  private refusal(part: LockedPart, available: number, item: PendingReservation, ordered: Set<string>): Error | null {
    const quantity = item.input.quantity;
    if (ordered.has(item.customer.databaseId)) return conflict(ALREADY_ORDERED);
    if (quantity < part.min_order_quantity) return badInput(`The minimum order for ${part.name} is ${part.min_order_quantity}`);
    if (available === 0) return badInput(`${part.name} is out of stock`);
    if (quantity > available) return badInput(`Only ${available} of ${part.name} are available`);
    return null;
  }

  private newOrder(partId: string, part: LockedPart, { customer, input }: PendingReservation): Order {
    return Object.assign(new Order(), {
      partId,
      partName: part.name,
      quantity: input.quantity,
      unitPriceCents: part.price_cents,
      totalCents: part.price_cents * input.quantity,
      userId: customer.databaseId,
      userEmail: customer.email,
      userName: customer.displayName ?? customer.email.split("@")[0],
      address: input.address.trim(),
      phone: input.phone.trim(),
      status: OrderStatus.UNPAID,
      paymentIntentId: null,
      transactionId: null,
      paidAt: null,
      cancelledAt: null,
    });
  }

  /**
   * One statement for the batch's orders (all of one part, at most one per customer), with column
   * arrays rather than a parameter per value; the generated columns come back onto the entities.
   */
  private async insertOrders(tx: EntityManager, orders: Order[]): Promise<void> {
    const [first] = orders;
    const rows: Array<{ id: string; seq: string; created_at: Date; user_id: string }> = await tx.query(
      `INSERT INTO orders (part_id, part_name, unit_price_cents, status, quantity, total_cents, user_id, user_email, user_name, address, phone)
       SELECT $1, $2, $3, 'unpaid', o.quantity, o.total_cents, o.user_id, o.user_email, o.user_name, o.address, o.phone
       FROM unnest($4::int[], $5::int[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS o(quantity, total_cents, user_id, user_email, user_name, address, phone)
       RETURNING id, seq, created_at, user_id`,
      [
        first.partId,
        first.partName,
        first.unitPriceCents,
        orders.map((o) => o.quantity),
        orders.map((o) => o.totalCents),
        orders.map((o) => o.userId),
        orders.map((o) => o.userEmail),
        orders.map((o) => o.userName),
        orders.map((o) => o.address),
        orders.map((o) => o.phone),
      ],
    );
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    for (const order of orders) {
      const row = byUser.get(order.userId)!;
      order.databaseId = row.id;
      order.seq = row.seq;
      order.createdAt = row.created_at;
    }
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
    const databaseId = databaseIdOf(id);
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
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw notFound("Order");
    return this.db.transaction(async (tx) => {
      const order = await tx.getRepository(Order).createQueryBuilder("o").setLock("pessimistic_write").where(`o.id = :id`, { id: databaseId }).getOne();
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
