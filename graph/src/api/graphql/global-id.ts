import { isUuid } from "../../domain/ids";

/** Relay global ids: base64url("Type:databaseId"), opaque to clients. */
/** PartImport names a bulk import of parts in the history (no node of its own: its lines are its history entries). */
export type NodeTypeName =
  | "Part"
  | "Product"
  | "Order"
  | "Checkout"
  | "Review"
  | "User"
  | "LaptopModel"
  | "PartImport"
  | "ShippingZone"
  | "ShippingMethod"
  | "TaxZone"
  | "Address"
  | "Shipment"
  | "Invoice"
  | "CreditNote";
const NODE_TYPES = new Set<NodeTypeName>([
  "Part",
  "Product",
  "Order",
  "Checkout",
  "Review",
  "User",
  "LaptopModel",
  "PartImport",
  "ShippingZone",
  "ShippingMethod",
  "TaxZone",
  "Address",
  "Shipment",
  "Invoice",
  "CreditNote",
]);

export function toGlobalId(type: NodeTypeName, databaseId: string): string {
  return Buffer.from(`${type}:${databaseId}`, "utf8").toString("base64url");
}

export function fromGlobalId(globalId: string): { type: NodeTypeName; databaseId: string } | null {
  if (typeof globalId !== "string" || globalId.length > 200 || !/^[A-Za-z0-9_-]+$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, "base64url").toString("utf8");
  const separator = decoded.indexOf(":");
  if (separator < 0) return null;
  const type = decoded.slice(0, separator) as NodeTypeName;
  if (!NODE_TYPES.has(type)) return null;
  return { type, databaseId: decoded.slice(separator + 1) };
}

/**
 * Accepts either a global id of the expected type or a bare database id (what REST and the web
 * routes use) and returns the database id, or null when it cannot name a record of that type.
 * Services take database ids only: this mapping is the API's.
 */
export function toDatabaseId(type: NodeTypeName, id: string): string | null {
  if (isUuid(id)) return id.toLowerCase();
  const decoded = fromGlobalId(id);
  if (!decoded || decoded.type !== type || !isUuid(decoded.databaseId)) return null;
  return decoded.databaseId.toLowerCase();
}

/** toDatabaseId for a service call: "" (which names no record, so "not found") when `id` cannot be one. */
export const databaseIdFor = (type: NodeTypeName, id: string): string => toDatabaseId(type, id) ?? "";
