import { Column, Entity } from "typeorm";
import { NodeEntity } from "../node-entity";
import { type Carrier, carrierOf, trackingUrlOf } from "./carriers";

/** A line of a shipment: which order line, how many of its units, and the part's name as ordered. */
export interface ShipmentLine {
  orderId: string;
  partName: string;
  quantity: number;
}

/** A parcel sent: some or all of an order's lines, with its carrier and tracking number. */
@Entity({ name: "shipments" })
export class Shipment extends NodeEntity {
  /** The order (header) it is a parcel of. */
  @Column({ type: "uuid", name: "checkout_id" })
  checkoutId: string;

  @Column({ type: "varchar", length: 32, name: "carrier" })
  carrierCode: string;

  /** Upper-cased, without spaces (see carriers.ts). */
  @Column({ type: "varchar", length: 40, name: "tracking_number" })
  trackingNumber: string;

  @Column({ type: "timestamptz", name: "shipped_at" })
  shippedAt: Date;

  @Column({ type: "timestamptz", name: "delivered_at", nullable: true })
  deliveredAt: Date | null;

  /** The admin who recorded it. */
  @Column({ type: "uuid", name: "created_by" })
  createdBy: string;

  /** Its lines, oldest order line first: set by the service that reads it. */
  lines: ShipmentLine[] = [];

  get carrier(): Carrier {
    // A code the registry no longer knows still shows, with no link to follow.
    return carrierOf(this.carrierCode) ?? { code: this.carrierCode, name: this.carrierCode, trackingUrlTemplate: "" };
  }

  get trackingUrl(): string {
    return trackingUrlOf(this.carrier, this.trackingNumber);
  }
}
