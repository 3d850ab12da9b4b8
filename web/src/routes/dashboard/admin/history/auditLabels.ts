import type { AuditAction, AuditEntityType, AuditValueKind } from "@/lib/gql/graphql";
import { formatDateTime } from "@/ui/formatFigures";
import { formatPrice } from "@/ui/format";

/** What an admin did, as the history page says it. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  PART_CREATED: "Added part",
  PART_UPDATED: "Edited part",
  PART_RESTOCKED: "Restocked part",
  PART_RETIRED: "Retired part",
  PART_RESTORED: "Put part back on sale",
  PARTS_IMPORTED: "Imported parts",
  PRODUCT_CREATED: "Added product",
  PRODUCT_UPDATED: "Edited product",
  PRODUCT_DELETED: "Deleted product",
  USER_PROMOTED: "Made admin",
  USER_DEMOTED: "Removed admin",
  ORDER_CANCELLED: "Deleted order",
  ORDER_REFUNDED: "Refunded order",
  ORDER_SHIPPED: "Shipped order",
  SHIPMENT_DELIVERED: "Marked parcel delivered",
  PAYMENT_REFUNDED: "Refunded a payment the shop could not keep",
  ORDER_DISPUTED: "Payment disputed",
  SHIPPING_ZONE_CREATED: "Added shipping zone",
  SHIPPING_ZONE_UPDATED: "Edited shipping zone",
  SHIPPING_ZONE_DELETED: "Deleted shipping zone",
  SHIPPING_METHOD_ADDED: "Added shipping method",
  SHIPPING_METHOD_UPDATED: "Edited shipping method",
  SHIPPING_METHOD_REMOVED: "Removed shipping method",
  TAX_ZONE_CREATED: "Added tax zone",
  TAX_ZONE_UPDATED: "Edited tax zone",
  TAX_ZONE_DELETED: "Deleted tax zone",
};

export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  PART: "Parts",
  PRODUCT: "Products",
  USER: "Users",
  ORDER: "Orders",
  IMPORT: "Imports",
  SHIPPING_ZONE: "Shipping zones",
  TAX_ZONE: "Tax zones",
};

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  shortDesc: "Description",
  description: "Description",
  img: "Image",
  images: "Images",
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
  partNumber: "Part number",
  alternativeNumbers: "Alternative numbers",
  compatibleModels: "Fits",
  fileName: "File",
  lines: "Lines",
  created: "Created",
  changed: "Changed",
  unchanged: "Unchanged",
  refused: "Refused",
  places: "Places",
  methods: "Methods",
  method: "Method",
  kind: "Kind",
  bands: "Weight bands",
  freeOver: "Free over",
  minDays: "Soonest (days)",
  maxDays: "Latest (days)",
  carriesDangerousGoods: "Carries dangerous goods",
  pricesIncludeTax: "Prices include tax",
  taxesShipping: "Taxes shipping",
  standardRate: "Standard rate (%)",
  reducedRate: "Reduced rate (%)",
  zeroRate: "Zero rate (%)",
  weightGrams: "Weight",
  lengthMm: "Length (mm)",
  widthMm: "Width (mm)",
  heightMm: "Height (mm)",
  dangerousGoods: "Dangerous goods",
  batteryWh: "Battery (Wh)",
  taxCategory: "Tax category",
  shipped: "Units shipped",
  shipment: "Shipment",
  carrier: "Carrier",
  trackingNumber: "Tracking number",
  deliveredAt: "Delivered at",
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** "800 g", or "1.25 kg" from a kilogram up. */
export const formatWeight = (grams: number) =>
  grams < 1000 ? `${grams} g` : `${(grams / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;

/**
 * A recorded value as people read it, by its kind: money in dollars, weights in grams or kilograms, moments in their time zone,
 * yes or no; the rest as recorded. (A list is shown item by item: see AuditEntryRow.)
 */
export function shownValue(value: string, kind: AuditValueKind = "TEXT"): string {
  if (kind === "MONEY" && /^-?\d+(\.\d+)?$/.test(value)) return formatPrice(Number(value));
  if (kind === "WEIGHT" && /^\d+$/.test(value)) return formatWeight(Number(value));
  if (kind === "BOOLEAN") return value === "true" ? "Yes" : value === "false" ? "No" : value;
  if (kind === "DATE" || ISO_MOMENT.test(value)) return ISO_MOMENT.test(value) ? formatDateTime(value) : value;
  return value;
}

/** "Stock: 1200 → 1450", or "Units added: 250" when there was no value before. */
export function describeChange(change: {
  field: string;
  kind?: AuditValueKind;
  before?: string | null;
  after?: string | null;
  beforeItems?: readonly string[] | null;
  afterItems?: readonly string[] | null;
}): string {
  const side = (value: string | null | undefined, items: readonly string[] | null | undefined) =>
    items ? (items.length ? items.join(", ") : "none") : value == null ? null : shownValue(value, change.kind);
  const before = side(change.before, change.beforeItems);
  const after = side(change.after, change.afterItems);
  return `${fieldLabel(change.field)}: ${before === null ? "" : `${before} → `}${after ?? "(removed)"}`;
}

/** Where an entry's record is: a part's edit page, an order in the admins' list, a customer, an import's lines, a zone. */
export function recordPath(type: AuditEntityType, id: string): string {
  switch (type) {
    case "PART":
      return `/dashboard/manage_parts/${id}`;
    case "PRODUCT":
      return `/products/${id}`;
    case "USER":
      return `/dashboard/all_users/${id}`;
    case "ORDER":
      return `/dashboard/manage_all_orders?search=${id}`;
    case "IMPORT":
      return `/dashboard/history?import=${id}`;
    // The zone's card on the Shipping page, or its row on the Tax page.
    case "SHIPPING_ZONE":
      return `/dashboard/shipping#shipping-zone-${id}`;
    case "TAX_ZONE":
      return `/dashboard/tax#tax-zone-${id}`;
  }
}
