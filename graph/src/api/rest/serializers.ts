import { Order, Part, Product, Review, User } from "../../domain/entities";
import type { PartCard } from "../../domain/catalogue/part.entity";

/** The REST shapes of the spec: `_id` is the record's id string, field names as the spec writes them. */
export const restPart = (part: PartCard) => ({
  _id: part.databaseId,
  name: part.name,
  img: part.img,
  price: part.price,
  available: part.available,
  min_order_quantity: part.minOrderQuantity,
  short_desc: part.shortDesc,
});

/** A part as admins see it: the public shape, its number, its low-stock threshold, whether it is retired, and what shipping and tax know of it. */
export const restAdminPart = (part: Part) => ({
  ...restPart(part),
  part_number: part.partNumber,
  low_stock_threshold: part.lowStockThreshold,
  retired: part.retired,
  retired_at: part.retiredAt,
  weight_grams: part.weightGrams,
  length_mm: part.lengthMm,
  width_mm: part.widthMm,
  height_mm: part.heightMm,
  dangerous_goods: part.dangerousGoods,
  battery_wh: part.batteryWh,
  tax_category: part.taxCategory,
});

/** The public shape; a retired part (still reachable from the orders that name it) says so. */
export const restPublicPart = (part: Part) => (part.retired ? { ...restPart(part), retired: true } : restPart(part));

export const restProduct = (product: Product) => ({
  _id: product.databaseId,
  name: product.name,
  available_quantity: product.availableQuantity,
  price: product.price,
  img: product.img,
  min_quantity: product.minQuantity,
  description: product.description,
});

export const restOrder = (order: Order) => ({
  _id: order.databaseId,
  orderId: order.partId,
  order: order.partName,
  quantity: order.quantity,
  price: order.price,
  user: order.userEmail,
  userName: order.userName,
  address: order.address,
  phone: order.phone,
  paid: order.paid,
  status: order.status,
  transactionId: order.transactionId,
  createdAt: order.createdAt,
});

export const restReview = (review: Review) => ({
  _id: review.databaseId,
  name: review.name,
  ratings: review.ratings,
  description: review.description,
  img: review.img,
});

export const restUser = (user: User) => ({ _id: user.databaseId, email: user.email, role: user.role });
