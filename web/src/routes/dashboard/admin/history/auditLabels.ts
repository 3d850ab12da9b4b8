import type { AuditAction, AuditEntityType } from "@/gql/graphql";
import { formatDateTime } from "@/ui/formatFigures";

/** What an admin did, as the history page says it. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  PART_CREATED: "Added part",
  PART_UPDATED: "Edited part",
  PART_RESTOCKED: "Restocked part",
  PART_RETIRED: "Retired part",
  PART_RESTORED: "Put part back on sale",
  PARTS_IMPORTED: "Imported parts",
  PRODUCT_CREATED: "Added product",
  PRODUCT_DELETED: "Deleted product",
  USER_PROMOTED: "Made admin",
  USER_DEMOTED: "Removed admin",
  ORDER_CANCELLED: "Deleted order",
  ORDER_REFUNDED: "Refunded order",
  PAYMENT_REFUNDED: "Refunded a payment the shop could not keep",
  ORDER_DISPUTED: "Payment disputed",
};

export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  PART: "Parts",
  PRODUCT: "Products",
  USER: "Users",
  ORDER: "Orders",
  IMPORT: "Imports",
};

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  shortDesc: "Description",
  description: "Description",
  img: "Image",
  price: "Price",
  available: "Stock",
  availableQuantity: "Available quantity",
  minOrderQuantity: "Minimum order",
  minQuantity: "Minimum quantity",
  lowStockThreshold: "Low-stock threshold",
  retired: "Retired",
  restocked: "Units added",
  email: "Email",
  role: "Role",
  status: "Status",
  partId: "Part id",
  partName: "Part",
  quantity: "Quantity",
  userEmail: "Customer",
  cancelledAt: "Cancelled at",
  refundedAt: "Refunded at",
  payment: "Payment",
  refunded: "Amount refunded",
  refund: "Refund",
  why: "Why",
  dispute: "Dispute",
  reason: "Reason",
  amount: "Amount",
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A recorded value as people read it: moments in their time zone, the rest as recorded. */
export const shownValue = (value: string) => (ISO_MOMENT.test(value) ? formatDateTime(value) : value);

/** "Stock: 1200 → 1450", or "Units added: 250" when there was no value before. */
export const describeChange = (change: { field: string; before?: string | null; after?: string | null }) =>
  `${fieldLabel(change.field)}: ${change.before == null ? "" : `${shownValue(change.before)} → `}${change.after == null ? "(removed)" : shownValue(change.after)}`;
