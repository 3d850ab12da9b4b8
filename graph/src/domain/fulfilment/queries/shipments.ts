import type { EntityManager } from "typeorm";
import { returnedRows } from "../../../db/sql";
import type { LineTaken } from "../fulfilment-rules";
import { Shipment, type ShipmentLine } from "../shipment.entity";

/** How shipments are written and read: the fulfilment service decides, under the order's lock. */

interface ShipmentRow {
  id: string;
  seq: string;
  checkout_id: string;
  carrier: string;
  tracking_number: string;
  shipped_at: Date;
  delivered_at: Date | null;
  created_by: string;
}

const SHIPMENT_COLUMNS = `s.id, s.seq, s.checkout_id, s.carrier, s.tracking_number, s.shipped_at, s.delivered_at, s.created_by`;

function shipmentOf(row: ShipmentRow): Shipment {
  const shipment = new Shipment();
  Object.assign(shipment, {
    databaseId: row.id,
    seq: String(row.seq),
    checkoutId: row.checkout_id,
    carrierCode: row.carrier,
    trackingNumber: row.tracking_number,
    shippedAt: row.shipped_at,
    deliveredAt: row.delivered_at,
    createdBy: row.created_by,
  });
  return shipment;
}

/** A new shipment of an order and its lines, and the lines' shipped units added (the database refuses more than ordered). */
export async function insertShipment(
  tx: EntityManager,
  shipment: { checkoutId: string; carrierCode: string; trackingNumber: string; createdBy: string },
  taken: readonly LineTaken[],
): Promise<Shipment> {
  const [row] = returnedRows<ShipmentRow>(
    await tx.query(
      `INSERT INTO shipments AS s (checkout_id, carrier, tracking_number, created_by) VALUES ($1, $2, $3, $4)
       RETURNING ${SHIPMENT_COLUMNS}`,
      [shipment.checkoutId, shipment.carrierCode, shipment.trackingNumber, shipment.createdBy],
    ),
  );
  const ids = taken.map((line) => line.lineId);
  const quantities = taken.map((line) => line.quantity);
  await tx.query(
    `INSERT INTO shipment_lines (shipment_id, order_id, quantity) SELECT $1, l.order_id, l.quantity
     FROM unnest($2::uuid[], $3::int[]) AS l(order_id, quantity)`,
    [row.id, ids, quantities],
  );
  await tx.query(
    `UPDATE orders o SET shipped_quantity = o.shipped_quantity + l.quantity
     FROM unnest($1::uuid[], $2::int[]) AS l(order_id, quantity) WHERE o.id = l.order_id`,
    [ids, quantities],
  );
  return shipmentOf(row);
}

/** A shipment locked for a change, or null when there is none. */
export async function lockShipment(tx: EntityManager, shipmentId: string): Promise<Shipment | null> {
  const rows: ShipmentRow[] = await tx.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.id = $1 FOR UPDATE`, [
    shipmentId,
  ]);
  return rows.length ? shipmentOf(rows[0]) : null;
}

/** Sets a shipment's delivery date. */
export async function markDelivered(tx: EntityManager, shipmentId: string, deliveredAt: Date): Promise<void> {
  await tx.query(`UPDATE shipments SET delivered_at = $2 WHERE id = $1`, [shipmentId, deliveredAt]);
}

/** One shipment with its lines, or null. */
export async function readShipment(manager: EntityManager, shipmentId: string): Promise<Shipment | null> {
  const rows: ShipmentRow[] = await manager.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.id = $1`, [
    shipmentId,
  ]);
  if (!rows.length) return null;
  const shipment = shipmentOf(rows[0]);
  await readLines(manager, [shipment]);
  return shipment;
}

