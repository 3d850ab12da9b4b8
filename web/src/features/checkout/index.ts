// Checkout's face to other features: what they may import (from "@/features/checkout", never a file inside).
export { DeliveryFields, type DeliveryValues } from "./DeliveryFields";
