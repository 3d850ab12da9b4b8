import { type DataSource, type EntityManager, In } from "typeorm";
import type { PostalAddress } from "../addresses/address-rules";
import { Role, type User } from "../accounts/user.entity";
import { type Actor, authorize } from "../actor";
import { type AuditRecord, recordAudits } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import { badInput, conflict, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { type Page, type PageRequest, pageOf } from "../pagination";
import { headerIdOfLine, lockHeaderLines } from "../orders/order-changes";
import { Order, type OrderStatus } from "../orders/order.entity";
import { CARRIERS, type Carrier, carrierNamed, trackingNumberOf } from "./carriers";
import {
  deliveredAtOf,
  FulfilmentStatus,
  fulfilmentStatusOf,
  leftToShip,
  type LineTaken,
  type RequestedLine,
  shipmentTake,
} from "./fulfilment-rules";
import {
  fulfilmentOfHeaders,
  insertShipment,
  lockShipment,
  markDelivered,
  ownerOfHeader,
  readLines,
  readShipment,
} from "./queries/shipments";
import {
  countWaiting,
  decodeQueueCursor,
  encodeQueueCursor,
  headersWithLines,
  waitingHeaders,
} from "./queries/to-ship-queue";
import type { Shipment } from "./shipment.entity";

export { FulfilmentStatus } from "./fulfilment-rules";

/** A shipment as an admin records it; line ids are database ids ("" for an id that names none). */
export interface ShipmentRequest {
  /** Any line of the order: the shipment is of its whole order. */
  orderId: string;
  /** Null: everything left to ship. */
  lines: RequestedLine[] | null;
  carrier: string;
  trackingNumber: string;
}

/** A line of a parcel: the order line and how many of its units are in it. */
export interface ParcelLine {
  order: Order;
  quantity: number;
}

/** What fulfilment announces, inside the transaction that records it (the outbox writes the shipping email there). */
export interface FulfilmentEffects {
  shipped(tx: EntityManager, shipment: Shipment, parcel: readonly ParcelLine[]): Promise<void>;
}

export const NO_FULFILMENT_EFFECTS: FulfilmentEffects = { shipped: async () => undefined };

/** An order's fulfilment as its page shows it. */
export interface OrderFulfilment {
  /** Null unless it is paid (or shipped before a refund). */
  status: FulfilmentStatus | null;
  /** Oldest first. */
  shipments: Shipment[];
  /** The last shipment's delivery, once everything shipped is delivered. */
  deliveredAt: Date | null;
}

/** A line of an order waiting in the To-ship queue. */
export interface LineToShip {
  order: Order;
  partName: string;
  partNumber: string | null;
  quantity: number;
  shipped: number;
  toShip: number;
}

/** A paid order waiting in the To-ship queue: what is left to pack, and where it goes. */
export interface OrderToShip {
  order: Order;
  paidAt: Date;
  customerName: string;
  customerEmail: string;
  shipTo: PostalAddress | null;
  address: string;
  shippingMethodName: string | null;
  fulfilment: FulfilmentStatus;
  lines: LineToShip[];
}

const NO_FULFILMENT: OrderFulfilment = { status: null, shipments: [], deliveredAt: null };

/**
 * Fulfilment (docs/product.md, "Fulfilment"): the To-ship queue, shipments of an order's paid
 * lines with their carrier and tracking number, their delivery, and where an order stands. A
 * shipment is recorded under its order's lock (as payments and refunds take it), so two recorded
 * at once never ship more than was ordered; the database refuses it besides.
 */
export class FulfilmentService {
  constructor(
    private readonly db: DataSource,
    private readonly effects: FulfilmentEffects = NO_FULFILMENT_EFFECTS,
  ) {}

  /** The carriers the shop ships with. */
  carriers(): readonly Carrier[] {
    return CARRIERS;
  }

  /**
   * Records a parcel of an order's paid lines (everything left when it names none), adds its units
   * to each line's shipped units, writes the history and the shipping email.
   */
  async recordShipment(actor: Actor, request: ShipmentRequest): Promise<Shipment> {
    const admin = authorize(actor, "ADMIN");
    const carrier = carrierNamed(request.carrier);
    const trackingNumber = trackingNumberOf(request.trackingNumber);
    const lineId = databaseIdOf(request.orderId);
    const headerId = lineId ? await headerIdOfLine(this.db.manager, lineId) : null;
    if (!headerId) throw notFound("Order");
    return this.db.transaction(async (tx) => {
      const locked = await lockHeaderLines(tx, headerId);
      if (!locked) throw notFound("Order");
      const lines = locked.header.orders;
      const taken = shipmentTake(
        lines.map((line) => ({
          id: line.databaseId,
          status: line.status,
          quantity: line.quantity,
          shipped: line.shippedQuantity,
        })),
        request.lines,
      );
      const shipment = await insertShipment(
        tx,
        { checkoutId: headerId, carrierCode: carrier.code, trackingNumber, createdBy: admin.databaseId },
        taken,
      );
      const parcel = this.parcelOf(lines, taken);
      shipment.lines = parcel.map(({ order, quantity }) => ({
        orderId: order.databaseId,
        partName: order.partName,
        quantity,
      }));
      await recordAudits(
        tx,
        admin,
        parcel.map(({ order, quantity }) => this.shippedEntry(order, quantity, shipment)),
      );
      for (const { order, quantity } of parcel) order.shippedQuantity += quantity;
      await this.effects.shipped(tx, shipment, parcel);
      return shipment;
    });
  }

  /**
   * Marks a shipment delivered, now or at `deliveredAt`: never in the future nor before it was
   * shipped (BAD_USER_INPUT naming deliveredAt); a shipment is marked once (CONFLICT).
   */
  async markDelivered(actor: Actor, shipmentId: string, deliveredAt: Date | null): Promise<Shipment> {
    const admin = authorize(actor, "ADMIN");
    const id = databaseIdOf(shipmentId);
    if (!id) throw notFound("Shipment");
    const now = new Date();
    if (deliveredAt && deliveredAt.getTime() > now.getTime())
      throw badInput("deliveredAt must not be in the future", {
        fields: { deliveredAt: ["A delivery cannot be in the future"] },
      });
    return this.db.transaction(async (tx) => {
      const shipment = await lockShipment(tx, id);
      if (!shipment) throw notFound("Shipment");
      if (shipment.deliveredAt) throw conflict("This shipment was marked delivered already");
      // Left out: now, and never before the shipment itself (clocks of two machines may differ a little).
      const at = deliveredAt ?? new Date(Math.max(now.getTime(), shipment.shippedAt.getTime()));
      if (at.getTime() < shipment.shippedAt.getTime())
        throw badInput("deliveredAt must not be before the shipment was shipped", {
          fields: { deliveredAt: [`The parcel was shipped at ${shipment.shippedAt.toISOString()}`] },
        });
      await markDelivered(tx, id, at);
      shipment.deliveredAt = at;
      await readLines(tx, [shipment]);
      await recordAudits(
        tx,
        admin,
        shipment.lines.map((line) => this.deliveredEntry(line.orderId, line.quantity, shipment)),
      );
      return shipment;
    });
  }

  /** The To-ship queue (admins): paid orders with something left to ship, oldest payment first. */
  async toShip(actor: Actor, page: PageRequest): Promise<Page<OrderToShip> & { totalCount: number }> {
    authorize(actor, "ADMIN");
    const after = page.after ? decodeQueueCursor(page.after) : null;
    const positions = await waitingHeaders(this.db.manager, after, page.first + 1);
    const [{ headers, partNumbers }, totalCount] = await Promise.all([
      headersWithLines(
        this.db.manager,
        positions.map((position) => position.headerId),
      ),
      countWaiting(this.db.manager),
    ]);
    const nodes = positions.flatMap((position) => {
      const header = headers.get(position.headerId);
      const lines = header?.orders ?? [];
      if (!header || lines.length === 0) return [];
      const paidTimes = lines.flatMap((line) => (line.paidAt ? [line.paidAt.getTime()] : []));
      const node: OrderToShip & { position: typeof position } = {
        position,
        order: lines[0],
        paidAt: new Date(Math.min(...paidTimes)),
        customerName: header.userName ?? lines[0].userName,
        customerEmail: header.userEmail ?? lines[0].userEmail,
        shipTo: header.shipTo,
        address: header.address ?? lines[0].address,
        shippingMethodName: header.shippingMethodName,
        fulfilment: lines.some((line) => line.shippedQuantity > 0)
          ? FulfilmentStatus.PARTLY_SHIPPED
          : FulfilmentStatus.TO_SHIP,
        lines: lines.map((line) => ({
          order: line,
          partName: line.partName,
          partNumber: partNumbers.get(line.partId) ?? null,
          quantity: line.quantity,
          shipped: line.shippedQuantity,
          toShip: leftToShip({ status: line.status, quantity: line.quantity, shipped: line.shippedQuantity }),
        })),
      };
      return [node];
    });
    return { ...pageOf(nodes, page.first, (node) => encodeQueueCursor(node.position)), totalCount };
  }

  /**
   * The fulfilment of orders (headers) whose lines the caller was already allowed to read (an
   * order's `fulfilment`, `shipments`, `deliveredAt`): one statement for every order a page shows.
   */
  async ofHeaders(headerIds: readonly string[]): Promise<OrderFulfilment[]> {
    const rows = await fulfilmentOfHeaders(this.db.manager, headerIds);
    return headerIds.map((id) => {
      const row = rows.get(id);
      if (!row) return NO_FULFILMENT;
      const status = fulfilmentStatusOf(
        row.lines.map((line) => ({ ...line, status: line.status as OrderStatus })),
        row.shipments,
      );
      return { status, shipments: row.shipments, deliveredAt: deliveredAtOf(status, row.shipments) };
    });
  }

  /** Order lines by id, for shipments already read by someone allowed to (one statement). */
  linesById(ids: readonly string[]): Promise<Order[]> {
    return this.db.getRepository(Order).findBy({ databaseId: In([...ids]) });
  }

  /** One shipment, for its order's customer or an admin; anyone else is told it does not exist. */
  async getShipment(actor: Actor, shipmentId: string): Promise<Shipment> {
    const caller = authorize(actor, "USER");
    const id = databaseIdOf(shipmentId);
    const shipment = id ? await readShipment(this.db.manager, id) : null;
    if (!shipment || !(await this.mayRead(caller, shipment.checkoutId))) throw notFound("Shipment");
    return shipment;
  }

  private async mayRead(caller: User, headerId: string): Promise<boolean> {
    return caller.role === Role.ADMIN || (await ownerOfHeader(this.db.manager, headerId)) === caller.databaseId;
  }

  /** The parcel's lines in the order's line order, each with the units it takes. */
  private parcelOf(lines: readonly Order[], taken: readonly LineTaken[]): ParcelLine[] {
    const units = new Map(taken.map((line) => [line.lineId, line.quantity]));
    return lines
      .filter((line) => units.has(line.databaseId))
      .map((order) => ({ order, quantity: units.get(order.databaseId)! }));
  }

  private shippedEntry(order: Order, quantity: number, shipment: Shipment): AuditRecord {
    const facts = {
      shipment: shipment.databaseId,
      carrier: shipment.carrier.name,
      trackingNumber: shipment.trackingNumber,
    };
    return {
      action: AuditAction.ORDER_SHIPPED,
      entityType: AuditEntityType.ORDER,
      entityId: order.databaseId,
      before: { shipped: order.shippedQuantity },
      after: { shipped: order.shippedQuantity + quantity, quantity, ...facts },
    };
  }

  private deliveredEntry(orderId: string, quantity: number, shipment: Shipment): AuditRecord {
    const facts = {
      shipment: shipment.databaseId,
      carrier: shipment.carrier.name,
      trackingNumber: shipment.trackingNumber,
      quantity,
    };
    return {
      action: AuditAction.SHIPMENT_DELIVERED,
      entityType: AuditEntityType.ORDER,
      entityId: orderId,
      before: { ...facts, deliveredAt: null },
      after: { ...facts, deliveredAt: shipment.deliveredAt!.toISOString() },
    };
  }
}