/** Sets each shipment's lines, oldest order line first. */
export async function readLines(manager: EntityManager, shipments: readonly Shipment[]): Promise<void> {
  if (shipments.length === 0) return;
  const rows: Array<{ shipment_id: string; order_id: string; part_name: string; quantity: number }> =
    await manager.query(
      `SELECT l.shipment_id, l.order_id, o.part_name, l.quantity FROM shipment_lines l JOIN orders o ON o.id = l.order_id
       WHERE l.shipment_id = ANY($1::uuid[]) ORDER BY o.seq`,
      [shipments.map((shipment) => shipment.databaseId)],
    );
  const byId = new Map(shipments.map((shipment) => [shipment.databaseId, shipment]));
  for (const shipment of shipments) shipment.lines = [];
  for (const row of rows)
    byId
      .get(row.shipment_id)
      ?.lines.push({ orderId: row.order_id, partName: row.part_name, quantity: row.quantity } satisfies ShipmentLine);
}

/** What fulfilment shows of an order (header): its lines not cancelled and its shipments, oldest first. */
export interface HeaderFulfilmentRows {
  lines: Array<{ id: string; status: string; quantity: number; shipped: number }>;
  shipments: Shipment[];
}

interface ShipmentJson {
  id: string;
  seq: string | number;
  carrier: string;
  trackingNumber: string;
  shippedAt: string;
  deliveredAt: string | null;
  createdBy: string;
  lines: ShipmentLine[];
}

/**
 * The lines and shipments (with their lines) of orders (headers), in one statement however many
 * orders a page shows: what an order's fulfilment, shipments and delivery date are made of.
 */
export async function fulfilmentOfHeaders(
  manager: EntityManager,
  headerIds: readonly string[],
): Promise<Map<string, HeaderFulfilmentRows>> {
  if (headerIds.length === 0) return new Map();
  const rows: Array<{ header_id: string; lines: HeaderFulfilmentRows["lines"]; shipments: ShipmentJson[] }> =
    await manager.query(
      `SELECT h.id AS header_id,
         (SELECT coalesce(json_agg(json_build_object('id', o.id, 'status', o.status, 'quantity', o.quantity, 'shipped', o.shipped_quantity) ORDER BY o.seq), '[]')
          FROM orders o WHERE o.checkout_id = h.id AND o.status <> 'cancelled') AS lines,
         (SELECT coalesce(json_agg(json_build_object('id', s.id, 'seq', s.seq, 'carrier', s.carrier, 'trackingNumber', s.tracking_number,
                   'shippedAt', s.shipped_at, 'deliveredAt', s.delivered_at, 'createdBy', s.created_by,
                   'lines', (SELECT coalesce(json_agg(json_build_object('orderId', l.order_id, 'partName', lo.part_name, 'quantity', l.quantity) ORDER BY lo.seq), '[]')
                             FROM shipment_lines l JOIN orders lo ON lo.id = l.order_id WHERE l.shipment_id = s.id)) ORDER BY s.seq), '[]')
          FROM shipments s WHERE s.checkout_id = h.id) AS shipments
       FROM unnest($1::uuid[]) AS h(id)`,
      [[...new Set(headerIds)]],
    );
  return new Map(
    rows.map((row) => [
      row.header_id,
      {
        lines: row.lines,
        shipments: row.shipments.map((json) => {
          const shipment = shipmentOf({
            id: json.id,
            seq: String(json.seq),
            checkout_id: row.header_id,
            carrier: json.carrier,
            tracking_number: json.trackingNumber,
            shipped_at: new Date(json.shippedAt),
            delivered_at: json.deliveredAt ? new Date(json.deliveredAt) : null,
            created_by: json.createdBy,
          });
          shipment.lines = json.lines;
          return shipment;
        }),
      },
    ]),
  );
}

/** Who placed an order (header), or null when there is none. */
export async function ownerOfHeader(manager: EntityManager, headerId: string): Promise<string | null> {
  const [row]: Array<{ user_id: string }> = await manager.query(`SELECT user_id FROM checkouts WHERE id = $1`, [
    headerId,
  ]);
  return row?.user_id ?? null;
}
