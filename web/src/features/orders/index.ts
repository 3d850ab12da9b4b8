// Orders' face to other features: what they may import (from "@/features/orders", never a file inside).
export { OrderDates } from "./OrderDates";
export { OrderNumberLink } from "./OrderNumberLink";
export { OrderStatusBadge } from "./OrderStatusBadge";
export { MyOrderRow } from "./MyOrderRow";
export { AdminOrderRow } from "./AdminOrderRow";
